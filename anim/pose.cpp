#include "anim/pose.h"

#include <cassert>

namespace anim {

Pose::Pose(std::vector<Transform> locals, std::vector<int> parents,
           std::vector<glm::mat4> offsets)
    : locals_(std::move(locals)), parents_(std::move(parents)), offsets_(std::move(offsets)) {
  assert(locals_.size() == parents_.size());
  assert(offsets_.empty() || offsets_.size() == locals_.size());
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

void Pose::ComputeModelMatrices(std::span<glm::mat4> out) const {
  assert(out.size() == locals_.size());
  const int n = JointCount();
  for (int i = 0; i < n; ++i) {
    glm::mat4 local = ToMatrix(locals_[i]);
    if (!offsets_.empty()) local = offsets_[i] * local;
    const int p = parents_[i];
    // p < i is the skeleton's invariant, so out[p] is already final here.
    out[i] = p >= 0 ? out[p] * local : local;
  }
}

bool Pose::SameHierarchy(const Pose& other) const { return parents_ == other.parents_; }

}  // namespace anim
