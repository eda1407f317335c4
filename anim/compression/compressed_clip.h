// CompressedClip: a clip in its compact run-time form, made offline by
// BuildCompressedClip (clip_builder.h) from any imported Clip. The design is
// that of N. Frechette's Animation Compression Library (uniform samples,
// segments, range reduction per clip, a precision per track per segment),
// its keys coded as prediction residuals in Rice codes (key_coding.h).
// Every channel is one of:
//   omitted   it equals the rest pose: nothing is stored or written (callers
//             start their pose from the rest pose, as for Clip);
//   constant  one value, stored as its floats (a rotation's four, so
//             sampling copies it: no square root a frame);
//   animated  a value at every one of the clip's sample times (the clip's
//             key times: uniform for sampled motion; STEP jumps are two
//             samples at one time, so they stay exact).
// The samples are cut into segments of `segment_length` consecutive ones.
// A segment is one bit stream starting on a byte: per animated track a
// header of kTrackHeaderBits (36) bits (its key stride's code in 3 bits,
// 1 << it samples between keys; per stored component its step code in 7
// bits and Rice parameter in 4: key_coding.h); then every track's first
// key, track after track; then every track's later keys, track after
// track, as prediction residuals in Rice codes (key_coding.h). A track's
// keys in a segment are its samples 0, stride, 2 * stride... (and the
// clip's last sample in the last segment); between them the track
// interpolates, up to the next segment's sample 0. That is key reduction
// whose key times need no bits. A key is (rotations with a per-key largest
// component: 2 bits) the three components' codes. Rotations are stored as
// "smallest three": the components other than the largest, whose sign is
// made positive, so the fourth is sqrt(1 - a^2 - b^2 - c^2).
// Sampling is in compressed_clip_sampler.h.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/compression/key_coding.h"

