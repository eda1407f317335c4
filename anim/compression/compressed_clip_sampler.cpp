#include "anim/compression/compressed_clip_sampler.h"

#include <algorithm>
#include <cstring>

#include "anim/interpolation.h"
#include "anim/soa_vector.h"

namespace anim {

namespace {

constexpr int Pad4(int n) { return (n + 3) / 4 * 4; }

// The context's packing of a track's segment header: 5 bits per
// component's bits, then the stride code.
int HeaderBits(std::uint32_t packed, int c) { return (packed >> (5 * c)) & 31; }
int HeaderStride(std::uint32_t packed) { return 1 << ((packed >> 15) & 7); }

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
  for (SegmentLayout& layout : layouts_) {
    layout.segment = -1;
    layout.first_bit.assign(static_cast<std::size_t>(tracks_), 0);
    layout.packed.assign(static_cast<std::size_t>(tracks_), 0);
    layout.offset.assign(3u * tracks_, 0.0f);
    layout.scale.assign(3u * tracks_, 0.0f);
  }
  decoded_keys_ = 0;
}

std::size_t CompressedClipContext::ByteSize() const {
  std::size_t bytes =
      sizeof(*this) + (key_a_.capacity() + key_b_.capacity()) * sizeof(int) +
      (t0_.capacity() + t1_.capacity() + a_.capacity() + b_.capacity()) * sizeof(float);
  for (const SegmentLayout& layout : layouts_) {
    bytes += layout.first_bit.capacity() * sizeof(std::uint32_t) +
             layout.packed.capacity() * sizeof(std::uint32_t) +
             (layout.offset.capacity() + layout.scale.capacity()) * sizeof(float);
  }
  return bytes;
}

const CompressedClipContext::SegmentLayout& CompressedClipContext::Layout(int segment) {
  SegmentLayout& layout = layouts_[segment & 1];
  if (layout.segment == segment) return layout;
  const CompressedClip& clip = *clip_;
  const int length = clip.SegmentSamples(segment);
  const bool last = segment + 1 == clip.SegmentCount();
  std::uint32_t bit = 0;
  for (int i = 0; i < tracks_; ++i) {
    const CompressedTrack& track = clip.Tracks()[i];
    int key_bits = track.largest == kPerKeyLargest ? 2 : 0;
    std::uint32_t packed = 0;
    for (int c = 0; c < 3; ++c) {
      const SegmentComponent header = clip.SegmentHeader(segment, i, c);
      const ComponentDecoding d = DecodingOf(header, track.range_min[c], track.range_extent[c]);
      layout.offset[3 * i + c] = d.offset;
      layout.scale[3 * i + c] = d.scale;
      key_bits += header.bits;
    }
    const int stride = clip.SegmentStride(segment, i);
    for (int c = 0; c < 3; ++c) {
      packed |= static_cast<std::uint32_t>(clip.SegmentHeader(segment, i, c).bits) << (5 * c);
    }
    std::uint32_t code = 0;
    while ((1 << code) < stride) ++code;
    packed |= code << 15;
    layout.packed[i] = packed;
    layout.first_bit[i] = bit;
    bit += static_cast<std::uint32_t>(key_bits * SegmentKeyCount(length, last, stride));
  }
  layout.segment = segment;
  return layout;
}

void CompressedClipContext::DecodeKey(int track, int sample, float out[4]) {
  const CompressedClip& clip = *clip_;
  const int segment = std::min(sample / clip.SegmentLength(), clip.SegmentCount() - 1);
  const SegmentLayout& layout = Layout(segment);
  const int length = clip.SegmentSamples(segment);
  const bool last = segment + 1 == clip.SegmentCount();
  const std::uint32_t packed = layout.packed[track];
  const CompressedTrack& t = clip.Tracks()[track];
  const int b0 = HeaderBits(packed, 0), b1 = HeaderBits(packed, 1), b2 = HeaderBits(packed, 2);
  const bool per_key = t.largest == kPerKeyLargest;
  const int key_bits = (per_key ? 2 : 0) + b0 + b1 + b2;
  const int index =
      SegmentKeyIndex(sample - segment * clip.SegmentLength(), length, last, HeaderStride(packed));
  const std::uint8_t* data = clip.SegmentData(segment) + tracks_ * kSegmentTrackHeaderBytes;
  const std::uint64_t bit = layout.first_bit[track] + static_cast<std::uint64_t>(index) * key_bits;
  // One 64-bit load holds a key of up to 57 bits past its first byte's
  // offset (nearly all); longer ones read each field on its own.
  std::uint32_t q[3];
  int largest = t.largest;
  const int bits[3] = {b0, b1, b2};
  if (key_bits <= 57) {
    std::uint64_t word;
    std::memcpy(&word, data + (bit >> 3), sizeof(word));
    word >>= bit & 7u;
    if (per_key) {
      largest = static_cast<int>(word & 3u);
      word >>= 2;
    }
    for (int i = 0; i < 3; ++i) {
      q[i] = static_cast<std::uint32_t>(word & ((std::uint64_t{1} << bits[i]) - 1u));
      word >>= bits[i];
    }
  } else {
    std::uint64_t at = bit;
    if (per_key) largest = static_cast<int>(CompressedClip::ReadBits(data, at, 2)), at += 2;
    for (int i = 0; i < 3; ++i) q[i] = CompressedClip::ReadBits(data, at, bits[i]), at += bits[i];
  }
  float c[3];
  for (int i = 0; i < 3; ++i) {
    c[i] = layout.offset[3 * track + i] +
           static_cast<float>(static_cast<std::int32_t>(q[i])) * layout.scale[3 * track + i];
  }
  if (t.channel == CompressedChannel::kRotation) {
    DecodeSmallestThree(c, largest, out);
  } else {
    out[0] = c[0], out[1] = c[1], out[2] = c[2], out[3] = 0.0f;
  }
  ++decoded_keys_;
}

// Moves track `track` to the keys around the clip's sample interval
// [interval, interval + 1]: the next pair shares a key with the last when
// play moves forward, so only one is decoded then.
void CompressedClipContext::MoveTrack(int track, int interval) {
  const CompressedClip& clip = *clip_;
  const int segment = interval / clip.SegmentLength();
  const int first = segment * clip.SegmentLength();
  const int stride = HeaderStride(Layout(segment).packed[track]);
  int a = 0, b = 0;
  SegmentKeyInterval(interval - first, clip.SegmentSamples(segment),
                     segment + 1 == clip.SegmentCount(), stride, &a, &b);
  a += first, b += first;
  const int rotations = clip.RotationTrackCount();
  const bool rotation = track < rotations;
  const int components = rotation ? 4 : 3;
  const int lanes = rotation ? rotation_lanes_ : vector_lanes_;
  const int lane = rotation ? track : track - rotations;
  float* ka = a_.data() + (rotation ? 0 : 4 * rotation_lanes_) + lane;
  float* kb = b_.data() + (rotation ? 0 : 4 * rotation_lanes_) + lane;
  float value[4];
  if (a == key_b_[track]) {
    for (int c = 0; c < components; ++c) ka[c * lanes] = kb[c * lanes];
  } else {
    DecodeKey(track, a, value);
    for (int c = 0; c < components; ++c) ka[c * lanes] = value[c];
  }
  DecodeKey(track, b, value);
  for (int c = 0; c < components; ++c) kb[c * lanes] = value[c];
  const int time_lane = rotation ? lane : rotation_lanes_ + lane;
  t0_[time_lane] = clip.SampleTime(a);
  t1_[time_lane] = clip.SampleTime(b);
  key_a_[track] = a;
  key_b_[track] = b;
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
    for (int i = 0; i < cx.tracks_; ++i) {
      if (!(cx.key_a_[i] <= k && k < cx.key_b_[i])) cx.MoveTrack(i, k);
    }
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
  for (int j = 0; j < rl; j += 4) {
    const F32x4 s = Fraction(cx.t0_.data() + j, cx.t1_.data() + j, time);
    const F32x4 u = 1.0f - s;
    F32x4 ca[6], cb[6];
    interpolation::SlerpSeriesCoefficients(u, ca);
    interpolation::SlerpSeriesCoefficients(s, cb);
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
