// Building blocks of the standing clips (Idle, Punch, Jump): arms hanging
// at the sides and feet planted flat, with the legs solved by IK.
#pragma once

#include "leg_ik.h"
#include "pose_math.h"

namespace mannequin {

// Where the feet stand in the standing clips (left ankle; right mirrored).
glm::vec3 StandAnkle(bool left);

// Arms lowered from the T pose by `down` degrees, swung `forward` degrees,
// elbows bent `elbow` degrees; the same on both sides.
void RelaxArms(RigPose& pose, float down = 80.0f, float forward = 4.0f, float elbow = 12.0f);

// Both feet flat at their stand positions (plus `lift` for each).
void PlantFeet(RigPose& pose, float left_lift = 0.0f, float right_lift = 0.0f,
               float left_pitch = 0.0f, float right_pitch = 0.0f);

}  // namespace mannequin
