// CompressedClip: a clip in its compact run-time form, made offline by
// BuildCompressedClip (clip_builder.h) from any imported Clip. The design is
// that of N. Frechette's Animation Compression Library (uniform samples,
// segments, range reduction per clip and per segment, a bit rate per track
// per segment). Every channel is one of:
//   omitted   it equals the rest pose: nothing is stored or written (callers
//             start their pose from the rest pose, as for Clip);
//   constant  one value, stored as floats;
//   animated  a value at every one of the clip's sample times (the clip's
//             key times: uniform for sampled motion; STEP jumps are two
//             samples at one time, so they stay exact).
// The samples are cut into segments of `segment_length` consecutive ones.
// A segment holds, per animated track, a header of 8 bytes: per stored
// component its bit rate as a 4-bit index into kRateBits (as ACL does: 0,
// then 3 to 16 bits, and 20), the key stride's code in 3 bits (1 << it
// samples between keys), one spare bit, and per component either its range
// inside the track's clip range (8-bit min and extent, in 1/255ths of the
// clip range) or, at 0 bits, its one value (16 bits of the clip range).
// Then each track's keys, track after track: the segment's samples 0,
// stride, 2 * stride... (and the clip's last sample in the last segment);
// between them the track interpolates, up to the next segment's sample 0.
// That is key reduction whose key times need no bits. A key is (rotations
// with a per-key largest component: 2 bits) the three components at their
// bits. Rotations
// are stored as "smallest three": the components other than the largest,
// whose sign is made positive, so the fourth is sqrt(1 - a^2 - b^2 - c^2).
// Sampling is in compressed_clip_sampler.h.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

enum class CompressedChannel : std::uint8_t { kTranslation, kRotation, kScale };

// The largest component's index when every sample of a rotation track drops
// the same one (0..3 = x, y, z, w); kPerKeyLargest when each sample stores its
// own in two bits.
inline constexpr std::uint8_t kPerKeyLargest = 4;
// The bit rates a component may take in a segment, by their 4-bit index in
// the segment headers: 1 and 2 bits (two and four levels over a segment's
// range) and 17 to 19 are left out to fit in 16 entries.
inline constexpr std::array<std::uint8_t, 16> kRateBits = {0,  3,  4,  5,  6,  7,  8,  9,
                                                           10, 11, 12, 13, 14, 15, 16, 20};
// The most bits a component takes in a segment.
inline constexpr int kMaxComponentBits = 20;
// The index in kRateBits of the fewest bits at least `bits` (0..20).
inline constexpr int RateIndexAtLeast(int bits) {
  int i = 0;
  while (i + 1 < static_cast<int>(kRateBits.size()) &&
         kRateBits[static_cast<std::size_t>(i)] < bits) {
    ++i;
  }
  return i;
}
// The rate below `bits` (one of kRateBits, above 0) in kRateBits.
inline constexpr int LowerRate(int bits) {
  return kRateBits[static_cast<std::size_t>(RateIndexAtLeast(bits) - 1)];
}
// The largest stride code: strides 1 to 64 samples.
inline constexpr int kMaxStrideCode = 6;
// The most samples a clip may have: the sampler keeps a track's two key
// samples in one 32-bit word (compressed_clip_sampler.h), 2^24 samples
// (over 77 hours at 60 a second).
inline constexpr int kMaxSampleCount = 1 << 24;
// Bytes of one track's header in a segment.
inline constexpr int kSegmentTrackHeaderBytes = 8;

// One animated track: its clip range, joint and channel.
struct CompressedTrack {
  float range_min[3];     // per stored component, over the whole clip
  float range_extent[3];  // segment ranges and 0-bit values are inside it
  std::uint16_t joint;
  CompressedChannel channel;
  std::uint8_t largest;  // rotations only, see kPerKeyLargest
};

// One channel held at one value.
struct ConstantChannel {
  float value[4];  // x, y, z (and w for rotations)
  std::uint16_t joint;
  CompressedChannel channel;
};

// How one component of one track is decoded inside one segment:
// value = offset + q * scale, q being its `bits`-bit code (0 bits: offset).
struct ComponentDecoding {
  float offset;
  float scale;
  int bits;
};

