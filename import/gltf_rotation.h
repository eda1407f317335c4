// Internal to anim_import: glTF rotations (x, y, z, w) as unit quaternions.
// The length is computed in double: in float, components near float's
// largest value (1e38) square to infinity, and dividing by that length gave
// a zero quaternion that reached the pose.
#pragma once

#include <cmath>

#include <glm/gtc/quaternion.hpp>

namespace anim::gltf {

// False for a zero-length or non-finite quaternion.
inline bool UnitQuaternion(double x, double y, double z, double w, glm::quat* out) {
  const double length = std::sqrt(x * x + y * y + z * z + w * w);
  if (!std::isfinite(length) || !(length > 1e-6)) return false;
  // glm::quat's constructor takes (w, x, y, z).
  *out = glm::quat(static_cast<float>(w / length), static_cast<float>(x / length),
                   static_cast<float>(y / length), static_cast<float>(z / length));
  return true;
}

}  // namespace anim::gltf