namespace anim {

enum class CompressedChannel : std::uint8_t { kTranslation, kRotation, kScale };

// The largest component's index when every sample of a rotation track drops
// the same one (0..3 = x, y, z, w); kPerKeyLargest when each sample stores its
// own in two bits.
inline constexpr std::uint8_t kPerKeyLargest = 4;
// The most bits a first key's component takes in the fixed-rate mode of
// the builder (CompressionSettings::bits): step code 4 * bits.
inline constexpr int kMaxComponentBits = kMaxStepCode / 4;
// The largest stride code: strides 1 to 64 samples.
inline constexpr int kMaxStrideCode = 6;
// The most samples a clip may have: the sampler keeps a track's two key
// samples in one 32-bit word (compressed_clip_sampler.h), 2^24 samples
// (over 77 hours at 60 a second).
inline constexpr int kMaxSampleCount = 1 << 24;

// A track component's clip extent, 2^(e/4) for its exponent e (kNoExtent:
// 0, a component that never changes over the clip).
inline constexpr std::int8_t kNoExtent = -128;
inline float QuarterPower(int e) {
  constexpr float kQuarterUp[4] = {1.0f, 1.18920712f, 1.41421356f, 1.68179283f};
  return e == kNoExtent ? 0.0f : std::ldexp(kQuarterUp[e & 3], e >> 2);
}
// The exponent of the smallest such extent at least `extent`.
std::int8_t ExtentExponent(float extent);

// One animated track: its clip range, joint and channel, as
// CompressedClip::Track unpacks it (the clip keeps it in fewer bytes).
struct CompressedTrack {
  // Per stored component, over the whole clip. A rotation's is a multiple
  // of kRotationRangeQuantum (RotationRangeMin): the clip keeps it in 16 bits.
  float range_min[3];
  // Per stored component its extent over the clip, rounded up to a power
  // of 2^(1/4) (every segment's codes are steps of a fraction of it).
  std::int8_t range_exponent[3];
  std::uint16_t joint;
  CompressedChannel channel;
  std::uint8_t largest;  // rotations only, see kPerKeyLargest
  float RangeExtent(int c) const { return QuarterPower(range_exponent[c]); }
};

// A rotation track's stored components lie in [-1, 1]: the minimum of each
// one's clip range is kept as a 16-bit multiple of 2^-15.
inline constexpr float kRotationRangeQuantum = 1.0f / 32768.0f;
// The largest such multiple at or below `min` (within [-1, 1 - 2^-15]).
inline float RotationRangeMin(float min) {
  const float steps = std::clamp(std::floor(min * 32768.0f), -32768.0f, 32767.0f);
  return steps * kRotationRangeQuantum;
}

// One channel held at one value, as CompressedClip::Constant unpacks it.
struct ConstantChannel {
  float value[4];  // x, y, z (and w for rotations)
  std::uint16_t joint;
  CompressedChannel channel;
};

// How one component of one track is decoded inside one segment:
// value = offset + q * scale, q being its code in [0, levels].
struct ComponentDecoding {
  float offset;
  float scale;
  std::uint32_t levels;
};

// A segment's choice for one component, as the builder makes it.
struct SegmentComponent {
  std::uint8_t step = 0;    // step code (key_coding.h)
  std::uint16_t value = 0;  // step 0: the segment's one value, in 1/65535ths of the clip range
};

// One track's header in one segment, unpacked.
struct SegmentTrackHeader {
  std::uint8_t step[3];       // per component, step code
  std::uint8_t rice[3];       // per component, Rice parameter (kNoResiduals: none)
  std::uint8_t stride_shift;  // a key every 1 << stride_shift samples
};

// The decoding the sampler and the builder share (so they agree to the bit).
inline ComponentDecoding DecodingOf(int step, float clip_min, float clip_extent) {
  const StepCoding& s = kStepCodings[static_cast<std::size_t>(step)];
  return {clip_min, clip_extent * s.fraction, s.levels};
}

// Where a track's keys lie in a segment, bits from the segment's start:
// its first key and its residuals, and their layout (KeyLayout).
struct TrackCoding {
  std::uint32_t first_bit;
  std::uint32_t residual_bit;
  std::uint32_t layout;
};

// The layout of a track with header `h` (largest: CompressedTrack::largest).
// Step code 0 has no residuals; its Rice field says whether its value is
// stored (kNoResiduals) or is the clip range's minimum (0: a component
// that never changes over the clip, no bits).
inline std::uint32_t KeyLayoutOf(const SegmentTrackHeader& h, std::uint8_t largest) {
  int first_bits[3], rice[3];
  for (int c = 0; c < 3; ++c) {
    const bool one_value = h.step[c] == 0;
    first_bits[c] = one_value && h.rice[c] != kNoResiduals ? 0 : kStepCodings[h.step[c]].bits;
    rice[c] = one_value ? kNoResiduals : h.rice[c];
  }
  return KeyLayout::Pack(first_bits, rice, h.stride_shift, largest == kPerKeyLargest);
}

// A track's keys in a segment of `length` samples at `stride`: samples 0,
// stride, 2 * stride... below length, and length - 1 in the clip's last
// segment.
inline int SegmentKeyCount(int length, bool last, int stride) {
  return (length + stride - 1) / stride + (last && (length - 1) % stride != 0 ? 1 : 0);
}
// The keys around segment sample `local` (at most length - 2 in the last
// segment): *a at or before it, *b after it (length: the next segment's 0).
// Strides are powers of two: shifts and masks, not divisions, since the
// sampler calls these per moved track per frame.
inline void SegmentKeyInterval(int local, int length, bool last, int stride, int* a, int* b) {
  *a = local & ~(stride - 1);
  *b = *a + stride < length ? *a + stride : (last ? length - 1 : length);
}
// Where the key at segment sample `position` is among the track's keys.
inline int SegmentKeyIndex(int position, int length, bool last, int stride) {
  return (position & (stride - 1)) == 0
             ? position >> std::countr_zero(static_cast<unsigned>(stride))
             : SegmentKeyCount(length, last, stride) - 1;
}

// A clip keeps everything it holds in one buffer (as ozz's animations do:
// one allocation, no per-array overhead): its name, sample times (when not
// uniform), track records, constants, segment offsets and segments. A
// record is a few packed fields read with memcpy (unaligned loads are
// free on the targets we build for), not a struct with padding.
class CompressedClip {
 public:
  // Bytes of one record: a rotation track (its range minimum in 16-bit
  // steps of kRotationRangeQuantum, exponents, largest and joint), a
  // translation or scale track (its range minimum as floats, exponents,
  // channel and joint), a constant rotation (four floats and the joint:
  // the sampler copies it) and a constant translation or scale (three
  // floats, the channel, the joint).
  static constexpr std::size_t kRotationTrackBytes = 3 * 2 + 3 + 1 + 2;
  static constexpr std::size_t kVectorTrackBytes = 3 * 4 + 3 + 1 + 2;
  static constexpr std::size_t kRotationConstantBytes = 4 * 4 + 2;
  static constexpr std::size_t kVectorConstantBytes = 3 * 4 + 1 + 2;

