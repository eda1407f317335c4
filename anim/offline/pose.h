// Pose: the local transform of every joint of a skeleton, plus the parent
// indices needed to turn it into model space, as an array of Transform. Not
// the runtime's pose (that is SoaPose, anim/core/soa_pose.h, with the
// hierarchy in the Skeleton): this is the plain view tools and tests read
// and write, and its model matrices, a straightforward loop, are what the
// runtime's vectorised kernels are checked against. Parents always come
// before their children, so model space is computed in one forward pass.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "anim/core/joint_offset.h"
#include "anim/core/skeleton.h"
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

  // A Pose converts to its locals, so SoaPose loads and stores it directly
  // (SoaPose soa(pose); soa.Store(pose)).
  operator std::span<const Transform>() const { return locals_; }
  operator std::span<Transform>() { return locals_; }

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

// A skeleton's pose as a Pose, with its hierarchy and offsets. Allocate.
Pose AsPose(const Skeleton& skeleton, const SoaPose& pose);
inline Pose RestPoseOf(const Skeleton& skeleton) { return AsPose(skeleton, skeleton.RestPose()); }
inline Pose BindPoseOf(const Skeleton& skeleton) { return AsPose(skeleton, skeleton.BindPose()); }

// A skeleton without a skin with this pose's hierarchy and locals as its rest
// (and bind) pose (Skeleton::BuildHierarchy). Empty, with *error saying why,
// when the skeleton refuses it.
Skeleton SkeletonOf(const Pose& rest, std::string* error = nullptr);
// A skeleton with the hierarchy and offsets of `rest` (Skeleton::Build; the
// same on failure).
Skeleton SkeletonOf(std::vector<std::string> names, const Pose& rest, const Pose& bind,
                    std::vector<glm::mat4> inverse_bind, std::string* error = nullptr);

}  // namespace anim