// A segment's header entry for one component, as the builder chose it.
struct SegmentComponent {
  std::uint8_t bits = 0;    // one of kRateBits
  std::uint16_t range = 0;  // bits > 0: min (low byte) and extent (high byte)
                            // in 1/255ths of the clip range; 0 bits: the value
                            // in 1/65535ths of it
};

// One track's header in one segment, unpacked.
struct SegmentTrackHeader {
  std::uint8_t bits[3];       // per component, 0..kMaxComponentBits
  std::uint8_t stride_shift;  // a key every 1 << stride_shift samples
  std::uint16_t range[3];     // as SegmentComponent::range
};

// Bits of one key of a track with header `h` (a per-key largest index: 2).
inline int KeyBitsOf(const SegmentTrackHeader& h, std::uint8_t largest) {
  return (largest == kPerKeyLargest ? 2 : 0) + h.bits[0] + h.bits[1] + h.bits[2];
}

// 1 / (2^bits - 1) for every bit rate (0 for 0 bits): a multiplication
// instead of a division for each component of each key the sampler decodes.
inline constexpr auto kInverseLevels = [] {
  std::array<float, kMaxComponentBits + 1> inverse{};
  for (int b = 1; b <= kMaxComponentBits; ++b) {
    inverse[static_cast<std::size_t>(b)] = 1.0f / static_cast<float>((1u << b) - 1u);
  }
  return inverse;
}();

// The decoding the sampler and the builder share (so they agree to the bit);
// inline and without branches, as the sampler works it out for every
// component of every key it decodes.
inline ComponentDecoding DecodingOf(const SegmentComponent& c, float clip_min, float clip_extent) {
  const bool value = c.bits == 0;  // the range is the one value, in 16 bits
  const float lo = static_cast<float>(c.range & (value ? 0xffffu : 0xffu)) *
                   (value ? 1.0f / 65535.0f : 1.0f / 255.0f);
  const float extent = static_cast<float>(c.range >> 8) * (1.0f / 255.0f);
  return {clip_min + clip_extent * lo, clip_extent * extent * kInverseLevels[c.bits], c.bits};
}

// A track's keys in a segment of `length` samples at `stride`: samples 0,
// stride, 2 * stride... below length, and length - 1 in the clip's last
// segment.
inline int SegmentKeyCount(int length, bool last, int stride) {
  return (length + stride - 1) / stride + (last && (length - 1) % stride != 0 ? 1 : 0);
}
// The keys around segment sample `local` (at most length - 2 in the last
// segment): *a at or before it, *b after it (length: the next segment's 0).
inline void SegmentKeyInterval(int local, int length, bool last, int stride, int* a, int* b) {
  *a = local / stride * stride;
  *b = *a + stride < length ? *a + stride : (last ? length - 1 : length);
}
// Where the key at segment sample `position` is among the track's keys.
inline int SegmentKeyIndex(int position, int length, bool last, int stride) {
  return position % stride == 0 ? position / stride : SegmentKeyCount(length, last, stride) - 1;
}

class CompressedClip {
 public:
  CompressedClip() = default;
  // Made by the builder. Rotation tracks come first in `tracks` (the
  // sampler interpolates each kind as one run of lanes). `times` is sorted
  // (stored as its first value and step when it is uniform); `stream` holds
  // the segments, each starting at a byte of `segment_offsets`.
  CompressedClip(std::string name, float start, float end, int joint_count,
                 std::vector<float> times, int segment_length, std::vector<CompressedTrack> tracks,
                 std::vector<ConstantChannel> constants, std::vector<std::uint32_t> segment_offsets,
                 std::vector<std::uint8_t> stream);

  const std::string& Name() const { return name_; }
  float StartTime() const { return start_; }
  float EndTime() const { return end_; }
  float Duration() const { return end_ - start_; }
  // Joints of the skeleton it was built for (a pose to sample into has as many).
  int JointCount() const { return joint_count_; }

  std::span<const CompressedTrack> Tracks() const { return tracks_; }
  int RotationTrackCount() const { return rotation_tracks_; }
  std::span<const ConstantChannel> Constants() const { return constants_; }

