#include "gait.h"

#include <algorithm>
#include <cmath>

#include "rig.h"

namespace mannequin {

namespace {

struct FootState {
  glm::vec3 ankle;
  float pitch;     // degrees, heel up
  float toe_bend;  // degrees of the toes relative to the foot (negative: bent up)
};

// Stance: flat until heel_lift, then rolling about the planted toes.
FootState Stance(const GaitParams& p, float phase) {
  const float travel = p.speed * p.period * phase;  // how far the ground moved back
  const float ankle_height = AnkleHeight();
  if (phase <= p.heel_lift) return {{0.0f, ankle_height, p.land_z - travel}, 0.0f, 0.0f};
  const float s = (phase - p.heel_lift) / (p.toe_off - p.heel_lift);
  const float pitch = p.toe_off_pitch * s * s;  // the heel rises from rest, faster and faster
  const glm::vec3 toe_land = glm::vec3(0.0f, ankle_height, p.land_z) + ToeOffset();
  const glm::vec3 toe = toe_land - glm::vec3(0.0f, 0.0f, travel);
  const glm::vec3 ankle = toe - RotX(pitch) * ToeOffset();
  return {ankle, pitch, -pitch};  // toes stay flat on the ground
}

FootState Swing(const GaitParams& p, float s) {
  // Start where stance ended, with its velocity, so the path is smooth.
  const float swing_time = (1.0f - p.toe_off) * p.period;
  const float dphase = 1e-3f;
  const FootState off = Stance(p, p.toe_off);
  const FootState before = Stance(p, p.toe_off - dphase);
  const glm::vec3 v_off = (off.ankle - before.ankle) / (dphase * p.period);
  const float pitch_rate = (off.pitch - before.pitch) / (dphase * p.period);
  // Touch down flat, moving back with the ground and slightly down.
  const glm::vec3 land(0.0f, AnkleHeight(), p.land_z);
  const glm::vec3 v_land(0.0f, -p.landing_speed, -p.speed);
  glm::vec3 ankle;
  ankle.x = 0.0f;
  ankle.z = Hermite(off.ankle.z, v_off.z * swing_time, land.z, v_land.z * swing_time, s);
  // A quick early lift (non-zero upward speed at toe off) so the toes clear
  // the ground at once instead of skimming it while the foot speeds up.
  const float early = 0.03f * std::sin(kPi * std::min(1.0f, s / 0.35f));
  ankle.y = Hermite(off.ankle.y, v_off.y * swing_time, land.y, v_land.y * swing_time, s) +
            p.swing_lift * 16.0f * s * s * (1.0f - s) * (1.0f - s) + early;
  // The foot levels out during the first 70% of the swing, with a little
  // toes-up just before landing; the toes, flat on the ground at toe off,
  // straighten into the foot slowly so their tips never point into the ground.
  // It keeps rolling at the stance's rate for an instant (else the toes,
  // which rolled in place, would jerk forward at toe off).
  const float level = std::min(1.0f, s / 0.7f);
  float pitch = Hermite(off.pitch, pitch_rate * 0.7f * swing_time, 0.0f, 0.0f, level);
  pitch -= 12.0f * std::pow(std::sin(kPi * s), 2.0f) * s;
  const float toe_bend = off.toe_bend * (1.0f - Smoothstep(0.0f, 0.7f, s));
  return {ankle, pitch, toe_bend};
}

}  // namespace

glm::vec3 ToeOffset() { return Joints()[kLeftToeBase].offset; }

LegGoal FootGoal(const GaitParams& p, float phase, bool left) {
  phase = Wrap01(phase);
  const FootState state =
      phase < p.toe_off ? Stance(p, phase) : Swing(p, (phase - p.toe_off) / (1.0f - p.toe_off));
  LegGoal goal;
  goal.ankle = state.ankle + glm::vec3(left ? p.foot_x : -p.foot_x, 0.0f, 0.0f);
  goal.foot = RotX(state.pitch);  // pitch only: the same on both sides
  goal.toes = goal.foot * RotX(state.toe_bend);
  goal.knee_direction = glm::normalize(glm::vec3(left ? 0.08f : -0.08f, 0.0f, 1.0f));
  return goal;
}

void GaitUpperBody(const GaitParams& p, float phase, float amplitude, RigPose& pose) {
  const float w = kTwoPi * phase;
  // The left foot is mid-stance around phase ~0.3.
  const float mid_left = 0.5f * p.toe_off;
  const float yaw = -(p.pelvis_yaw * amplitude) * std::cos(w);
  const float roll = (p.pelvis_roll * amplitude) * std::cos(kTwoPi * (phase - mid_left));
  const float lean = p.forward_lean * amplitude;
  pose.joints[kHips].rotation = RotY(yaw) * RotZ(roll) * RotX(lean);

  // Spine: undo the pelvis roll and turn the shoulders against the hips.
  const float twist = (p.chest_twist * amplitude) * std::cos(w);
  pose.joints[kSpine].rotation = RotZ(-0.5f * roll) * RotY(-0.3f * yaw);
  pose.joints[kSpine1].rotation = RotZ(-0.5f * roll) * RotY(-0.5f * yaw + 0.5f * twist);
  pose.joints[kSpine2].rotation = RotY(-0.4f * yaw + 0.5f * twist);
  // Neck and head undo the chest's turn and lean so the gaze stays level and forward.
  const float chest_yaw = yaw + (-1.2f * yaw + twist);
  pose.joints[kNeck].rotation = RotY(-0.5f * chest_yaw) * RotX(-0.5f * lean);
  pose.joints[kHead].rotation = RotY(-0.5f * chest_yaw) * RotX(-0.5f * lean);

  // Arms swing opposite to the legs: the left arm is back when the left foot lands.
  for (bool left : {true, false}) {
    const float arm_phase = left ? phase : phase + 0.5f;
    const float swing = -std::cos(kTwoPi * arm_phase);  // +1 fully forward
    const float forward = p.arm_swing_offset + (p.arm_swing * amplitude) * swing;
    const float elbow = p.elbow_bend + (p.elbow_swing * amplitude) * std::max(0.0f, swing);
    const glm::quat arm = RotX(-forward) * RotZ(-p.arm_down);
    const glm::quat fore = RotY(-elbow);
    const glm::quat shoulder = RotZ(-4.0f) * RotY(-2.0f * swing * amplitude);
    if (left) {
      pose.joints[kLeftShoulder].rotation = shoulder;
      pose.joints[kLeftArm].rotation = arm;
      pose.joints[kLeftForeArm].rotation = fore;
      pose.joints[kLeftHand].rotation = RotZ(-8.0f);
    } else {
      pose.joints[kRightShoulder].rotation = MirrorRotation(shoulder);
      pose.joints[kRightArm].rotation = MirrorRotation(arm);
      pose.joints[kRightForeArm].rotation = MirrorRotation(fore);
      pose.joints[kRightHand].rotation = MirrorRotation(RotZ(-8.0f));
    }
  }
}

RigPose GaitPose(const GaitParams& p, float t) {
  const float phase = Wrap01(t / p.period);  // 0: left foot lands
  RigPose pose;
  // Hips: highest twice a cycle, over the stance foot.
  const float mid_left = 0.5f * p.toe_off;
  glm::vec3 hips(0.0f, p.hip_height, 0.0f);
  hips.y += p.bob * std::cos(2.0f * kTwoPi * (phase - p.bob_high_phase));
  hips.x += p.sway * std::cos(kTwoPi * (phase - mid_left));
  pose.joints[kHips].translation = hips;
  GaitUpperBody(p, phase, 1.0f, pose);

  SolveLeg(pose, true, FootGoal(p, phase, true));
  SolveLeg(pose, false, FootGoal(p, phase + 0.5f, false));
  return pose;
}

}  // namespace mannequin
