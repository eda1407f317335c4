#include "anim/core/transform.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/interpolation.h"

namespace anim {

namespace {

// 1 / x that maps 0 to 0, so a collapsed (zero) scale stays collapsed
// instead of producing infinities that would poison every child.
float SafeReciprocal(float x) { return x == 0.0f ? 0.0f : 1.0f / x; }

}  // namespace

Transform Combine(const Transform& parent, const Transform& child) {
  Transform out;
  out.scale = parent.scale * child.scale;
  out.rotation = parent.rotation * child.rotation;
  out.translation = parent.translation + parent.rotation * (parent.scale * child.translation);
  return out;
}

Transform Inverse(const Transform& t) {
  Transform out;
  out.rotation = glm::conjugate(t.rotation);
  out.scale =
      glm::vec3(SafeReciprocal(t.scale.x), SafeReciprocal(t.scale.y), SafeReciprocal(t.scale.z));
  out.translation = out.rotation * (out.scale * -t.translation);
  return out;
}

glm::mat4 ToMatrix(const Transform& t) {
  const glm::mat3 r = glm::mat3_cast(t.rotation);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(r[0] * t.scale.x, 0.0f);
  m[1] = glm::vec4(r[1] * t.scale.y, 0.0f);
  m[2] = glm::vec4(r[2] * t.scale.z, 0.0f);
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

Transform FromMatrix(const glm::mat4& m) {
  Transform out;
  out.translation = glm::vec3(m[3]);
  glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
  out.scale = glm::vec3(glm::length(c0), glm::length(c1), glm::length(c2));
  if (glm::determinant(glm::mat3(c0, c1, c2)) < 0.0f) out.scale.x = -out.scale.x;
  c0 *= SafeReciprocal(out.scale.x);
  c1 *= SafeReciprocal(out.scale.y);
  c2 *= SafeReciprocal(out.scale.z);
  // A collapsed axis leaves no rotation information; identity is the only
  // honest answer there.
  if (out.scale.x == 0.0f || out.scale.y == 0.0f || out.scale.z == 0.0f) {
    out.rotation = glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  } else {
    out.rotation = glm::normalize(glm::quat_cast(glm::mat3(c0, c1, c2)));
  }
  return out;
}

glm::vec3 TransformPoint(const Transform& t, const glm::vec3& p) {
  return t.translation + t.rotation * (t.scale * p);
}

glm::quat NlerpShortest(const glm::quat& a, const glm::quat& b, float t) {
  return interpolation::NlerpShortest(a, b, t);
}

Transform Mix(const Transform& a, const Transform& b, float t) {
  return interpolation::Mix(a, b, t);
}

}  // namespace anim
