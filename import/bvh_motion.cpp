#include "import/bvh_motion.h"

#include <limits>
#include <string>

#include "import/bvh_limits.h"
#include "import/gltf_budget.h"  // MebibyteText

namespace anim::bvh {
namespace {

// Refuses a frame count whose values could not be in a file this size
// (each number takes at least one character and a separator, so a header
// claiming a billion frames fails here, before any allocation) or whose
// import would pass the load memory limit.
void CheckClaim(const Word& at, std::size_t frames, std::size_t channels, std::size_t file_bytes,
                std::size_t max_bytes) {
  const std::string claim =
      "Frames: " + std::to_string(frames) + " with " + std::to_string(channels) + " channels";
  if (frames > (file_bytes / 2 + 1) / channels) {
    throw BvhError(at.line, claim + " claims more numbers than the file's " +
                                std::to_string(file_bytes) + " bytes can hold");
  }
  // frames x channels <= file_bytes here, so the product cannot overflow.
  const std::size_t bytes = frames * channels * kBytesPerValue;
  if (bytes > max_bytes) {
    throw BvhError(at.line, claim + " needs about " + gltf::MebibyteText(bytes) +
                                ", over the memory limit for one load (" +
                                gltf::MebibyteText(max_bytes) + ")");
  }
}

float ReadFrameTime(Scanner& scanner) {
  scanner.ExpectKeyword("Frame");
  scanner.ExpectKeyword("Time:");
  const Word word = scanner.Expect("the Frame Time");
  const float frame_time = ParseFloat(word, "Frame Time");
  if (!(frame_time > 0.0f) || frame_time > kMaxFrameTime) {
    throw BvhError(word.line, "Frame Time " + std::string(word.text) +
                                  " is not above 0 and at most " +
                                  std::to_string(static_cast<int>(kMaxFrameTime)) + " seconds");
  }
  return frame_time;
}

// One row: exactly `channels` numbers on one line.
void ReadRow(Scanner& scanner, std::size_t frame, std::size_t frames, std::size_t channels,
             std::vector<float>& values) {
  const Word line = scanner.NextLine();
  if (line.text.empty()) {
    throw BvhError(line.line, "the file ends after " + std::to_string(frame) + " of " +
                                  std::to_string(frames) + " frames");
  }
  const std::string what = "frame " + std::to_string(frame + 1);
  Scanner row(line.text);
  std::size_t count = 0;
  for (Word word = row.Next(); !word.text.empty(); word = row.Next()) {
    if (++count > channels) break;
    values.push_back(ParseFloat({word.text, line.line}, what));
  }
  if (count != channels) {
    throw BvhError(line.line, what + " has " + (count > channels ? "more than " : "only ") +
                                  std::to_string(count > channels ? channels : count) +
                                  " numbers; the CHANNELS declare " + std::to_string(channels));
  }
}

}  // namespace

Motion ReadMotion(Scanner& scanner, std::size_t channels, std::size_t file_bytes,
                  std::size_t max_bytes) {
  Motion motion;
  scanner.ExpectKeyword("Frames:");
  const Word count = scanner.Expect("the frame count");
  motion.frames = ParseCount(count, "Frames", std::numeric_limits<std::size_t>::max() / 2);
  if (motion.frames == 0) throw BvhError(count.line, "Frames: 0, a take without frames");
  CheckClaim(count, motion.frames, channels, file_bytes, max_bytes);
  motion.frame_time = ReadFrameTime(scanner);
  motion.values.reserve(motion.frames * channels);
  for (std::size_t frame = 0; frame < motion.frames; ++frame) {
    ReadRow(scanner, frame, motion.frames, channels, motion.values);
  }
  if (const Word extra = scanner.NextLine(); !extra.text.empty()) {
    throw BvhError(extra.line, "text after the last of the " + std::to_string(motion.frames) +
                                   " frames Frames: declares");
  }
  return motion;
}

}  // namespace anim::bvh
