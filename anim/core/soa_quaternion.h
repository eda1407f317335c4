// Quaternion kernels on four lanes at once (eight where the processor has
// AVX: soa_dispatch.h) for the per-frame loops, each written once:
// normalising with a fallback (the samplers and the two-pose blend) and
// interpolation::SlerpKeys, the series on every lane and the
// scalar redo of lanes too far apart for it (both samplers: soa_clip.cpp on
// raw clips, compressed_clip_sampler.cpp on compressed ones), so every path
// gives the same bits for the same keys.
#pragma once

#include "anim/core/interpolation.h"
#include "anim/core/soa_vector.h"

namespace anim::soa {

// q normalised lane by lane, `fallback` in the lanes where q has no length.
// One division and four products; the selects only run where some lane has
// no length, which unit keys and weights in [0, 1] on a shared hemisphere
// never give (the test costs one predictable branch; the selects cost more).
// V is F32x4, or F32x8 in code built for AVX (soa_vector.h), here and below.
template <typename V>
ANIM_SOA_ALWAYS_INLINE void NormaliseOr(V (&q)[4], const V (&fallback)[4]) {
  const V len = Sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const MaskOf<V> ok = len > 0.0f;
  if (All(ok)) {
    const V inv = 1.0f / len;
    for (int c = 0; c < 4; ++c) q[c] = q[c] * inv;
    return;
  }
  // Divided by 1 where len is 0, then selected.
  const V inv = 1.0f / Select(ok, len, Splat<V>(1.0f));
  for (int c = 0; c < 4; ++c) q[c] = Select(ok, q[c] * inv, fallback[c]);
}

// Rotation keys a and b (x, y, z, w lanes; lanes without a track hold the
// identity, so every value is defined) mixed with interpolation::SlerpSeries
// weights whose coefficients for 1 - s and s are ca and cb: shorter arc,
// series weights, normalised, a where the sum has no length. Branch-free but
// for one predictable test. Returns the lanes whose keys are too far apart
// for the series (all bits set there); those lanes of q are wrong and are
// for the caller to redo with the scalar SlerpKeys, which is exact at any angle.
template <typename V>
ANIM_SOA_ALWAYS_INLINE MaskOf<V> SlerpSeriesLanes(const V (&a)[4], const V (&b)[4],
                                                  const V (&ca)[6], const V (&cb)[6], V (&q)[4]) {
  const V cos_theta = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  const MaskOf<V> flip = cos_theta < 0.0f;
  const V near_cos = FlipSign(flip, cos_theta);  // |cos_theta|
  // min(near_cos, 1) - 1 = std::min(near_cos - 1, 0), branch-free.
  const V d = Select(near_cos - 1.0f > 0.0f, Splat<V>(0.0f), near_cos - 1.0f);
  const V wa = interpolation::SlerpSeries(ca, d);
  const V wb = FlipSign(flip, interpolation::SlerpSeries(cb, d));
  for (int c = 0; c < 4; ++c) q[c] = a[c] * wa + b[c] * wb;
  NormaliseOr(q, a);
  return ~(near_cos > 0.9f);
}

// The `far` lanes of q (SlerpSeriesLanes' result) again with the scalar
// interpolation::SlerpKeys, which is exact at any angle, each lane at its own
// fraction s.
template <typename V>
inline void RedoFarLanes(const V (&a)[4], const V (&b)[4], const V& s, const MaskOf<V>& far,
                         V (&q)[4]) {
  for (int l = 0; l < kLanesOf<V>; ++l) {
    if (!far[l]) continue;
    const glm::quat r =
        interpolation::SlerpKeys(glm::quat(a[3][l], a[0][l], a[1][l], a[2][l]),
                                 glm::quat(b[3][l], b[0][l], b[1][l], b[2][l]), s[l]);
    q[0][l] = r.x, q[1][l] = r.y, q[2][l] = r.z, q[3][l] = r.w;
  }
}

}  // namespace anim::soa
