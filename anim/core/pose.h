// Pose: the local transform of every joint of a skeleton, plus the parent
// indices needed to turn it into model space. Parents always come before
// their children, so model space is computed in one forward pass.
#pragma once

#include <span>
#include <vector>

#include "anim/core/joint_offset.h"
#include "anim/core/transform.h"

namespace anim {

class Pose {
 public:
  Pose() = default;
  // parents[i] < i for every joint, -1 for roots. offsets, when not empty,
  // holds one matrix per joint: the fixed transform of the non-joint nodes
  // that sit between a joint and its parent joint (for a root joint: its
  // non-joint ancestors, such as an armature's scale).
  Pose(std::vector<Transform> locals, std::vector<int> parents,
       std::vector<glm::mat4> offsets = {});

  int JointCount() const { return static_cast<int>(locals_.size()); }
  int Parent(int joint) const { return parents_[joint]; }
  std::span<const int> Parents() const { return parents_; }
  std::span<const glm::mat4> Offsets() const { return offsets_; }

  const Transform& Local(int joint) const { return locals_[joint]; }
  void SetLocal(int joint, const Transform& t) { locals_[joint] = t; }
  std::span<Transform> Locals() { return locals_; }
  std::span<const Transform> Locals() const { return locals_; }

  // Model-space matrix of one joint, walking up its parent chain.
  glm::mat4 ModelMatrix(int joint) const;

  // Model-space matrices of every joint in one pass in parent order;
  // nothing is allocated. Returns false, writing nothing, unless out.size()
  // is JointCount().
  bool ComputeModelMatrices(std::span<glm::mat4> out) const;

 private:
  std::vector<Transform> locals_;
  std::vector<int> parents_;
  std::vector<glm::mat4> offsets_;
  // Per joint, what its offset is (OffsetKind, joint_offset.h), worked out once
  // so ComputeModelMatrices skips identity offsets and uses the cheaper
  // affine product where the last row is (0, 0, 0, 1). Empty when offsets_ is.
  std::vector<OffsetKind> offset_kinds_;
};

}  // namespace anim
