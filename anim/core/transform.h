// Transform: a joint's local translation, rotation and scale (SQT), and the
// operations the runtime needs on it. Rotation is a unit quaternion.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

struct Transform {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // glm order: (w, x, y, z)
  glm::vec3 scale{1.0f};
};

// `q` at unit length, or the identity when `q` is zero (a sum of opposite
// rotations, a zero key in a file): a pose never gets a rotation that is
// not finite.
inline glm::quat NormalizedOrIdentity(const glm::quat& q) {
  const float len = glm::length(q);
  return len > 0.0f ? q / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

// parent * child: applying the result equals applying child, then parent.
// Exact for uniform scale; with non-uniform parent scale and a rotated child
// the product is not an SQT, so callers that need exactness use matrices
// (the model-space kernels compose matrices, not Transforms).
Transform Combine(const Transform& parent, const Transform& child);

// The transform that undoes t (same uniform-scale caveat as Combine). Scale
// components of zero stay zero instead of becoming infinite.
Transform Inverse(const Transform& t);

// Column-major 4x4 matrix T * R * S, as glTF defines a node's matrix.
glm::mat4 ToMatrix(const Transform& t);

// Decomposes an affine T * R * S matrix (no shear) back into a Transform.
// A negative determinant is carried by a negative x scale.
Transform FromMatrix(const glm::mat4& m);

glm::vec3 TransformPoint(const Transform& t, const glm::vec3& p);

// Quaternion nlerp that takes the shorter arc: when dot(a, b) < 0, b is
// negated first (q and -q are the same rotation; of the two, this picks the
// one in a's neighbourhood), so blending q with -q never swings the long way
// round. t = 0 gives a, t = 1 gives b (or -b, the same rotation), both
// exactly.
glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float t);

// The blend of two joint transforms: translation and scale interpolate
// linearly, rotation by NlerpShortest. t = 0 returns a exactly and t = 1
// returns b exactly (its rotation possibly negated, the same rotation).
Transform Mix(const Transform& a, const Transform& b, float t);

}  // namespace anim
