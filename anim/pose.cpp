#include "anim/pose.h"

#include <cassert>

#include "anim/affine.h"

namespace anim {

namespace {

enum OffsetKind : unsigned char { kIdentityOffset, kAffineOffset, kGeneralOffset };

using affine::IsAffine;
using affine::MultiplyAffine;

// ToMatrix (transform.cpp) inlined here, where it runs once per joint per frame.
glm::mat4 LocalMatrix(const Transform& t) {
  const glm::mat3 r = glm::mat3_cast(t.rotation);
  glm::mat4 m;
  m[0] = glm::vec4(r[0] * t.scale.x, 0.0f);
  m[1] = glm::vec4(r[1] * t.scale.y, 0.0f);
  m[2] = glm::vec4(r[2] * t.scale.z, 0.0f);
  m[3] = glm::vec4(t.translation, 1.0f);
  return m;
}

}  // namespace

Pose::Pose(std::vector<Transform> locals, std::vector<int> parents, std::vector<glm::mat4> offsets)
    : locals_(std::move(locals)), parents_(std::move(parents)), offsets_(std::move(offsets)) {
  assert(locals_.size() == parents_.size());
  assert(offsets_.empty() || offsets_.size() == locals_.size());
  offset_kinds_.reserve(offsets_.size());
  for (const glm::mat4& m : offsets_) {
    offset_kinds_.push_back(m == glm::mat4(1.0f) ? kIdentityOffset
                            : IsAffine(m)        ? kAffineOffset
                                                 : kGeneralOffset);
  }
}

glm::mat4 Pose::ModelMatrix(int joint) const {
  glm::mat4 m(1.0f);
  for (int j = joint; j >= 0; j = parents_[j]) {
    glm::mat4 local = ToMatrix(locals_[j]);
    if (!offsets_.empty()) local = offsets_[j] * local;
    m = local * m;
  }
  return m;
}

bool Pose::ComputeModelMatrices(std::span<glm::mat4> out) const {
  if (out.size() != locals_.size()) return false;
  const int n = JointCount();
  const bool has_offsets = !offsets_.empty();
  for (int i = 0; i < n; ++i) {
    glm::mat4 local = LocalMatrix(locals_[i]);
    bool affine = true;  // a TRS matrix is
    if (has_offsets) {
      switch (offset_kinds_[i]) {
        case kIdentityOffset: break;  // offset * local == local
        case kAffineOffset: local = MultiplyAffine(offsets_[i], local); break;
        default:
          local = offsets_[i] * local;
          affine = IsAffine(local);
          break;
      }
    }
    const int p = parents_[i];
    // p < i is the skeleton's invariant, so out[p] is already final here.
    if (p < 0) {
      out[i] = local;
    } else {
      out[i] = affine ? MultiplyAffine(out[p], local) : out[p] * local;
    }
  }
  return true;
}

}  // namespace anim
