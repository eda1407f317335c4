#include "anim/compression/compressed_clip_sampler.h"

#include <algorithm>

#include "anim/interpolation.h"
#include "anim/jobs/kernels.h"
#include "anim/soa_vector.h"

namespace anim {

namespace {

constexpr int Pad4(int n) { return (n + 3) / 4 * 4; }

// The largest key k in [lo, hi] whose time is at or before `time` (lo when
// none is): binary search over the fixed-width records.
int SearchKey(const CompressedClip& clip, const CompressedTrack& track, float time, int lo,
              int hi) {
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (clip.KeyTime(track, mid) <= time) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// The interval [k, k + 1] for `time`: the last key at or before `time`, at
// most key_count - 2 (a time at or past the last key uses the last
// interval at fraction 1). Equal times (a STEP jump) resolve to the later
// key, as STEP's "last key at or before t". `previous` is the track's
// interval before (-1: none) and `previous_end` the time of its key
// previous + 1; when the time of the new interval's end key is read on the
// way, it is left in *end (else *end is untouched).
int FindInterval(const CompressedClip& clip, const CompressedTrack& track, float time, int previous,
                 float previous_end, float* end) {
  const int last = static_cast<int>(track.key_count) - 2;
  if (previous < 0 || time < previous_end) {
    return SearchKey(clip, track, time, 0, previous < 0 ? last : previous);
  }
  // Forward playback crosses a key or two per frame: step, then search.
  int k = previous + 1;  // its time, previous_end, is at or before `time`
  for (int step = 0; step < 4 && k < last; ++step, ++k) {
    const float next = clip.KeyTime(track, k + 1);
    if (next > time) {
      *end = next;
      return k;
    }
  }
  return k >= last ? last : SearchKey(clip, track, time, k, last);
}

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
  return Select(has_span, s, Select(t >= b, Splat4(1.0f), Splat4(0.0f)));
}

// Copies a decoded key into lane `lane` of a [components][lanes] block.
void StoreLane(const float* value, int components, int lanes, int lane, float* block) {
  for (int c = 0; c < components; ++c) block[c * lanes + lane] = value[c];
}

}  // namespace

void CompressedClipContext::Bind(const CompressedClip& clip) {
  clip_ = &clip;
  const int tracks = static_cast<int>(clip.Tracks().size());
  rotation_lanes_ = Pad4(clip.RotationTrackCount());
  vector_lanes_ = Pad4(tracks - clip.RotationTrackCount());
  key_.assign(tracks, -1);
  // Per lane (rotation lanes, then vector lanes): padding lanes span [0, 1]
  // so their fraction is defined.
  const int lanes = rotation_lanes_ + vector_lanes_;
  t0_.assign(static_cast<std::size_t>(lanes), 0.0f);
  t1_.assign(static_cast<std::size_t>(lanes), 1.0f);
  const std::size_t floats = 4u * rotation_lanes_ + 3u * vector_lanes_;
  a_.assign(floats, 0.0f);
  b_.assign(floats, 0.0f);
  // Padding lanes hold the identity rotation so their (unused) results stay finite.
  for (int l = 0; l < rotation_lanes_; ++l) {
    a_[3 * rotation_lanes_ + l] = 1.0f;
    b_[3 * rotation_lanes_ + l] = 1.0f;
  }
}

std::size_t CompressedClipContext::ByteSize() const {
  return sizeof(*this) + key_.capacity() * sizeof(int) +
         (t0_.capacity() + t1_.capacity() + a_.capacity() + b_.capacity()) * sizeof(float);
}

void kernels::SampleCompressedClip(const CompressedClip& clip, float time,
                                   CompressedClipContext& context, SoaPose& pose) {
  CompressedClipContext& cx = context;

  for (const ConstantChannel& constant : clip.Constants()) {
    const int first = constant.channel == CompressedChannel::kTranslation ? kTx
                      : constant.channel == CompressedChannel::kRotation  ? kQx
                                                                          : kSx;
    const int count = constant.channel == CompressedChannel::kRotation ? 4 : 3;
    for (int c = 0; c < count; ++c) pose.Channel(first + c)[constant.joint] = constant.value[c];
  }

  // Cursors: move each track's interval to `time`, decoding only new keys.
  const std::span<const CompressedTrack> tracks = clip.Tracks();
  const int rotations = clip.RotationTrackCount();
  for (int i = 0; i < static_cast<int>(tracks.size()); ++i) {
    const CompressedTrack& track = tracks[i];
    const bool rotation = i < rotations;
    const int lanes = rotation ? cx.rotation_lanes_ : cx.vector_lanes_;
    const int lane = rotation ? i : i - rotations;
    const int time_lane = rotation ? lane : cx.rotation_lanes_ + lane;  // into t0_ and t1_
    const int components = rotation ? 4 : 3;
    float* a = cx.a_.data() + (rotation ? 0 : 4 * cx.rotation_lanes_);
    float* b = cx.b_.data() + (rotation ? 0 : 4 * cx.rotation_lanes_);
    int& key = cx.key_[i];
    float& t0 = cx.t0_[time_lane];
    float& t1 = cx.t1_[time_lane];
    const int last = static_cast<int>(track.key_count) - 2;
    if (key >= 0 && (time >= t0 || key == 0) && (time < t1 || key == last)) continue;
    float end = -1.0f;
    const int k = FindInterval(clip, track, time, key, t1, &end);
    float value[4];
    if (key >= 0 && k == key + 1) {
      for (int c = 0; c < components; ++c) a[c * lanes + lane] = b[c * lanes + lane];
      t0 = t1;
    } else {
      clip.DecodeKey(track, k, value);
      StoreLane(value, components, lanes, lane, a);
      t0 = clip.KeyTime(track, k);
    }
    clip.DecodeKey(track, k + 1, value);
    StoreLane(value, components, lanes, lane, b);
    t1 = end >= 0.0f ? end : clip.KeyTime(track, k + 1);
    key = k;
  }

  using namespace soa;
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
    for (int l = 0; l < 4 && j + l < rotations; ++l) {
      const int lane = j + l;
      if (far[l]) {
        const glm::quat r = interpolation::SlerpKeys(glm::quat(aw[l], ax[l], ay[l], az[l]),
                                                     glm::quat(bw[l], bx[l], by[l], bz[l]), s[l]);
        q[0][l] = r.x, q[1][l] = r.y, q[2][l] = r.z, q[3][l] = r.w;
      }
      const int joint = tracks[lane].joint;
      for (int c = 0; c < 4; ++c) pose.Channel(kQx + c)[joint] = q[c][l];
    }
  }

  // Translations and scales: lerp, x * (1 - s) + y * s as glm::mix.
  const int vl = cx.vector_lanes_;
  const int vectors = static_cast<int>(tracks.size()) - rotations;
  const float* va = cx.a_.data() + 4 * rl;
  const float* vb = cx.b_.data() + 4 * rl;
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
