#include "anim/core/dual_quaternion.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

// Cofactor matrix: det(m) * inverse(transpose(m)), defined for singular m too.
glm::mat3 Cofactor(const glm::mat3& m) {
  return glm::mat3(glm::cross(m[1], m[2]), glm::cross(m[2], m[0]), glm::cross(m[0], m[1]));
}

// The orthogonal factor of the polar decomposition a = r * s (Higham's
// iteration r <- (r + r^-T) / 2, which converges quadratically); double
// precision so that tiny scales converge too. False when a is singular.
bool PolarRotation(const glm::dmat3& a, glm::dmat3* r) {
  if (std::abs(glm::determinant(a)) < 1e-18) return false;
  glm::dmat3 q = a;
  for (int i = 0; i < 60; ++i) {
    const glm::dmat3 next = 0.5 * (q + glm::transpose(glm::inverse(q)));
    double change = 0.0;
    for (int c = 0; c < 3; ++c) change += glm::length(next[c] - q[c]);
    q = next;
    if (change < 1e-12) break;
  }
  *r = q;
  return true;
}

}  // namespace

std::string_view SkinningMethodName(SkinningMethod method) {
  return method == SkinningMethod::kDualQuaternion ? "dqs" : "lbs";
}

bool ParseSkinningMethod(std::string_view text, SkinningMethod* method) {
  for (const SkinningMethod m : {SkinningMethod::kLinearBlend, SkinningMethod::kDualQuaternion}) {
    if (text == SkinningMethodName(m)) {
      *method = m;
      return true;
    }
  }
  return false;
}

DualQuaternion MakeDualQuaternion(const glm::quat& rotation, const glm::vec3& translation) {
  return {rotation, 0.5f * glm::quat(0.0f, translation) * rotation};
}

glm::vec3 TranslationOf(const DualQuaternion& q) {
  const glm::vec3 r(q.real.x, q.real.y, q.real.z);
  const glm::vec3 d(q.dual.x, q.dual.y, q.dual.z);
  return 2.0f * (q.real.w * d - q.dual.w * r + glm::cross(r, d));
}

glm::vec3 TransformPoint(const DualQuaternion& q, const glm::vec3& p) {
  return q.real * p + TranslationOf(q);
}

DualQuaternionJoint SplitPaletteMatrix(const glm::mat4& m) {
  const glm::dmat3 a{glm::mat3(m)};
  glm::dmat3 r(1.0);
  DualQuaternionJoint joint;
  if (PolarRotation(a, &r)) {
    if (glm::determinant(r) < 0.0) r = -r;  // a mirror: rotation -r, stretch -s
    const glm::dmat3 s = glm::transpose(r) * a;
    // Symmetric in exact arithmetic; averaging removes the rounding.
    joint.stretch = glm::mat3(0.5 * (s + glm::transpose(s)));
  } else {
    joint.stretch = glm::mat3(a);
  }
  joint.rigid = MakeDualQuaternion(glm::normalize(glm::quat_cast(glm::mat3(r))), glm::vec3(m[3]));
  return joint;
}

void BuildDualQuaternionPalette(std::span<const glm::mat4> palette,
                                std::span<DualQuaternionJoint> out) {
  const std::size_t n = std::min(palette.size(), out.size());
  for (std::size_t j = 0; j < n; ++j) out[j] = SplitPaletteMatrix(palette[j]);
}

DualQuaternionJoint BlendDualQuaternionJoints(std::span<const DualQuaternionJoint> palette,
                                              const glm::u16vec4& joints, const glm::vec4& weights,
                                              const glm::u16vec4& more_joints,
                                              const glm::vec4& more_weights) {
  static const DualQuaternionJoint kIdentity{};
  constexpr int kInfluences = 8;
  const DualQuaternionJoint* influence[kInfluences];
  float weight[kInfluences];
  int heaviest = 0;
  for (int k = 0; k < kInfluences; ++k) {
    const std::size_t joint = k < 4 ? joints[k] : more_joints[k - 4];
    weight[k] = k < 4 ? weights[k] : more_weights[k - 4];
    influence[k] = joint < palette.size() ? &palette[joint] : &kIdentity;
    if (weight[k] > weight[heaviest]) heaviest = k;
  }
  const glm::quat pivot = influence[heaviest]->rigid.real;
  glm::quat real(0.0f, 0.0f, 0.0f, 0.0f), dual(0.0f, 0.0f, 0.0f, 0.0f);
  glm::mat3 stretch(0.0f);
  for (int k = 0; k < kInfluences; ++k) {
    if (weight[k] == 0.0f) continue;
    const DualQuaternion& q = influence[k]->rigid;
    const float w = glm::dot(q.real, pivot) < 0.0f ? -weight[k] : weight[k];
    real += w * q.real;
    dual += w * q.dual;
    stretch += weight[k] * influence[k]->stretch;
  }
  const float length = glm::length(real);
  DualQuaternionJoint blended;
  blended.stretch = stretch;
  if (length > 0.0f) blended.rigid = {real / length, dual / length};
  return blended;
}

glm::vec3 SkinPoint(const DualQuaternionJoint& blended, const glm::vec3& p) {
  return TransformPoint(blended.rigid, blended.stretch * p);
}

glm::vec3 SkinNormal(const DualQuaternionJoint& blended, const glm::vec3& n) {
  return blended.rigid.real * (Cofactor(blended.stretch) * n);
}

}  // namespace anim