  CompressedClip() = default;
  // Made by the builder. Rotation tracks come first in `tracks` (the
  // sampler interpolates each kind as one run of lanes); their range minima
  // are multiples of kRotationRangeQuantum (others are rounded down to
  // one). `times` is sorted (stored as its first value and step when it is
  // uniform); `stream` holds the segments, each starting at a byte of
  // `segment_offsets`.
  CompressedClip(std::string_view name, float start, float end, int joint_count,
                 const std::vector<float>& times, int segment_length,
                 const std::vector<CompressedTrack>& tracks,
                 const std::vector<ConstantChannel>& constants,
                 const std::vector<std::uint32_t>& segment_offsets,
                 const std::vector<std::uint8_t>& stream);

  std::string_view Name() const {
    return {reinterpret_cast<const char*>(data_.data()), name_bytes_};
  }
  float StartTime() const { return start_; }
  float EndTime() const { return end_; }
  float Duration() const { return end_ - start_; }
  // As Clip::TimeAtPhase: StartTime() + phase * Duration().
  float TimeAtPhase(float phase) const { return start_ + phase * (end_ - start_); }
  // Joints of the skeleton it was built for (a pose to sample into has as many).
  int JointCount() const { return joint_count_; }

  // Animated tracks, rotations first.
  int TrackCount() const { return track_count_; }
  int RotationTrackCount() const { return rotation_tracks_; }
  CompressedTrack Track(int track) const;
  // What the sampler reads of a track every frame, without unpacking it.
  int TrackJoint(int track) const {
    return Load<std::uint16_t>(track < rotation_tracks_
                                   ? RotationRecord(track) + kRotationTrackBytes - 2
                                   : VectorRecord(track) + kVectorTrackBytes - 2);
  }
  CompressedChannel TrackChannel(int track) const {
    return track < rotation_tracks_
               ? CompressedChannel::kRotation
               : static_cast<CompressedChannel>(data_[VectorRecord(track) + kVectorTrackBytes - 3]);
  }
  std::uint8_t TrackLargest(int track) const {
    return track < rotation_tracks_ ? data_[RotationRecord(track) + kRotationTrackBytes - 3] : 0;
  }
  // Constant channels, rotations first.
  int ConstantCount() const { return constant_count_; }
  int RotationConstantCount() const { return rotation_constants_; }
  inline ConstantChannel Constant(int constant) const;

