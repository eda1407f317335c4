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

CompressedClip::CompressedClip(std::string name, float start, float end, int joint_count,
                               std::vector<float> times, int segment_length,
                               std::vector<CompressedTrack> tracks,
                               std::vector<ConstantChannel> constants,
                               std::vector<std::uint32_t> segment_offsets,
                               std::vector<std::uint8_t> stream)
    : name_(std::move(name)),
      start_(start),
      end_(end),
      joint_count_(joint_count),
      sample_count_(static_cast<int>(times.size())),
      segment_length_(std::max(1, segment_length)),
      tracks_(std::move(tracks)),
      constants_(std::move(constants)),
      segment_offsets_(std::move(segment_offsets)),
      stream_(std::move(stream)) {
  stream_.resize(stream_.size() + 8, 0);
  rotation_tracks_ =
      static_cast<int>(std::count_if(tracks_.begin(), tracks_.end(), [](const CompressedTrack& t) {
        return t.channel == CompressedChannel::kRotation;
      }));
  // Uniform times (sampled motion) keep two floats instead of one per sample,
  // when each time is reproduced within a small fraction of the step.
  if (times.size() >= 2) {
    const float step = (times.back() - times.front()) / static_cast<float>(times.size() - 1);
    bool uniform = step > 0.0f;
    for (std::size_t i = 0; uniform && i < times.size(); ++i) {
      const float t = times.front() + static_cast<float>(i) * step;
      uniform = std::abs(t - times[i]) <= kUniformStepTolerance * step;
    }
    if (uniform) {
      uniform_ = true;
      first_time_ = times.front();
      time_step_ = step;
      times.clear();
    }
  }
  if (!uniform_) times_ = std::move(times);
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
  const auto it = std::upper_bound(times_.begin(), times_.end(), time);
  return it == times_.begin() ? 0 : static_cast<int>(it - times_.begin()) - 1;
}

int CompressedClip::SegmentStride(int segment, int track) const {
  return 1 << TrackHeader(segment, track).stride_shift;
}

std::size_t CompressedClip::ByteSize() const {
  return sizeof(*this) + name_.size() + times_.size() * sizeof(float) +
         tracks_.size() * sizeof(CompressedTrack) + constants_.size() * sizeof(ConstantChannel) +
         segment_offsets_.size() * sizeof(std::uint32_t) + stream_.size();
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
  const CompressedTrack& t = tracks_[static_cast<std::size_t>(track)];
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
