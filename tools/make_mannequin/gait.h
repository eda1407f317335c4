// Treadmill locomotion shared by Walk and Run. Each foot follows an authored
// path relative to the hips: flat stance sliding backward at exactly the
// ground speed, a heel roll about the planted toes, then a lifted swing arc
// forward to the next landing. The hips bob, sway and twist; the legs are
// solved with two-bone IK so the stance constraint holds by construction.
#pragma once

#include "leg_ik.h"
#include "pose_math.h"

namespace mannequin {

struct GaitParams {
  float period = 1.1f;  // seconds per cycle (two steps)
  float speed = 1.4f;   // ground speed, m/s
  // Phases within a foot's cycle (0 = that foot lands flat).
  float heel_lift = 0.3f;       // heel starts to rise, toes stay planted
  float toe_off = 0.6f;         // toes leave the ground
  float land_z = 0.3f;          // ankle distance ahead of the hips at landing
  float foot_x = 0.09f;         // ankle distance from the centre line
  float toe_off_pitch = 60.0f;  // foot pitch (degrees, heel up) at toe off
  float swing_lift = 0.1f;      // extra ankle height in mid swing
  float landing_speed = 0.2f;   // downward ankle speed at touch down, m/s
  // Hips.
  float hip_height = 0.98f;     // Hips joint height on average
  float bob = 0.02f;            // vertical amplitude (two bobs per cycle)
  float bob_high_phase = 0.3f;  // phase of a highest point
  float sway = 0.02f;           // side to side, towards the stance foot
  float pelvis_yaw = 5.0f;      // degrees, the leading leg's hip forward
  float pelvis_roll = 3.0f;     // degrees, the swing side drops
  float forward_lean = 3.0f;    // degrees of pitch of the whole upper body
  // Upper body.
  float chest_twist = 7.0f;       // shoulders counter-rotate against the pelvis
  float arm_down = 78.0f;         // arms lowered from the T pose, degrees
  float arm_swing = 18.0f;        // degrees forward/back, opposite to the legs
  float arm_swing_offset = 4.0f;  // arms hang slightly forward
  float elbow_bend = 15.0f;       // degrees, mean
  float elbow_swing = 8.0f;       // extra bend when the arm swings forward
};

// The toe joint's offset from the ankle in the foot's frame.
glm::vec3 ToeOffset();

// Goal for the left foot at a phase of its own cycle; the right foot uses the
// same path half a cycle later, mirrored.
LegGoal FootGoal(const GaitParams& p, float phase, bool left);

// The tuned parameters of the two clips (clip_locomotion.cpp).
GaitParams WalkParams();
GaitParams RunParams();

// The full pose at time t.
RigPose GaitPose(const GaitParams& p, float t);

// The hips' rotation (the pelvis's sway, roll and the body's lean, relative
// to where the character faces), the spine, neck, head and arms at a phase
// of the cycle; `amplitude` scales every swing (0: standing upright, arms
// still; 1: the full gait). Shared by the treadmill clips and path_gait.h.
void GaitUpperBody(const GaitParams& p, float phase, float amplitude, RigPose& pose);

}  // namespace mannequin
