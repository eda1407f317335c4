#include "anim/compression/compressed_clip.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace anim {

namespace {

// Times whose steps all lie this close (relative) to their mean are stored
// as a first time and a step.
constexpr float kUniformStepTolerance = 1e-4f;

}  // namespace

namespace {

// Appends `value`'s bytes to `out`.
template <typename T>
void Put(std::vector<std::uint8_t>& out, const T& value) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
  out.insert(out.end(), bytes, bytes + sizeof(T));
}

// Uniform times (sampled motion) keep two floats instead of one per sample,
// when each time is reproduced within a small fraction of the step: true
// with that step in *step.
bool UniformStep(const std::vector<float>& times, float* step) {
  if (times.size() < 2) return false;
  *step = (times.back() - times.front()) / static_cast<float>(times.size() - 1);
  bool uniform = *step > 0.0f;
  for (std::size_t i = 0; uniform && i < times.size(); ++i) {
    const float t = times.front() + static_cast<float>(i) * *step;
    uniform = std::abs(t - times[i]) <= kUniformStepTolerance * *step;
  }
  return uniform;
}

// The bytes of the constants' records.
std::size_t ConstantRecordBytes(const std::vector<ConstantChannel>& constants) {
  std::size_t bytes = 0;
  for (const ConstantChannel& k : constants) {
    bytes += k.channel == CompressedChannel::kRotation ? CompressedClip::kRotationConstantBytes
                                                       : CompressedClip::kVectorConstantBytes;
  }
  return bytes;
}

}  // namespace

CompressedClip::CompressedClip(std::string_view name, float start, float end, int joint_count,
                               const std::vector<float>& times, int segment_length,
                               const std::vector<CompressedTrack>& tracks,
                               const std::vector<ConstantChannel>& constants,
                               const std::vector<std::uint32_t>& segment_offsets,
                               const std::vector<std::uint8_t>& stream)
    : start_(start),
      end_(end),
      joint_count_(joint_count),
      sample_count_(static_cast<int>(times.size())),
      segment_length_(std::max(1, segment_length)),
      track_count_(static_cast<int>(tracks.size())),
      constant_count_(static_cast<int>(constants.size())),
      segment_count_(static_cast<int>(segment_offsets.size())) {
  rotation_tracks_ =
      static_cast<int>(std::count_if(tracks.begin(), tracks.end(), [](const CompressedTrack& t) {
        return t.channel == CompressedChannel::kRotation;
      }));
  if (float step = 0.0f; UniformStep(times, &step)) {
    uniform_ = true;
    first_time_ = times.front();
    time_step_ = step;
  }

  std::vector<std::uint8_t> data;
  data.reserve(name.size() + (uniform_ ? 0 : times.size() * sizeof(float)) +
               static_cast<std::size_t>(rotation_tracks_) * kRotationTrackBytes +
               (tracks.size() - static_cast<std::size_t>(rotation_tracks_)) * kVectorTrackBytes +
               ConstantRecordBytes(constants) + segment_offsets.size() * sizeof(std::uint32_t) +
               stream.size() + 8);
  data.insert(data.end(), name.begin(), name.end());
  name_bytes_ = static_cast<std::uint32_t>(name.size());
  times_at_ = static_cast<std::uint32_t>(data.size());
  if (!uniform_) {
    for (float t : times) Put(data, t);
  }
  rotations_at_ = static_cast<std::uint32_t>(data.size());
  for (const CompressedTrack& t : tracks) {  // rotations come first
    if (t.channel != CompressedChannel::kRotation) continue;
    for (float min : t.range_min) {
      Put(data, static_cast<std::int16_t>(RotationRangeMin(min) / kRotationRangeQuantum));
    }
    for (std::int8_t e : t.range_exponent) Put(data, e);
    Put(data, t.largest);
    Put(data, t.joint);
  }
  vectors_at_ = static_cast<std::uint32_t>(data.size());
  for (const CompressedTrack& t : tracks) {
    if (t.channel == CompressedChannel::kRotation) continue;
    for (float min : t.range_min) Put(data, min);
    for (std::int8_t e : t.range_exponent) Put(data, e);
    Put(data, t.channel);
    Put(data, t.joint);
  }
  constants_at_ = static_cast<std::uint32_t>(data.size());
  for (const ConstantChannel& k : constants) {  // rotations first
    if (k.channel != CompressedChannel::kRotation) continue;
    for (int c = 0; c < 4; ++c) Put(data, k.value[c]);
    Put(data, k.joint);
    ++rotation_constants_;
  }
  for (const ConstantChannel& k : constants) {
    if (k.channel == CompressedChannel::kRotation) continue;
    for (int c = 0; c < 3; ++c) Put(data, k.value[c]);
    Put(data, k.channel);
    Put(data, k.joint);
  }
  offsets_at_ = static_cast<std::uint32_t>(data.size());
  for (std::uint32_t o : segment_offsets) Put(data, o);
  stream_at_ = static_cast<std::uint32_t>(data.size());
  data.insert(data.end(), stream.begin(), stream.end());
  data.resize(data.size() + 8, 0);
  data_ = std::move(data);
}

