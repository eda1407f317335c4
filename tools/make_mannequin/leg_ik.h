// Analytic two-bone IK for a leg: places the ankle exactly at a target and
// orients foot and toes as asked, writing the local rotations of UpLeg, Leg,
// Foot and ToeBase. The hips must already be posed. Because every key of a
// locomotion clip is solved this way, planted feet stay planted by
// construction rather than by tuning.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "pose_math.h"

namespace mannequin {

struct LegGoal {
  glm::vec3 ankle{0.0f};                   // model-space ankle (Foot joint) position
  glm::quat foot{1.0f, 0.0f, 0.0f, 0.0f};  // model-space foot rotation (identity: flat, +Z)
  glm::quat toes{1.0f, 0.0f, 0.0f, 0.0f};  // model-space toe rotation
  glm::vec3 knee_direction{0, 0, 1};       // where the knee should point
};

// Returns hip-to-ankle distance / leg length (>= 1 means the target was out
// of reach and the leg was straightened towards it).
float SolveLeg(RigPose& pose, bool left, const LegGoal& goal);

// The largest reach ratio SolveLeg has seen since the last reset (the
// generator prints it per clip: near 1 the knee snaps straight).
float TakeMaxReach();

}  // namespace mannequin
