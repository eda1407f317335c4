// Small math helpers the clips share: a local pose of the rig, forward
// kinematics, axis-angle rotations in degrees, left/right mirroring and the
// smooth curves the motions are made of.
#pragma once

#include <array>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "rig.h"

namespace mannequin {

struct JointPose {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
};

// A full local pose; starts as the bind pose (offsets, identity rotations).
struct RigPose {
  std::array<JointPose, kJointCount> joints;
  RigPose();
};

struct WorldPose {
  std::array<glm::vec3, kJointCount> position;
  std::array<glm::quat, kJointCount> rotation;
};

WorldPose ForwardKinematics(const RigPose& pose);

constexpr float kPi = 3.14159265358979f;
constexpr float kTwoPi = 2.0f * kPi;

// Rotation of `degrees` about the model axis `axis` (right-handed).
glm::quat Rot(float degrees, const glm::vec3& axis);
inline glm::quat RotX(float degrees) { return Rot(degrees, {1, 0, 0}); }
inline glm::quat RotY(float degrees) { return Rot(degrees, {0, 1, 0}); }
inline glm::quat RotZ(float degrees) { return Rot(degrees, {0, 0, 1}); }

// The same rotation seen in a mirror at x = 0 (left side motion -> right side).
glm::quat MirrorRotation(const glm::quat& q);

// Sets a joint's local rotation on the left side and its mirror image on the right.
void SetMirrored(RigPose& pose, int left_joint, const glm::quat& left_rotation,
                 const glm::quat& right_rotation);

float Smoothstep(float edge0, float edge1, float x);
// Cubic Hermite on [0, 1] between p0 and p1 with end slopes m0, m1 (per unit s).
float Hermite(float p0, float m0, float p1, float m1, float s);
// Wraps a phase into [0, 1).
float Wrap01(float phase);

}  // namespace mannequin
