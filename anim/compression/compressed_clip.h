// CompressedClip: a clip in its compact run-time form, made offline by
// BuildCompressedClip (clip_builder.h) from any imported Clip. Every channel
// is one of:
//   omitted   it equals the rest pose: nothing is stored or written (callers
//             start their pose from the rest pose, as for Clip);
//   constant  one value, stored as floats;
//   animated  its own LINEAR keys (STEP became pairs of keys at one time,
//             CUBICSPLINE was sampled and reduced), each key a fixed-width
//             bit record: where its time is in the clip's table of key times
//             (key k's index less k and less the track's smallest such
//             difference, so a track that keeps most keys needs few bits),
//             then the value quantised at the track's bit rate inside the track's
//             range (translation and scale: x, y, z; rotation: the three
//             components other than the largest, "smallest three", whose
//             sign is made positive, so the fourth is sqrt(1 - a^2 - b^2 - c^2)).
// Fixed-width records let a seek find a key by binary search without
// decoding the keys before it. Sampling is in compressed_clip_sampler.h.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

enum class CompressedChannel : std::uint8_t { kTranslation, kRotation, kScale };

// The largest component's index when every key of a rotation track drops
// the same one (0..3 = x, y, z, w); kPerKeyLargest when each key stores its
// own in two bits.
inline constexpr std::uint8_t kPerKeyLargest = 4;

// One animated track. Its keys are `key_count` records of RecordBits() bits
// from bit `first_bit` of the clip's key stream.
struct CompressedTrack {
  float range_min[3];     // per stored component
  float range_extent[3];  // value = min + q / (2^bits - 1) * extent
  std::uint32_t first_bit;
  std::uint32_t key_count;  // at least 2
  std::int32_t time_base;   // key k's time is KeyTimes()[time_base + k + its stored offset]
  std::uint16_t joint;
  CompressedChannel channel;
  std::uint8_t bits[3];    // per stored component, 0 to 24 (0: the range is one value)
  std::uint8_t largest;    // rotations only, see kPerKeyLargest
  std::uint8_t time_bits;  // of the stored time offset, 0 to 24
};

// One channel held at one value.
struct ConstantChannel {
  float value[4];  // x, y, z (and w for rotations)
  std::uint16_t joint;
  CompressedChannel channel;
};

class CompressedClip {
 public:
  CompressedClip() = default;
  // Made by the builder. Rotation tracks come first in `tracks` (the
  // sampler interpolates each kind as one run of lanes); `times` is sorted.
  CompressedClip(std::string name, float start, float end, int joint_count,
                 std::vector<float> times, std::vector<CompressedTrack> tracks,
                 std::vector<ConstantChannel> constants, std::vector<std::uint8_t> stream);

  const std::string& Name() const { return name_; }
  float StartTime() const { return start_; }
  float EndTime() const { return end_; }
  float Duration() const { return end_ - start_; }
  // Joints of the skeleton it was built for (a pose to sample into has as many).
  int JointCount() const { return joint_count_; }

  std::span<const CompressedTrack> Tracks() const { return tracks_; }
  int RotationTrackCount() const { return rotation_tracks_; }
  std::span<const ConstantChannel> Constants() const { return constants_; }
  std::span<const float> KeyTimes() const { return times_; }

  // Memory the clip holds at run time: the object, its key times, track
  // headers, constants and key stream (its name included).
  std::size_t ByteSize() const;

  static int RecordBits(const CompressedTrack& track);
  float KeyTime(const CompressedTrack& track, int key) const;
  // Key `key` of a track: x, y, z for translation and scale; x, y, z, w
  // (unit length) for rotations.
  void DecodeKey(const CompressedTrack& track, int key, float out[4]) const;

 private:
  std::uint32_t ReadBits(std::uint64_t bit, int count) const;

  std::string name_;
  float start_ = 0.0f;
  float end_ = 0.0f;
  int joint_count_ = 0;
  std::vector<float> times_;
  std::vector<CompressedTrack> tracks_;
  int rotation_tracks_ = 0;
  std::vector<ConstantChannel> constants_;
  std::vector<std::uint8_t> stream_;  // padded by 8 bytes so reads may load 64 bits
};

// Bits of one component or time index: 2^bits - 1 as a float.
inline float QuantizationScale(int bits) { return static_cast<float>((1u << bits) - 1u); }

// 1 / (2^bits - 1) for bits 1 to 24 (0 for 0 bits): a table, since the
// sampler dequantises with a different rate per component.
inline constexpr auto kInverseQuantizationScale = [] {
  std::array<float, 25> inverse{};
  for (int bits = 1; bits <= 24; ++bits) {
    inverse[bits] = static_cast<float>(1.0 / static_cast<double>((1u << bits) - 1u));
  }
  return inverse;
}();

// A stored component back to its value (the builder quantises through it too).
inline float Dequantize(std::uint32_t q, int bits, float min, float extent) {
  return min + (static_cast<float>(q) * kInverseQuantizationScale[bits]) * extent;
}

// Smallest three: the three stored components and the index of the dropped
// one (0..3 = x, y, z, w, stored positive) into a unit quaternion x, y, z, w.
void DecodeSmallestThree(const float stored[3], int largest, float out[4]);

}  // namespace anim
