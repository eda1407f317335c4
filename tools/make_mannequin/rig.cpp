#include "rig.h"

namespace mannequin {

namespace {
// Proportions of a 1.8 m adult: hip joints at 0.96 m, legs 0.88 m hip to
// ankle, shoulders at 1.47 m, head top at 1.80 m (see body.cpp).
constexpr float kUpLeg = 0.45f;
constexpr float kLeg = 0.43f;
constexpr float kAnkle = 0.08f;

const std::array<JointDef, kJointCount> kJoints = {{
    {"Hips", -1, {0.0f, 1.00f, 0.0f}},
    {"Spine", kHips, {0.0f, 0.10f, 0.0f}},
    {"Spine1", kSpine, {0.0f, 0.12f, 0.0f}},
    {"Spine2", kSpine1, {0.0f, 0.13f, 0.0f}},
    {"Neck", kSpine2, {0.0f, 0.17f, 0.0f}},
    {"Head", kNeck, {0.0f, 0.08f, 0.0f}},
    {"LeftShoulder", kSpine2, {0.04f, 0.12f, 0.0f}},
    {"LeftArm", kLeftShoulder, {0.14f, 0.0f, 0.0f}},
    {"LeftForeArm", kLeftArm, {0.28f, 0.0f, 0.0f}},
    {"LeftHand", kLeftForeArm, {0.25f, 0.0f, 0.0f}},
    {"RightShoulder", kSpine2, {-0.04f, 0.12f, 0.0f}},
    {"RightArm", kRightShoulder, {-0.14f, 0.0f, 0.0f}},
    {"RightForeArm", kRightArm, {-0.28f, 0.0f, 0.0f}},
    {"RightHand", kRightForeArm, {-0.25f, 0.0f, 0.0f}},
    {"LeftUpLeg", kHips, {0.09f, -0.04f, 0.0f}},
    {"LeftLeg", kLeftUpLeg, {0.0f, -kUpLeg, 0.0f}},
    {"LeftFoot", kLeftLeg, {0.0f, -kLeg, 0.0f}},
    {"LeftToeBase", kLeftFoot, {0.0f, -0.055f, 0.13f}},
    {"RightUpLeg", kHips, {-0.09f, -0.04f, 0.0f}},
    {"RightLeg", kRightUpLeg, {0.0f, -kUpLeg, 0.0f}},
    {"RightFoot", kRightLeg, {0.0f, -kLeg, 0.0f}},
    {"RightToeBase", kRightFoot, {0.0f, -0.055f, 0.13f}},
}};
}  // namespace

const std::array<JointDef, kJointCount>& Joints() { return kJoints; }

glm::vec3 BindPosition(int joint) {
  glm::vec3 p(0.0f);
  for (int j = joint; j >= 0; j = kJoints[j].parent) p += kJoints[j].offset;
  return p;
}

int MirrorJoint(int joint) {
  if (joint >= kLeftShoulder && joint <= kLeftHand) return joint + 4;
  if (joint >= kRightShoulder && joint <= kRightHand) return joint - 4;
  if (joint >= kLeftUpLeg && joint <= kLeftToeBase) return joint + 4;
  if (joint >= kRightUpLeg && joint <= kRightToeBase) return joint - 4;
  return joint;
}

float ThighLength() { return kUpLeg; }
float ShinLength() { return kLeg; }
float AnkleHeight() { return kAnkle; }
float ToeHeight() { return kAnkle - 0.055f; }

}  // namespace mannequin
