#include "anim/compression/compressed_clip_sampler.h"

#include <algorithm>
#include <cstring>

#include "anim/interpolation.h"
#include "anim/soa_vector.h"

namespace anim {

namespace {

constexpr int Pad4(int n) { return (n + 3) / 4 * 4; }

// A rotation lane decoded this frame holds its three stored components in
// x, y, z and this plus the dropped component's index (0..3) in w, until
// FinishKeys makes it a quaternion.
constexpr float kStagedW = 2.0f;

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
  segment_ = -1;
  ints_.assign(static_cast<std::size_t>(2 * tracks_ + rotation_lanes_ / 4), 0);
  std::fill_n(Keys(), tracks_, kNoKeys);
  // Rotation tracks four at a time whose joints follow one another (within
  // the pose's padded arrays): written with one store per channel.
  for (int j = 0; j + 4 <= rotations; j += 4) {
    const int first = clip.Tracks()[j].joint;
    bool consecutive = first + 4 <= SoaPadded(clip.JointCount());
    for (int l = 1; l < 4; ++l)
      consecutive = consecutive && clip.Tracks()[j + l].joint == first + l;
    ConsecutiveJoints()[j / 4] = consecutive ? 1 : 0;
  }
  // Padding lanes span [0, 1] so their fraction is defined, and hold the
  // identity rotation so their (unused) results stay finite.
  floats_.assign(static_cast<std::size_t>(2 * Lanes() + 2 * KeyFloats()), 0.0f);
  std::fill_n(T1(), Lanes(), 1.0f);
  for (int l = 0; l < rotation_lanes_; ++l) {
    A()[3 * rotation_lanes_ + l] = 1.0f;
    B()[3 * rotation_lanes_ + l] = 1.0f;
  }
  decoded_keys_ = 0;
}

std::size_t CompressedClipContext::ByteSize() const {
  return sizeof(*this) + ints_.capacity() * sizeof(std::int32_t) +
         floats_.capacity() * sizeof(float);
}

void CompressedClipContext::DecodeKey(const TrackKeys& keys, int track, int index, int block) {
  const SegmentTrackHeader& h = keys.header;
  const bool per_key_largest = clip_->Tracks()[track].largest == kPerKeyLargest;
  const std::uint64_t bit = keys.first_bit + static_cast<std::uint64_t>(index) * keys.key_bits;
  // One 64-bit load holds a key of up to 57 bits past its first byte's
  // offset (nearly all); longer ones read each field on its own.
  std::uint32_t q[3];
  int largest = 0;
  if (keys.key_bits <= 57) {
    std::uint64_t word;
    std::memcpy(&word, keys.data + (bit >> 3), sizeof(word));
    word >>= bit & 7u;
    if (per_key_largest) {
      largest = static_cast<int>(word & 3u);
      word >>= 2;
    }
    for (int i = 0; i < 3; ++i) {
      q[i] = static_cast<std::uint32_t>(word & ((std::uint64_t{1} << h.bits[i]) - 1u));
      word >>= h.bits[i];
    }
  } else {
    std::uint64_t at = bit;
    if (per_key_largest) {
      largest = static_cast<int>(CompressedClip::ReadBits(keys.data, at, 2));
      at += 2;
    }
    for (int i = 0; i < 3; ++i) {
      q[i] = CompressedClip::ReadBits(keys.data, at, h.bits[i]);
      at += h.bits[i];
    }
  }
  // Translations and scales are their values; rotations keep their three
  // stored components in x, y, z until FinishKeys.
  const int rotations = clip_->RotationTrackCount();
  const bool rotation = track < rotations;
  const int lanes = rotation ? rotation_lanes_ : vector_lanes_;
  const int lane = rotation ? track : track - rotations;
  float* out = (block == 0 ? A() : B()) + (rotation ? 0 : 4 * rotation_lanes_) + lane;
  const CompressedTrack& t = clip_->Tracks()[track];
  for (int i = 0; i < 3; ++i) {
    const ComponentDecoding d =
        DecodingOf({h.bits[i], h.range[i]}, t.range_min[i], t.range_extent[i]);
    out[i * lanes] = d.offset + static_cast<float>(static_cast<std::int32_t>(q[i])) * d.scale;
  }
  if (rotation) {
    // w (a unit quaternion's is within [-1, 1]) marks the lane as waiting
    // and holds the dropped component's index.
    out[3 * lanes] = kStagedW + static_cast<float>(per_key_largest ? largest : t.largest);
  }
  ++decoded_keys_;
}

void CompressedClipContext::FinishKeys(int block) {
  using namespace soa;
  float* out = block == 0 ? A() : B();
  // Rotations decoded this frame: smallest three back to unit quaternions
  // in place (DecodeSmallestThree without branches).
  const int rl = rotation_lanes_;
  for (int j = 0; j < rl; j += 4) {
    const F32x4 staged_w = Load4(out + 3 * rl + j);
    const I32x4 mask = staged_w > kStagedW - 0.5f;
    if (!Any(mask)) continue;
    const F32x4 s0 = Load4(out + j), s1 = Load4(out + rl + j), s2 = Load4(out + 2 * rl + j);
    const F32x4 sum = s0 * s0 + s1 * s1 + s2 * s2;
    const I32x4 inside = sum < 1.0f;
    const F32x4 w = Select(inside, Sqrt4(1.0f - Select(inside, sum, Splat4(0.0f))), Splat4(0.0f));
    const F32x4 k = Select(inside, Splat4(1.0f), 1.0f / Sqrt4(Select(inside, Splat4(1.0f), sum)));
    const F32x4 a = s0 * k, b = s1 * k, c = s2 * k;
    const F32x4 largest = staged_w - kStagedW;
    const I32x4 is_x = largest<0.5f, is_w = largest> 2.5f;
    const I32x4 is_y = ~is_x & (largest < 1.5f), is_z = ~is_w & (largest > 1.5f);
    const F32x4 q[4] = {Select(is_x, w, a), Select(is_y, w, Select(is_x, a, b)),
                        Select(is_z, w, Select(is_w, c, b)), Select(is_w, w, c)};
    for (int i = 0; i < 4; ++i) {
      Store4(out + i * rl + j, Select(mask, q[i], Load4(out + i * rl + j)));
    }
  }
}

// Every track whose two keys no longer surround the clip's sample interval
// [k, k + 1] moves to the keys that do: when play moves forward the new pair
// starts at the old pair's second key, so only one key is decoded then.
void CompressedClipContext::MoveTracks(int k) {
  const CompressedClip& clip = *clip_;
  const int segment = k / clip.SegmentLength();
  const int first = segment * clip.SegmentLength();
  const int length = clip.SegmentSamples(segment);
  const bool last = segment + 1 == clip.SegmentCount();
  const int local = k - first;
  const int rotations = clip.RotationTrackCount();
  const std::span<const CompressedTrack> tracks = clip.Tracks();
  if (segment != segment_) {
    std::uint32_t bit = 0;
    for (int i = 0; i < tracks_; ++i) {
      FirstBit()[i] = static_cast<std::int32_t>(bit);
      const SegmentTrackHeader h = clip.TrackHeader(segment, i);
      bit += static_cast<std::uint32_t>(KeyBitsOf(h, tracks[i].largest) *
                                        SegmentKeyCount(length, last, 1 << h.stride_shift));
    }
    segment_ = segment;
  }
  const std::uint8_t* data = clip.SegmentKeys(segment);
  // The next segment's first keys, for tracks whose second key is there:
  // where each starts is summed only as far as such a track needs.
  std::uint32_t next_bit = 0;
  int next_summed = 0;
  for (int i = 0; i < tracks_; ++i) {
    const std::int32_t held = Keys()[i];
    const int held_b = KeyBOf(held);
    if (held_b - KeyGapOf(held) <= k && k < held_b) continue;
    const SegmentTrackHeader header = clip.TrackHeader(segment, i);
    const TrackKeys keys{data, static_cast<std::uint32_t>(FirstBit()[i]), header,
                         KeyBitsOf(header, tracks[i].largest)};
    const int shift = keys.header.stride_shift;
    const int a = local >> shift << shift;
    const int next = a + (1 << shift);
    const int b = next < length ? next : (last ? length - 1 : length);
    const bool rotation = i < rotations;
    const int lanes = rotation ? rotation_lanes_ : vector_lanes_;
    const int lane = rotation ? i : i - rotations;
    const std::size_t at = (rotation ? 0 : 4u * rotation_lanes_) + lane;
    const int ga = first + a, gb = first + b;
    if (ga == held_b) {
      for (int c = 0; c < (rotation ? 4 : 3); ++c) A()[at + c * lanes] = B()[at + c * lanes];
    } else {
      DecodeKey(keys, i, a >> shift, 0);
    }
    if (b < length) {
      const int index = (b & ((1 << shift) - 1)) == 0
                            ? b >> shift
                            : SegmentKeyCount(length, last, 1 << shift) - 1;
      DecodeKey(keys, i, index, 1);
    } else {
      const int next_length = clip.SegmentSamples(segment + 1);
      const bool next_last = segment + 2 == clip.SegmentCount();
      for (; next_summed < i; ++next_summed) {
        const SegmentTrackHeader h = clip.TrackHeader(segment + 1, next_summed);
        next_bit += static_cast<std::uint32_t>(
            KeyBitsOf(h, tracks[next_summed].largest) *
            SegmentKeyCount(next_length, next_last, 1 << h.stride_shift));
      }
      const SegmentTrackHeader h = clip.TrackHeader(segment + 1, i);
      DecodeKey({clip.SegmentKeys(segment + 1), next_bit, h, KeyBitsOf(h, tracks[i].largest)}, i, 0,
                1);
    }
    const int time_lane = rotation ? lane : rotation_lanes_ + lane;
    T0()[time_lane] = clip.SampleTime(ga);
    T1()[time_lane] = clip.SampleTime(gb);
    Keys()[i] = PackKeys(ga, gb);
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
  const float* a = cx.A();
  const float* b = cx.B();
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
    const F32x4 lane_t0 = Load4(cx.T0() + j), lane_t1 = Load4(cx.T1() + j);
    if (!Any((lane_t0 < interval_t0) | (lane_t0 > interval_t0) | (lane_t1 < interval_t1) |
             (lane_t1 > interval_t1))) {
      s = shared_s;
      for (int i = 0; i < 6; ++i) ca[i] = shared_ca[i], cb[i] = shared_cb[i];
    } else {
      s = Fraction(cx.T0() + j, cx.T1() + j, time);
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
    if (cx.ConsecutiveJoints()[j / 4]) {  // four tracks of joints in a row: one store each
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
    const F32x4 s = Fraction(cx.T0() + rl + j, cx.T1() + rl + j, time);
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
