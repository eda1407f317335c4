// Walk and Run: treadmill cycles (the hips stay over the origin and the feet
// slide back at the ground speed while planted). The speed goes into the
// animation's extras so a game can move the character at the matching rate.
#include "baking.h"
#include "clip_data.h"
#include "gait.h"

namespace mannequin {

namespace {
// Between keys, LINEAR interpolation of the solved leg rotations drifts from
// the IK targets; 60 keys a second keeps a walking foot within a few mm.
// The run moves 2.5 times faster, so it gets twice the keys.
constexpr int kWalkKeysPerSecond = 60;
constexpr int kRunKeysPerSecond = 120;
// Footsteps: a foot's own cycle starts when it lands flat (gait.h), the
// left foot's at phase 0 of the clip and the right foot's half a cycle
// later (GaitPose), so those are the contact frames.
std::vector<ClipData::Event> Footsteps(const GaitParams& p) {
  return {{0.0f, "footstep_left"}, {0.5f * p.period, "footstep_right"}};
}

}  // namespace

GaitParams WalkParams() {
  GaitParams p;
  p.period = 1.1f;
  p.speed = 1.4f;
  // Contact events fall exactly on keys (66 keys a cycle), so the LINEAR
  // interpolation never smears a planted frame into a moving one.
  p.heel_lift = 20.0f / 66.0f;
  p.toe_off = 40.0f / 66.0f;
  p.land_z = 0.30f;
  p.foot_x = 0.085f;
  p.toe_off_pitch = 65.0f;
  p.swing_lift = 0.07f;
  p.landing_speed = 0.35f;
  p.hip_height = 0.93f;
  p.bob = 0.018f;
  p.bob_high_phase = 0.3f;
  p.sway = 0.025f;
  p.pelvis_yaw = 5.0f;
  p.pelvis_roll = 3.0f;
  p.forward_lean = 2.0f;
  return p;
}

ClipData MakeWalk() {
  const GaitParams p = WalkParams();
  ClipData clip;
  clip.name = "Walk";
  clip.speed = p.speed;
  clip.events = Footsteps(p);
  clip.channels = BakeLinear([p](float t) { return GaitPose(p, t); }, p.period, kWalkKeysPerSecond,
                             AllJoints(), true);
  return clip;
}

GaitParams RunParams() {
  GaitParams p;
  p.period = 0.7f;
  p.speed = 3.5f;
  // Contact events on keys (84 keys a cycle).
  p.heel_lift = 12.0f / 84.0f;
  p.toe_off = 28.0f / 84.0f;
  p.land_z = 0.24f;
  p.foot_x = 0.075f;
  p.toe_off_pitch = 65.0f;
  p.swing_lift = 0.22f;
  p.landing_speed = 0.7f;
  p.hip_height = 0.90f;
  // Lowest at mid stance (phase 0.18), highest in flight: a negative bob
  // puts the crest of the cosine at the trough.
  p.bob = -0.025f;
  p.bob_high_phase = 0.17f;
  p.sway = 0.01f;
  p.pelvis_yaw = 8.0f;
  p.pelvis_roll = 2.0f;
  p.forward_lean = 12.0f;
  p.chest_twist = 10.0f;
  p.arm_down = 72.0f;
  p.arm_swing = 35.0f;
  p.arm_swing_offset = 10.0f;
  p.elbow_bend = 80.0f;
  p.elbow_swing = 15.0f;
  return p;
}

ClipData MakeRun() {
  const GaitParams p = RunParams();
  ClipData clip;
  clip.name = "Run";
  clip.speed = p.speed;
  clip.events = Footsteps(p);
  clip.channels = BakeLinear([p](float t) { return GaitPose(p, t); }, p.period, kRunKeysPerSecond,
                             AllJoints(), true);
  return clip;
}

}  // namespace mannequin
