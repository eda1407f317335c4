// Inline interpolation kernels of the per-frame path. They live in a header
// so the loops that run them once per joint per frame (Clip::Sample, Blend)
// inline them instead of calling across files; Track, NlerpShortest and Mix
// use the very same code, so the fast loops and the reference functions
// give identical results.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/transform.h"

namespace anim::interpolation {

// Track LINEAR for rotations: slerp along the shorter arc, as glTF 2.0
// specifies for rotation channels, normalised (a when degenerate).
inline glm::quat SlerpKeys(const glm::quat& a, const glm::quat& b, float s) {
  const glm::quat near_b = glm::dot(a, b) < 0.0f ? -b : b;
  const glm::quat q = glm::slerp(a, near_b, s);
  const float len = glm::length(q);
  return len > 0.0f ? q / len : a;
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
  return len > 0.0f ? q / len : a;
}

// See Mix in transform.h.
inline Transform Mix(const Transform& a, const Transform& b, float t) {
  if (t == 0.0f) return a;
  if (t == 1.0f) return Transform{b.translation, NlerpShortest(a.rotation, b.rotation, 1.0f), b.scale};
  Transform out;
  out.translation = glm::mix(a.translation, b.translation, t);
  out.rotation = NlerpShortest(a.rotation, b.rotation, t);
  out.scale = glm::mix(a.scale, b.scale, t);
  return out;
}

}  // namespace anim::interpolation