CompressedTrack CompressedClip::Track(int track) const {
  CompressedTrack t{};
  if (track < rotation_tracks_) {
    const std::size_t at = RotationRecord(track);
    for (int c = 0; c < 3; ++c) {
      t.range_min[c] =
          static_cast<float>(Load<std::int16_t>(at + 2 * static_cast<std::size_t>(c))) *
          kRotationRangeQuantum;
      t.range_exponent[c] = static_cast<std::int8_t>(data_[at + 6 + static_cast<std::size_t>(c)]);
    }
    t.channel = CompressedChannel::kRotation;
    t.largest = data_[at + 9];
  } else {
    const std::size_t at = VectorRecord(track);
    for (int c = 0; c < 3; ++c) {
      t.range_min[c] = Load<float>(at + 4 * static_cast<std::size_t>(c));
      t.range_exponent[c] = static_cast<std::int8_t>(data_[at + 12 + static_cast<std::size_t>(c)]);
    }
    t.channel = static_cast<CompressedChannel>(data_[at + 15]);
  }
  t.joint = static_cast<std::uint16_t>(TrackJoint(track));
  return t;
}

int CompressedClip::SampleAtOrBefore(float time) const {
  if (sample_count_ <= 1) return 0;
  int k = 0;
  if (uniform_) {
    const float guess = std::floor((time - first_time_) / time_step_);
    k = guess > 0.0f ? static_cast<int>(std::min(guess, static_cast<float>(sample_count_ - 1))) : 0;
    while (k + 1 < sample_count_ && SampleTime(k + 1) <= time) ++k;
    while (k > 0 && SampleTime(k) > time) --k;
    return k;
  }
  // The first sample after `time`, by binary search.
  int lo = 0, hi = sample_count_;
  while (lo < hi) {
    const int mid = lo + (hi - lo) / 2;
    if (SampleTime(mid) <= time) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo == 0 ? 0 : lo - 1;
}

int CompressedClip::SegmentStride(int segment, int track) const {
  return 1 << TrackHeader(segment, track).stride_shift;
}

void CompressedClip::DecodeKey(int track, int sample, float out[4]) const {
  const int segment = std::min(sample / segment_length_, SegmentCount() - 1);
  const int local = sample - segment * segment_length_;
  const int length = SegmentSamples(segment);
  const bool last = segment + 1 == SegmentCount();
  TrackCoding coding{};
  ForEachTrackCoding(segment, [&](int t, const TrackCoding& c) {
    if (t == track) coding = c;
  });
  const CompressedTrack t = Track(track);
  const std::uint8_t* data = SegmentData(segment);
  KeyCursor cursor;
  ReadFirstKey(data, coding.first_bit, coding.residual_bit, coding.layout, t.largest, &cursor);
  const int index =
      SegmentKeyIndex(local, length, last, 1 << KeyLayout::StrideShift(coding.layout));
  while (cursor.key < index) ReadNextKey(data, coding.layout, &cursor);
  const SegmentTrackHeader h = TrackHeader(segment, track);
  float c[3];
  for (int i = 0; i < 3; ++i) {
    const ComponentDecoding d = DecodingOf(h.step[i], t.range_min[i], t.RangeExtent(i));
    c[i] = d.offset + static_cast<float>(cursor.code[i]) * d.scale;
  }
  if (t.channel == CompressedChannel::kRotation) {
    DecodeSmallestThree(c, cursor.largest, out);
  } else {
    out[0] = c[0], out[1] = c[1], out[2] = c[2], out[3] = 0.0f;
  }
}

std::int8_t ExtentExponent(float extent) {
  if (!(extent > 0.0f)) return kNoExtent;
  int e = static_cast<int>(std::ceil(4.0f * std::log2(extent)));
  e = std::clamp(e, kNoExtent + 1, 127);
  while (e > kNoExtent + 1 && QuarterPower(e - 1) >= extent) --e;
  while (e < 127 && QuarterPower(e) < extent) ++e;
  return static_cast<std::int8_t>(e);
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

void EncodeSmallestThree(const glm::quat& q, std::uint8_t fixed_largest, float stored[3],
                         std::uint8_t* largest) {
  const float c[4] = {q.x, q.y, q.z, q.w};
  int drop = fixed_largest;
  if (fixed_largest == kPerKeyLargest) {
    drop = 0;
    for (int i = 1; i < 4; ++i) {
      if (std::abs(c[i]) > std::abs(c[drop])) drop = i;
    }
  }
  // q and -q are one rotation: the dropped component is made positive.
  const float sign = c[drop] < 0.0f ? -1.0f : 1.0f;
  for (int i = 0, slot = 0; i < 4; ++i) {
    if (i != drop) stored[slot++] = sign * c[i];
  }
  *largest = static_cast<std::uint8_t>(drop);
}

}  // namespace anim