  // The sample times: every animated track has a value at each.
  int SampleCount() const { return sample_count_; }
  float SampleTime(int sample) const {
    return uniform_ ? first_time_ + static_cast<float>(sample) * time_step_
                    : Load<float>(times_at_ + static_cast<std::size_t>(sample) * sizeof(float));
  }
  bool UniformTimes() const { return uniform_; }
  // Uniform times only: SampleTime(i) is FirstTime() + i * TimeStep().
  float FirstTime() const { return first_time_; }
  float TimeStep() const { return time_step_; }
  // The last sample at or before `time` (0 when none is), found by a guess
  // from the step for uniform times, else by binary search.
  int SampleAtOrBefore(float time) const;

  int SegmentLength() const { return segment_length_; }
  int SegmentCount() const { return segment_count_; }
  // Samples in segment `segment` (the last may be shorter).
  int SegmentSamples(int segment) const {
    return std::min(segment_length_, sample_count_ - segment * segment_length_);
  }
  // Track `track`'s header in segment `segment` (the one place that reads
  // the packed headers; inline, the sampler reads one per track as play
  // enters a segment).
  SegmentTrackHeader TrackHeader(int segment, int track) const {
    const std::uint64_t h =
        PeekBits(SegmentData(segment), static_cast<std::uint64_t>(track) * kTrackHeaderBits);
    SegmentTrackHeader out;
    out.stride_shift = static_cast<std::uint8_t>(h & 7u);
    for (int c = 0; c < 3; ++c) {
      const std::uint64_t fields =
          h >> (kStrideCodeBits + c * (kStepCodeBits + kRiceParameterBits));
      out.step[c] = static_cast<std::uint8_t>(fields & 127u);
      out.rice[c] = static_cast<std::uint8_t>((fields >> kStepCodeBits) & 15u);
    }
    return out;
  }
  // Track `track`'s step code for component `c` in segment `segment`.
  int StepCode(int segment, int track, int c) const { return TrackHeader(segment, track).step[c]; }
  // Samples between track `track`'s keys in segment `segment`.
  int SegmentStride(int segment, int track) const;
  // Where every track's keys lie in segment `segment`: calls
  // `visit(track, TrackCoding)` in track order (reading the segment's
  // headers, and its residuals to find where each track's start).
  template <typename Visit>
  void ForEachTrackCoding(int segment, Visit&& visit) const;

  // Memory the clip holds at run time: the object and its buffer.
  std::size_t ByteSize() const { return sizeof(*this) + data_.capacity(); }
  // Of which its track records and its constants.
  std::size_t TrackBytes() const {
    return static_cast<std::size_t>(rotation_tracks_) * kRotationTrackBytes +
           static_cast<std::size_t>(track_count_ - rotation_tracks_) * kVectorTrackBytes;
  }
  std::size_t ConstantBytes() const {
    return static_cast<std::size_t>(rotation_constants_) * kRotationConstantBytes +
           static_cast<std::size_t>(constant_count_ - rotation_constants_) * kVectorConstantBytes;
  }

  // The key of track `track` at sample `sample` (which must be one of its
  // keys): x, y, z for translation and scale; x, y, z, w (unit length) for
  // rotations. For tests and tools: the sampler caches what this works out.
  void DecodeKey(int track, int sample, float out[4]) const;

  // Segment `segment`'s bit stream (8 bytes of padding follow the stream,
  // so a 64-bit load never reads past it).
  const std::uint8_t* SegmentData(int segment) const {
    return data_.data() + stream_at_ +
           Load<std::uint32_t>(offsets_at_ +
                               static_cast<std::size_t>(segment) * sizeof(std::uint32_t));
  }

 private:
  template <typename T>
  T Load(std::size_t at) const {
    T v;
    std::memcpy(&v, data_.data() + at, sizeof(T));
    return v;
  }
  std::size_t RotationRecord(int track) const {
    return rotations_at_ + static_cast<std::size_t>(track) * kRotationTrackBytes;
  }
  std::size_t VectorRecord(int track) const {
    return vectors_at_ + static_cast<std::size_t>(track - rotation_tracks_) * kVectorTrackBytes;
  }

