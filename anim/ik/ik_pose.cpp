#include "anim/ik/ik_pose.h"

#include "anim/blending/blending.h"
#include "anim/core/joint_offset.h"

namespace anim::ik {

glm::mat4 IkPose::ParentFrame(int joint) const {
  const int parent = Parent(joint);
  const glm::mat4 parent_model = parent >= 0 ? ModelMatrix(parent) : glm::mat4(1.0f);
  // The offset applied to an identity local gives parent * offset.
  return JointModelMatrix(skeleton_.OffsetKinds()[joint], skeleton_.Offsets()[joint],
                          glm::mat4(1.0f), &parent_model);
}

glm::mat4 IkPose::ComposeBelow(int ancestor, int joint) const {
  // Up the chain, without recursion: a deep hierarchy costs no stack.
  glm::mat4 m(1.0f);
  for (int j = joint; j >= 0 && j != ancestor; j = Parent(j)) {
    m = JointModelMatrix(skeleton_.OffsetKinds()[j], skeleton_.Offsets()[j], ToMatrix(Local(j)),
                         nullptr) *
        m;
  }
  return m;
}

bool IkPose::IsAncestorOrSelf(int ancestor, int joint) const {
  return IsInHierarchy(skeleton_.Parents(), ancestor, joint);
}

}  // namespace anim::ik
