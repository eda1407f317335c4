// What the IK solvers work on: the runtime pose (SoaPose, local transforms)
// with the skeleton beside it for the hierarchy and the joints' offsets, as
// every other job takes them. A view: it owns nothing and allocates nothing;
// the solvers read and write the pose's locals through it, so later layers
// and the skinning palette see their corrections.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/core/transform.h"

namespace anim::ik {

class IkPose {
 public:
  IkPose(const Skeleton& skeleton, SoaPose& pose) : skeleton_(skeleton), pose_(pose) {}

  // False when the pose was made for another skeleton (joint counts
  // differ): every IK job's Validate(pose) then says so, and the solvers
  // leave the pose untouched and report invalid.
  bool Matches() const { return skeleton_.JointCount() == pose_.JointCount(); }
  int JointCount() const { return pose_.JointCount(); }
  int SkeletonJointCount() const { return skeleton_.JointCount(); }
  bool ValidJoint(int joint) const { return joint >= 0 && joint < JointCount(); }
  int Parent(int joint) const { return skeleton_.Parents()[joint]; }

  Transform Local(int joint) const { return pose_.Local(joint); }
  void SetLocal(int joint, const Transform& t) { pose_.SetLocal(joint, t); }

  // The joint's model matrix, composed up its parent chain (parent * offset
  // * local at each joint, the rule of anim/core/joint_offset.h).
  glm::mat4 ModelMatrix(int joint) const { return ComposeBelow(-1, joint); }
  // The same given the model matrix of `ancestor`, one of the joint's
  // ancestors: only the joints below it are composed, so walking down a
  // chain costs its length rather than its depth at every joint.
  glm::mat4 ModelMatrixBelow(int ancestor, const glm::mat4& ancestor_model, int joint) const {
    return ancestor_model * ComposeBelow(ancestor, joint);
  }
  // The frame the joint's local transform is expressed in: its parent's
  // model matrix times its offset (the offset alone for a root).
  glm::mat4 ParentFrame(int joint) const;
  // True when `ancestor` is `joint` or one of its ancestors.
  bool IsAncestorOrSelf(int ancestor, int joint) const;
  // True when `joint` is below `ancestor` (not `ancestor` itself): the next
  // link of a chain. Both must be the pose's joints.
  bool DescendsFrom(int joint, int ancestor) const {
    return joint != ancestor && IsAncestorOrSelf(ancestor, joint);
  }

 private:
  // offset * local of `joint` and each parent up to, not including,
  // `ancestor` (-1: the whole chain to the root), composed.
  glm::mat4 ComposeBelow(int ancestor, int joint) const;

  const Skeleton& skeleton_;
  SoaPose& pose_;
};

}  // namespace anim::ik