  // name, times (empty when uniform_), rotation track records, translation
  // and scale track records, constants, segment offsets, the stream and 8
  // bytes of padding so reads may load 64 bits.
  std::vector<std::uint8_t> data_;
  float start_ = 0.0f;
  float end_ = 0.0f;
  float first_time_ = 0.0f;
  float time_step_ = 0.0f;
  int joint_count_ = 0;
  int sample_count_ = 0;
  int segment_length_ = 1;
  int track_count_ = 0;
  int rotation_tracks_ = 0;
  int constant_count_ = 0;
  int rotation_constants_ = 0;
  int segment_count_ = 0;
  // Where each part of data_ starts (the name at 0).
  std::uint32_t name_bytes_ = 0;
  std::uint32_t times_at_ = 0;
  std::uint32_t rotations_at_ = 0;
  std::uint32_t vectors_at_ = 0;
  std::uint32_t constants_at_ = 0;
  std::uint32_t offsets_at_ = 0;
  std::uint32_t stream_at_ = 0;
  bool uniform_ = false;
};

// Inline: the sampler copies every constant every frame.
inline ConstantChannel CompressedClip::Constant(int constant) const {
  ConstantChannel k{};
  if (constant < rotation_constants_) {
    const std::size_t at =
        constants_at_ + static_cast<std::size_t>(constant) * kRotationConstantBytes;
    for (int c = 0; c < 4; ++c) k.value[c] = Load<float>(at + 4 * static_cast<std::size_t>(c));
    k.channel = CompressedChannel::kRotation;
    k.joint = Load<std::uint16_t>(at + 16);
    return k;
  }
  const std::size_t at =
      constants_at_ + static_cast<std::size_t>(rotation_constants_) * kRotationConstantBytes +
      static_cast<std::size_t>(constant - rotation_constants_) * kVectorConstantBytes;
  for (int c = 0; c < 3; ++c) k.value[c] = Load<float>(at + 4 * static_cast<std::size_t>(c));
  k.channel = static_cast<CompressedChannel>(data_[at + 12]);
  k.joint = Load<std::uint16_t>(at + 13);
  return k;
}

template <typename Visit>
void CompressedClip::ForEachTrackCoding(int segment, Visit&& visit) const {
  const int length = SegmentSamples(segment);
  const bool last = segment + 1 == SegmentCount();
  const int tracks = track_count_;
  const std::uint8_t* data = SegmentData(segment);
  // First keys after the headers, residuals after the first keys.
  std::uint32_t first_bit = static_cast<std::uint32_t>(tracks) * kTrackHeaderBits;
  std::uint32_t residual_bit = first_bit;
  for (int t = 0; t < tracks; ++t) {
    residual_bit += static_cast<std::uint32_t>(
        KeyLayout::FirstKeyBits(KeyLayoutOf(TrackHeader(segment, t), TrackLargest(t))));
  }
  for (int t = 0; t < tracks; ++t) {
    const SegmentTrackHeader h = TrackHeader(segment, t);
    const TrackCoding coding{first_bit, residual_bit, KeyLayoutOf(h, TrackLargest(t))};
    visit(t, coding);
    first_bit += static_cast<std::uint32_t>(KeyLayout::FirstKeyBits(coding.layout));
    residual_bit = SkipResiduals(data, residual_bit, coding.layout,
                                 SegmentKeyCount(length, last, 1 << h.stride_shift) - 1);
  }
}

// Smallest three: the three stored components and the index of the dropped
// one (0..3 = x, y, z, w, stored positive) into a unit quaternion x, y, z, w.
void DecodeSmallestThree(const float stored[3], int largest, float out[4]);
// The reverse: unit quaternion `q`'s three stored components and the index
// of the dropped one: `fixed_largest` (0..3), or with kPerKeyLargest its
// own largest component.
void EncodeSmallestThree(const glm::quat& q, std::uint8_t fixed_largest, float stored[3],
                         std::uint8_t* largest);

}  // namespace anim