  // The sample times: every animated track has a value at each.
  int SampleCount() const { return sample_count_; }
  float SampleTime(int sample) const {
    return uniform_ ? first_time_ + static_cast<float>(sample) * time_step_
                    : times_[static_cast<std::size_t>(sample)];
  }
  bool UniformTimes() const { return uniform_; }
  // The last sample at or before `time` (0 when none is), found by a guess
  // from the step for uniform times, else by binary search.
  int SampleAtOrBefore(float time) const;

  int SegmentLength() const { return segment_length_; }
  int SegmentCount() const { return static_cast<int>(segment_offsets_.size()); }
  // Samples in segment `segment` (the last may be shorter).
  int SegmentSamples(int segment) const {
    return std::min(segment_length_, sample_count_ - segment * segment_length_);
  }
  // Track `track`'s header in segment `segment` (the one place that reads
  // the packed headers; inline, the sampler reads one per track it moves).
  SegmentTrackHeader TrackHeader(int segment, int track) const {
    // One 8-byte load, read little-endian as ReadBits reads the keys.
    std::uint64_t h;
    std::memcpy(&h, SegmentData(segment) + track * kSegmentTrackHeaderBytes, sizeof(h));
    const auto packed = static_cast<std::uint32_t>(h & 0xffffu);
    SegmentTrackHeader out;
    out.bits[0] = kRateBits[packed & 15u];
    out.bits[1] = kRateBits[(packed >> 4) & 15u];
    out.bits[2] = kRateBits[(packed >> 8) & 15u];
    out.range[0] = static_cast<std::uint16_t>(h >> 16);
    out.range[1] = static_cast<std::uint16_t>(h >> 32);
    out.range[2] = static_cast<std::uint16_t>(h >> 48);
    out.stride_shift = static_cast<std::uint8_t>((packed >> 12) & 7u);
    return out;
  }
  // Component `c` of track `track`'s header in segment `segment`.
  SegmentComponent SegmentHeader(int segment, int track, int c) const;
  // Samples between track `track`'s keys in segment `segment`.
  int SegmentStride(int segment, int track) const;
  // Bits of one key of `track` in `segment` (its largest index included).
  int KeyBits(int segment, int track) const;

  // Memory the clip holds at run time: the object, its times, track
  // headers, constants, segment offsets and stream (its name included).
  std::size_t ByteSize() const;

  // The key of track `track` at sample `sample` (which must be one of its
  // keys): x, y, z for translation and scale; x, y, z, w (unit length) for
  // rotations. For tests and tools: the sampler caches what this works out.
  void DecodeKey(int track, int sample, float out[4]) const;

  const std::uint8_t* SegmentData(int segment) const {
    return stream_.data() + segment_offsets_[static_cast<std::size_t>(segment)];
  }
  // Segment `segment`'s keys, past its headers: track after track, each
  // track's keys KeyBits * SegmentKeyCount bits long.
  const std::uint8_t* SegmentKeys(int segment) const {
    return SegmentData(segment) + tracks_.size() * kSegmentTrackHeaderBytes;
  }
  // `count` bits (0..24) at bit `bit` from `data` (8 bytes of padding follow
  // the stream, so a 64-bit load never reads past it).
  static std::uint32_t ReadBits(const std::uint8_t* data, std::uint64_t bit, int count);

 private:
  std::string name_;
  float start_ = 0.0f;
  float end_ = 0.0f;
  int joint_count_ = 0;
  bool uniform_ = false;
  float first_time_ = 0.0f;
  float time_step_ = 0.0f;
  int sample_count_ = 0;
  std::vector<float> times_;  // empty when uniform_
  int segment_length_ = 1;
  std::vector<CompressedTrack> tracks_;
  int rotation_tracks_ = 0;
  std::vector<ConstantChannel> constants_;
  std::vector<std::uint32_t> segment_offsets_;
  std::vector<std::uint8_t> stream_;  // padded by 8 bytes so reads may load 64 bits
};

// Smallest three: the three stored components and the index of the dropped
// one (0..3 = x, y, z, w, stored positive) into a unit quaternion x, y, z, w.
void DecodeSmallestThree(const float stored[3], int largest, float out[4]);

}  // namespace anim
