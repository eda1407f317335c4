#include "anim/compression/compressed_clip_sampler.h"

#include <algorithm>
#include <cstring>

#include "anim/interpolation.h"
#include "anim/soa_vector.h"

namespace anim {

namespace {

constexpr int Pad4(int n) { return (n + 3) / 4 * 4; }

// Four lanes' fraction of their key intervals [t0, t1] at `time`, clamped
// to [0, 1]; an interval of no length (two keys at one time: a jump) gives
// 1 from its time on, else 0.
soa::F32x4 Fraction(const float* t0, const float* t1, float time) {
  using namespace soa;
  const F32x4 a = Load4(t0), b = Load4(t1), t = Splat4(time);
  const F32x4 span = b - a;
  const I32x4 has_span = span > 0.0f;
  F32x4 s = (t - a) / Select(has_span, span, Splat4(1.0f));
  s = Select(s < 0.0f, Splat4(0.0f), s);
  s = Select(s > 1.0f, Splat4(1.0f), s);
  return Select(has_span, s,
                Select(t > b, Splat4(1.0f), Select(t < b, Splat4(0.0f), Splat4(1.0f))));
}

}  // namespace

void CompressedClipContext::Bind(const CompressedClip& clip) {
  clip_ = &clip;
  tracks_ = static_cast<int>(clip.Tracks().size());
  const int rotations = clip.RotationTrackCount();
  rotation_lanes_ = Pad4(rotations);
  vector_lanes_ = Pad4(tracks_ - rotations);
  key_ = -1;
  interval_t0_ = interval_t1_ = 0.0f;
  key_a_.assign(static_cast<std::size_t>(tracks_), -1);
  // Rotation tracks four at a time whose joints follow one another (within
  // the pose's padded arrays): written with one store per channel.
  consecutive_joints_.assign(static_cast<std::size_t>(rotation_lanes_ / 4), 0);
  for (int j = 0; j + 4 <= rotations; j += 4) {
    const int first = clip.Tracks()[j].joint;
    bool consecutive = first + 4 <= SoaPadded(clip.JointCount());
    for (int l = 1; l < 4; ++l)
      consecutive = consecutive && clip.Tracks()[j + l].joint == first + l;
    consecutive_joints_[j / 4] = consecutive ? 1 : 0;
  }
  key_b_.assign(static_cast<std::size_t>(tracks_), -1);
  // Padding lanes span [0, 1] so their fraction is defined, and hold the
  // identity rotation so their (unused) results stay finite.
  const int lanes = rotation_lanes_ + vector_lanes_;
  t0_.assign(static_cast<std::size_t>(lanes), 0.0f);
  t1_.assign(static_cast<std::size_t>(lanes), 1.0f);
  const std::size_t floats = 4u * rotation_lanes_ + 3u * vector_lanes_;
  a_.assign(floats, 0.0f);
  b_.assign(floats, 0.0f);
  for (int l = 0; l < rotation_lanes_; ++l) {
    a_[3 * rotation_lanes_ + l] = 1.0f;
    b_[3 * rotation_lanes_ + l] = 1.0f;
  }
  for (int k = 0; k < 2; ++k) {
    // Padding lanes drop w (their zero components decode to the identity);
    // tracks that drop one component for every key keep it here.
    staged_largest_[k].assign(static_cast<std::size_t>(rotation_lanes_), 3.0f);
    for (int i = 0; i < rotations; ++i) {
      if (clip.Tracks()[i].largest != kPerKeyLargest) {
        staged_largest_[k][i] = static_cast<float>(clip.Tracks()[i].largest);
      }
    }
    staged_mask_[k].assign(static_cast<std::size_t>(rotation_lanes_), 0);
  }
  for (SegmentLayout& layout : layouts_) {
    layout.segment = -1;
    layout.tracks.assign(static_cast<std::size_t>(tracks_), TrackLayout{});
  }
  decoded_keys_ = 0;
}

std::size_t CompressedClipContext::ByteSize() const {
  std::size_t bytes =
      sizeof(*this) + (key_a_.capacity() + key_b_.capacity()) * sizeof(int) +
      (t0_.capacity() + t1_.capacity() + a_.capacity() + b_.capacity()) * sizeof(float);
  for (const SegmentLayout& layout : layouts_) {
    bytes += layout.tracks.capacity() * sizeof(TrackLayout);
  }
  for (int k = 0; k < 2; ++k) {
    bytes += staged_largest_[k].capacity() * sizeof(float) +
             staged_mask_[k].capacity() * sizeof(std::int32_t);
  }
  return bytes;
}

const CompressedClipContext::SegmentLayout& CompressedClipContext::Layout(int segment) {
  SegmentLayout& layout = layouts_[segment & 1];
  if (layout.segment == segment) return layout;
  const CompressedClip& clip = *clip_;
  layout.first = segment * clip.SegmentLength();
  layout.length = clip.SegmentSamples(segment);
  layout.last = segment + 1 == clip.SegmentCount();
  layout.data = clip.SegmentData(segment) + tracks_ * kSegmentTrackHeaderBytes;
  std::uint32_t bit = 0;
  for (int i = 0; i < tracks_; ++i) {
    const CompressedTrack& track = clip.Tracks()[i];
    TrackLayout& t = layout.tracks[i];
    t.per_key_largest = track.largest == kPerKeyLargest ? 1 : 0;
    int key_bits = t.per_key_largest ? 2 : 0;
    for (int c = 0; c < 3; ++c) {
      const SegmentComponent header = clip.SegmentHeader(segment, i, c);
      const ComponentDecoding d = DecodingOf(header, track.range_min[c], track.range_extent[c]);
      t.offset[c] = d.offset;
      t.scale[c] = d.scale;
      t.bits[c] = header.bits;
      key_bits += header.bits;
    }
    const int stride = clip.SegmentStride(segment, i);
    t.stride_shift = 0;
    while ((1 << t.stride_shift) < stride) ++t.stride_shift;
    t.key_bits = static_cast<std::uint8_t>(key_bits);
    t.key_count = SegmentKeyCount(layout.length, layout.last, stride);
    t.first_bit = bit;
    bit += static_cast<std::uint32_t>(key_bits * t.key_count);
  }
  layout.segment = segment;
  return layout;
}

void CompressedClipContext::DecodeKey(const SegmentLayout& layout, int track, int index,
                                      int block) {
  const TrackLayout& t = layout.tracks[track];
  const std::uint64_t bit = t.first_bit + static_cast<std::uint64_t>(index) * t.key_bits;
  // One 64-bit load holds a key of up to 57 bits past its first byte's
  // offset (nearly all); longer ones read each field on its own.
  std::uint32_t q[3];
  int largest = 0;
  if (t.key_bits <= 57) {
    std::uint64_t word;
    std::memcpy(&word, layout.data + (bit >> 3), sizeof(word));
    word >>= bit & 7u;
    if (t.per_key_largest) {
      largest = static_cast<int>(word & 3u);
      word >>= 2;
    }
    for (int i = 0; i < 3; ++i) {
      q[i] = static_cast<std::uint32_t>(word & ((std::uint64_t{1} << t.bits[i]) - 1u));
      word >>= t.bits[i];
    }
  } else {
    std::uint64_t at = bit;
    if (t.per_key_largest) {
      largest = static_cast<int>(CompressedClip::ReadBits(layout.data, at, 2));
      at += 2;
    }
    for (int i = 0; i < 3; ++i) {
      q[i] = CompressedClip::ReadBits(layout.data, at, t.bits[i]);
      at += t.bits[i];
    }
  }
  // Translations and scales are their values; rotations keep their three
  // stored components in x, y, z until FinishKeys.
  const int rotations = clip_->RotationTrackCount();
  const bool rotation = track < rotations;
  const int lanes = rotation ? rotation_lanes_ : vector_lanes_;
  const int lane = rotation ? track : track - rotations;
  float* out = (block == 0 ? a_.data() : b_.data()) + (rotation ? 0 : 4 * rotation_lanes_) + lane;
  for (int i = 0; i < 3; ++i) {
    out[i * lanes] = t.offset[i] + static_cast<float>(static_cast<std::int32_t>(q[i])) * t.scale[i];
  }
  if (rotation) {
    if (t.per_key_largest) staged_largest_[block][lane] = static_cast<float>(largest);
    staged_mask_[block][lane] = -1;
  }
  ++decoded_keys_;
}

void CompressedClipContext::FinishKeys(int block) {
  using namespace soa;
  std::int32_t* masks = staged_mask_[block].data();
  float* out = block == 0 ? a_.data() : b_.data();
  // Rotations decoded this frame: smallest three back to unit quaternions
  // in place (DecodeSmallestThree without branches).
  const int rl = rotation_lanes_;
  for (int j = 0; j < rl; j += 4) {
    I32x4 mask;
    std::memcpy(&mask, masks + j, sizeof(mask));
    if (!Any(mask)) continue;
    const F32x4 s0 = Load4(out + j), s1 = Load4(out + rl + j), s2 = Load4(out + 2 * rl + j);
    const F32x4 sum = s0 * s0 + s1 * s1 + s2 * s2;
    const I32x4 inside = sum < 1.0f;
    const F32x4 w = Select(inside, Sqrt4(1.0f - Select(inside, sum, Splat4(0.0f))), Splat4(0.0f));
    const F32x4 k = Select(inside, Splat4(1.0f), 1.0f / Sqrt4(Select(inside, Splat4(1.0f), sum)));
    const F32x4 a = s0 * k, b = s1 * k, c = s2 * k;
    const F32x4 largest = Load4(staged_largest_[block].data() + j);
    const I32x4 is_x = largest<0.5f, is_w = largest> 2.5f;
    const I32x4 is_y = ~is_x & (largest < 1.5f), is_z = ~is_w & (largest > 1.5f);
    const F32x4 q[4] = {Select(is_x, w, a), Select(is_y, w, Select(is_x, a, b)),
                        Select(is_z, w, Select(is_w, c, b)), Select(is_w, w, c)};
    for (int i = 0; i < 4; ++i) {
      Store4(out + i * rl + j, Select(mask, q[i], Load4(out + i * rl + j)));
    }
    Store4(reinterpret_cast<float*>(masks + j), Splat4(0.0f));
  }
}

// Every track whose two keys no longer surround the clip's sample interval
// [k, k + 1] moves to the keys that do: when play moves forward the new pair
// starts at the old pair's second key, so only one key is decoded then.
void CompressedClipContext::MoveTracks(int k) {
  const CompressedClip& clip = *clip_;
  const SegmentLayout& layout = Layout(k / clip.SegmentLength());
  const int local = k - layout.first;
  const int rotations = clip.RotationTrackCount();
  for (int i = 0; i < tracks_; ++i) {
    if (key_a_[i] <= k && k < key_b_[i]) continue;
    const TrackLayout& t = layout.tracks[i];
    const int a = local >> t.stride_shift << t.stride_shift;
    const int next = a + (1 << t.stride_shift);
    const int b = next < layout.length ? next : (layout.last ? layout.length - 1 : layout.length);
    const bool rotation = i < rotations;
    const int lanes = rotation ? rotation_lanes_ : vector_lanes_;
    const int lane = rotation ? i : i - rotations;
    const std::size_t at = (rotation ? 0 : 4u * rotation_lanes_) + lane;
    const int ga = layout.first + a, gb = layout.first + b;
    if (ga == key_b_[i]) {
      for (int c = 0; c < (rotation ? 4 : 3); ++c) a_[at + c * lanes] = b_[at + c * lanes];
    } else {
      DecodeKey(layout, i, a >> t.stride_shift, 0);
    }
    if (b < layout.length) {
      const int index =
          (b & ((1 << t.stride_shift) - 1)) == 0 ? b >> t.stride_shift : t.key_count - 1;
      DecodeKey(layout, i, index, 1);
    } else {
      // The next segment's first sample: its layout goes in the other slot.
      DecodeKey(Layout(layout.segment + 1), i, 0, 1);
    }
    const int time_lane = rotation ? lane : rotation_lanes_ + lane;
    t0_[time_lane] = clip.SampleTime(ga);
    t1_[time_lane] = clip.SampleTime(gb);
    key_a_[i] = ga;
    key_b_[i] = gb;
  }
  FinishKeys(0);
  FinishKeys(1);
}

void SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose) {
  if (!context.BoundTo(clip)) context.Bind(clip);
  CompressedClipContext& cx = context;

  for (const ConstantChannel& constant : clip.Constants()) {
    const int first = constant.channel == CompressedChannel::kTranslation ? kTx
                      : constant.channel == CompressedChannel::kRotation  ? kQx
                                                                          : kSx;
    const int count = constant.channel == CompressedChannel::kRotation ? 4 : 3;
    for (int c = 0; c < count; ++c) pose.Channel(first + c)[constant.joint] = constant.value[c];
  }
  if (cx.tracks_ == 0) return;

  // The clip's sample interval: unchanged most frames; when it changes, the
  // tracks whose keys no longer surround it move.
  const int last = clip.SampleCount() - 2;
  const int key = cx.key_;
  if (key < 0 || (time < cx.interval_t0_ && key > 0) || (time >= cx.interval_t1_ && key < last)) {
    const int k = key >= 0 && time >= cx.interval_t1_ && time < clip.SampleTime(key + 2)
                      ? key + 1
                      : std::min(clip.SampleAtOrBefore(time), last);
    cx.MoveTracks(k);
    cx.key_ = k;
    cx.interval_t0_ = clip.SampleTime(k);
    cx.interval_t1_ = clip.SampleTime(k + 1);
  }

  using namespace soa;
  const std::span<const CompressedTrack> tracks = clip.Tracks();
  const int rotations = clip.RotationTrackCount();
  // Rotations, four lanes at a time: interpolation::SlerpKeys without
  // branches (shorter arc, series weights, normalise); lanes whose keys are
  // too far apart for the series are redone by the scalar SlerpKeys.
  const int rl = cx.rotation_lanes_;
  const float* a = cx.a_.data();
  const float* b = cx.b_.data();
  const F32x4 interval_t0 = Splat4(cx.interval_t0_), interval_t1 = Splat4(cx.interval_t1_);
  const float t0 = cx.interval_t0_, t1 = cx.interval_t1_;
  const float fraction =
      t1 > t0 ? std::clamp((time - t0) / (t1 - t0), 0.0f, 1.0f) : (time >= t1 ? 1.0f : 0.0f);
  const F32x4 shared_s = Splat4(fraction);
  F32x4 shared_ca[6], shared_cb[6];
  {
    float ca[6], cb[6];
    interpolation::SlerpSeriesCoefficients(1.0f - fraction, ca);
    interpolation::SlerpSeriesCoefficients(fraction, cb);
    for (int i = 0; i < 6; ++i) shared_ca[i] = Splat4(ca[i]), shared_cb[i] = Splat4(cb[i]);
  }
  for (int j = 0; j < rl; j += 4) {
    // Lanes whose keys are the clip's own sample interval (a key every
    // sample) share its fraction and series coefficients, worked out once.
    F32x4 s, ca[6], cb[6];
    const F32x4 lane_t0 = Load4(cx.t0_.data() + j), lane_t1 = Load4(cx.t1_.data() + j);
    if (!Any((lane_t0 < interval_t0) | (lane_t0 > interval_t0) | (lane_t1 < interval_t1) |
             (lane_t1 > interval_t1))) {
      s = shared_s;
      for (int i = 0; i < 6; ++i) ca[i] = shared_ca[i], cb[i] = shared_cb[i];
    } else {
      s = Fraction(cx.t0_.data() + j, cx.t1_.data() + j, time);
      interpolation::SlerpSeriesCoefficients(1.0f - s, ca);
      interpolation::SlerpSeriesCoefficients(s, cb);
    }
    const F32x4 ax = Load4(a + j), ay = Load4(a + rl + j), az = Load4(a + 2 * rl + j),
                aw = Load4(a + 3 * rl + j);
    const F32x4 bx = Load4(b + j), by = Load4(b + rl + j), bz = Load4(b + 2 * rl + j),
                bw = Load4(b + 3 * rl + j);
    const F32x4 cos_theta = ax * bx + ay * by + az * bz + aw * bw;
    const I32x4 flip = cos_theta < 0.0f;
    const F32x4 near_cos = FlipSign(flip, cos_theta);
    const F32x4 d = Select(near_cos - 1.0f > 0.0f, Splat4(0.0f), near_cos - 1.0f);
    const F32x4 wa = interpolation::SlerpSeries(ca, d);
    const F32x4 wb = FlipSign(flip, interpolation::SlerpSeries(cb, d));
    const F32x4 qx = ax * wa + bx * wb, qy = ay * wa + by * wb, qz = az * wa + bz * wb,
                qw = aw * wa + bw * wb;
    const F32x4 len = Sqrt4(qx * qx + qy * qy + qz * qz + qw * qw);
    const I32x4 ok = len > 0.0f;
    const F32x4 inv = 1.0f / Select(ok, len, Splat4(1.0f));
    F32x4 q[4] = {Select(ok, qx * inv, ax), Select(ok, qy * inv, ay), Select(ok, qz * inv, az),
                  Select(ok, qw * inv, aw)};
    const I32x4 far = ~(near_cos > 0.9f);
    const int end = std::min(4, rotations - j);
    if (Any(far)) {
      for (int l = 0; l < end; ++l) {
        if (!far[l]) continue;
        const glm::quat r = interpolation::SlerpKeys(glm::quat(aw[l], ax[l], ay[l], az[l]),
                                                     glm::quat(bw[l], bx[l], by[l], bz[l]), s[l]);
        q[0][l] = r.x, q[1][l] = r.y, q[2][l] = r.z, q[3][l] = r.w;
      }
    }
    if (cx.consecutive_joints_[j / 4]) {  // four tracks of joints in a row: one store each
      for (int c = 0; c < 4; ++c) Store4(pose.Channel(kQx + c) + tracks[j].joint, q[c]);
      continue;
    }
    for (int l = 0; l < end; ++l) {
      const int joint = tracks[j + l].joint;
      for (int c = 0; c < 4; ++c) pose.Channel(kQx + c)[joint] = q[c][l];
    }
  }

  // Translations and scales: lerp, x * (1 - s) + y * s as glm::mix.
  const int vl = cx.vector_lanes_;
  const int vectors = static_cast<int>(tracks.size()) - rotations;
  const float* va = a + 4 * rl;
  const float* vb = b + 4 * rl;
  for (int j = 0; j < vl; j += 4) {
    const F32x4 s = Fraction(cx.t0_.data() + rl + j, cx.t1_.data() + rl + j, time);
    const F32x4 u = 1.0f - s;
    F32x4 v[3];
    for (int c = 0; c < 3; ++c) v[c] = Load4(va + c * vl + j) * u + Load4(vb + c * vl + j) * s;
    for (int l = 0; l < 4 && j + l < vectors; ++l) {
      const CompressedTrack& track = tracks[rotations + j + l];
      const int first = track.channel == CompressedChannel::kTranslation ? kTx : kSx;
      for (int c = 0; c < 3; ++c) pose.Channel(first + c)[track.joint] = v[c][l];
    }
  }
}

}  // namespace anim
