// What the IK solvers work on: the runtime pose (SoaPose, local transforms)
// with the skeleton beside it for the hierarchy and the joints' offsets, as
// every other job takes them. A view: it owns nothing and allocates nothing;
// the solvers read and write the pose's locals through it, so later layers
// and the skinning palette see their corrections.
#pragma once

#include <glm/glm.hpp>

#include "anim/soa_pose.h"
#include "anim/soa_skeleton.h"
#include "anim/transform.h"

namespace anim::ik {

class IkPose {
 public:
  IkPose(const SoaSkeleton& skeleton, SoaPose& pose) : skeleton_(skeleton), pose_(pose) {}

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
  // * local at each joint, the rule of anim/joint_offset.h).
  glm::mat4 ModelMatrix(int joint) const;
  // The frame the joint's local transform is expressed in: its parent's
  // model matrix times its offset (the offset alone for a root).
  glm::mat4 ParentFrame(int joint) const;
  // True when `ancestor` is `joint` or one of its ancestors.
  bool IsAncestorOrSelf(int ancestor, int joint) const;

 private:
  const SoaSkeleton& skeleton_;
  SoaPose& pose_;
};

}  // namespace anim::ik
