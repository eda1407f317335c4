// The mannequin's skeleton: joint names (the conventional Mixamo-style set),
// parents, and bind-pose offsets. The bind pose has identity rotations on every
// joint, so a joint's bind-pose model transform is a pure translation and the
// inverse bind matrix is its negation. That keeps authoring simple: a clip's
// local rotations are rotations about axes aligned with the model axes.
// Conventions: Y up, the character faces +Z, its left side is +X.
#pragma once

#include <array>
#include <string>

#include <glm/glm.hpp>

namespace mannequin {

enum Joint : int {
  kHips,
  kSpine,
  kSpine1,
  kSpine2,
  kNeck,
  kHead,
  kLeftShoulder,
  kLeftArm,
  kLeftForeArm,
  kLeftHand,
  kRightShoulder,
  kRightArm,
  kRightForeArm,
  kRightHand,
  kLeftUpLeg,
  kLeftLeg,
  kLeftFoot,
  kLeftToeBase,
  kRightUpLeg,
  kRightLeg,
  kRightFoot,
  kRightToeBase,
  kJointCount
};

struct JointDef {
  const char* name;
  int parent;        // -1 for the root
  glm::vec3 offset;  // bind-pose translation relative to the parent
};

const std::array<JointDef, kJointCount>& Joints();

// Bind-pose model-space position of a joint (sum of offsets up the chain).
glm::vec3 BindPosition(int joint);

// The joint on the other side (LeftArm <-> RightArm); centre joints map to themselves.
int MirrorJoint(int joint);

// Leg dimensions that the clips' IK relies on.
float ThighLength();  // UpLeg -> Leg
float ShinLength();   // Leg -> Foot
float AnkleHeight();  // Foot joint above the ground in the bind pose
float ToeHeight();    // ToeBase joint above the ground in the bind pose

}  // namespace mannequin
