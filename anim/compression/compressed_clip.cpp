#include "anim/compression/compressed_clip.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace anim {

CompressedClip::CompressedClip(std::string name, float start, float end, int joint_count,
                               std::vector<float> times, std::vector<CompressedTrack> tracks,
                               std::vector<ConstantChannel> constants,
                               std::vector<std::uint8_t> stream)
    : name_(std::move(name)),
      start_(start),
      end_(end),
      joint_count_(joint_count),
      times_(std::move(times)),
      tracks_(std::move(tracks)),
      constants_(std::move(constants)),
      stream_(std::move(stream)) {
  stream_.resize(stream_.size() + 8, 0);
  rotation_tracks_ =
      static_cast<int>(std::count_if(tracks_.begin(), tracks_.end(), [](const CompressedTrack& t) {
        return t.channel == CompressedChannel::kRotation;
      }));
}

std::size_t CompressedClip::ByteSize() const {
  return sizeof(*this) + name_.size() + times_.size() * sizeof(float) +
         tracks_.size() * sizeof(CompressedTrack) + constants_.size() * sizeof(ConstantChannel) +
         stream_.size();
}

int CompressedClip::RecordBits(const CompressedTrack& track) {
  return track.time_bits + (track.largest == kPerKeyLargest ? 2 : 0) + track.bits[0] +
         track.bits[1] + track.bits[2];
}

std::uint32_t CompressedClip::ReadBits(std::uint64_t bit, int count) const {
  // count <= 24 and the shift < 8, so one unaligned 64-bit load holds the field.
  std::uint64_t word;
  std::memcpy(&word, stream_.data() + (bit >> 3), sizeof(word));
  return static_cast<std::uint32_t>((word >> (bit & 7u)) & ((std::uint64_t{1} << count) - 1u));
}

float CompressedClip::KeyTime(const CompressedTrack& track, int key) const {
  const std::uint64_t bit = track.first_bit + static_cast<std::uint64_t>(key) * RecordBits(track);
  return times_[static_cast<std::size_t>(track.time_base + key) + ReadBits(bit, track.time_bits)];
}

void CompressedClip::DecodeKey(const CompressedTrack& track, int key, float out[4]) const {
  std::uint64_t bit =
      track.first_bit + static_cast<std::uint64_t>(key) * RecordBits(track) + track.time_bits;
  int largest = track.largest;
  if (largest == kPerKeyLargest) {
    largest = static_cast<int>(ReadBits(bit, 2));
    bit += 2;
  }
  float c[3];
  for (int i = 0; i < 3; ++i) {
    c[i] = Dequantize(ReadBits(bit, track.bits[i]), track.bits[i], track.range_min[i],
                      track.range_extent[i]);
    bit += track.bits[i];
  }
  if (track.channel == CompressedChannel::kRotation) {
    DecodeSmallestThree(c, largest, out);
  } else {
    out[0] = c[0], out[1] = c[1], out[2] = c[2], out[3] = 0.0f;
  }
}

void DecodeSmallestThree(const float stored[3], int largest, float out[4]) {
  // The dropped component makes the quaternion unit length. Quantisation
  // can push the sum of squares past 1: then it is 0 and the other three
  // are normalised.
  const float sum = stored[0] * stored[0] + stored[1] * stored[1] + stored[2] * stored[2];
  const float w = sum < 1.0f ? std::sqrt(1.0f - sum) : 0.0f;
  const float scale = sum < 1.0f ? 1.0f : 1.0f / std::sqrt(sum);
  for (int i = 0, s = 0; i < 4; ++i) out[i] = i == largest ? w : stored[s++] * scale;
}

}  // namespace anim
