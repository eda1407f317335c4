// Inline interpolation kernels of the per-frame path. They live in a header
// so the loops that run them once per joint per frame (Clip::Sample, Blend)
// inline them instead of calling across files; Track, NlerpShortest and Mix
// use the very same code, so the fast loops and the reference functions
// give identical results.
#pragma once

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/soa_vector.h"
#include "anim/core/transform.h"

namespace anim::interpolation {

// sin(t * theta) / sin(theta) for cos(theta) = 1 + d, d in (-0.1, 0]: the
// series sum_i f_i with f_0 = t, f_i = f_{i-1} * d * (t^2 - i^2) / (i (2i + 1))
// (D. Eberly, "A fast and accurate algorithm for computing SLERP", 2011).
// Each term is at most 0.05 times the one before here, so five terms leave
// a remainder below 2e-8: no acos and no sines, which cost more than the rest
// of a key's sampling.
//
// The factors depend on t alone, so the series is kept as a polynomial in
// d, sum_i c_i d^i with c_0 = t and c_i = c_{i-1} (t^2 - i^2) / (i (2i + 1)),
// and evaluated by Horner's rule: the crowd path (soa_clip.cpp) works the
// coefficients out once per clip sample and shares them across joints.
// T is float, or soa::F32x4 (F32x8) for four (eight) lanes: with one
// fraction on every lane (the raw clips' loop), or their own fractions (the
// compressed-clip sampler, whose tracks each sit at their own key interval).
// (Always inlined: see soa_vector.h on eight-lane values.)
template <typename T>
ANIM_SOA_ALWAYS_INLINE void SlerpSeriesCoefficients(T t, T (&c)[6]) {
  constexpr float kInv[6] = {0.0f,         1.0f / 3.0f,  1.0f / 10.0f,
                             1.0f / 21.0f, 1.0f / 36.0f, 1.0f / 55.0f};
  const T t2 = t * t;
  c[0] = t;
  for (int i = 1; i <= 5; ++i) c[i] = c[i - 1] * ((t2 - float(i * i)) * kInv[i]);
}

// T is float, or soa::F32x4 (F32x8) for four (eight) lanes at once.
template <typename T>
ANIM_SOA_ALWAYS_INLINE T SlerpSeries(const T (&c)[6], T d) {
  return c[0] + d * (c[1] + d * (c[2] + d * (c[3] + d * (c[4] + d * c[5]))));
}

inline float SlerpWeight(float t, float d) {
  float c[6];
  SlerpSeriesCoefficients(t, c);
  return SlerpSeries(c, d);
}

// Track LINEAR for rotations: slerp along the shorter arc, as glTF 2.0
// specifies for rotation channels, normalised (a when degenerate). Keys
// closer than about 50 degrees (all of them in sampled animation) take the
// trigonometry-free series above, which agrees with glm::slerp within 1e-6.
inline glm::quat SlerpKeys(const glm::quat& a, const glm::quat& b, float s) {
  const float cos_theta = glm::dot(a, b);
  const glm::quat near_b = cos_theta < 0.0f ? -b : b;
  const float near_cos = std::abs(cos_theta);
  glm::quat q;
  if (near_cos > 0.9f) {
    const float d = std::min(near_cos, 1.0f) - 1.0f;
    q = a * SlerpWeight(1.0f - s, d) + near_b * SlerpWeight(s, d);
  } else {
    q = glm::slerp(a, near_b, s);
  }
  // One division and four products (the crowd loops normalise the same way).
  const float len = glm::length(q);
  return len > 0.0f ? q * (1.0f / len) : a;
}

// See NlerpShortest in transform.h.
inline glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float t) {
  if (t == 0.0f) return a;
  const glm::quat near_b = glm::dot(a, b) < 0.0f ? -b : b;
  if (t == 1.0f) return near_b;
  const glm::quat q = a * (1.0f - t) + near_b * t;
  const float len = glm::length(q);
  // Only reachable when a == -near_b, which the neighbourhood flip rules out
  // for unit quaternions; guard anyway so garbage never reaches the palette.
  return len > 0.0f ? q * (1.0f / len) : a;
}

// See Mix in transform.h.
inline Transform Mix(const Transform& a, const Transform& b, float t) {
  if (t == 0.0f) return a;
  if (t == 1.0f)
    return Transform{b.translation, NlerpShortest(a.rotation, b.rotation, 1.0f), b.scale};
  Transform out;
  out.translation = glm::mix(a.translation, b.translation, t);
  out.rotation = NlerpShortest(a.rotation, b.rotation, t);
  out.scale = glm::mix(a.scale, b.scale, t);
  return out;
}

}  // namespace anim::interpolation
