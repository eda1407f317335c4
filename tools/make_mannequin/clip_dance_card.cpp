// The locomotion dance card (assets/mannequin_locomotion.gltf): minutes of
// motion for motion matching to search, generated along paths (path_gait.h)
// rather than captured. Starts and stops at walk and run speed, turns of 45,
// 90, 135 and 180 degrees while walking and running, walking and running
// round gentle curves, turning on the spot, a side step and backing up. Turns go to the character's
// left only: motion matching adds each clip's mirror image (the right turns).
#include <cmath>
#include <functional>
#include <string>

#include "baking.h"
#include "clip_data.h"
#include "path_gait.h"

namespace mannequin {

namespace {

constexpr int kKeysPerSecond = 30;

// 0 before t0, 1 after t1, smooth between.
float Ramp(float t, float t0, float t1) { return Smoothstep(t0, t1, t); }

// The shortest whole number of cycles lasting at least `seconds`.
float WholeCycles(const GaitParams& p, float seconds) {
  return p.period * std::ceil(seconds / p.period - 1e-4f);
}

ClipData Bake(const std::string& name, const GaitParams& p, const MotionProfile& profile,
              float duration) {
  const GroundPath path(profile, duration);
  ClipData clip;
  clip.name = name;
  clip.channels = BakeLinear([&](float t) { return PathGaitPose(p, path, t); }, duration,
                             kKeysPerSecond, AllJoints(), true);
  return clip;
}

// Standing 0.6 s, then up to speed over a second, on to a whole number of cycles.
ClipData Start(const std::string& name, const GaitParams& p) {
  const float duration = WholeCycles(p, 3.0f);
  return Bake(
      name, p,
      [p](float t) {
        return PathMotion{p.speed * Ramp(t, 0.6f, 1.6f), 0, 0};
      },
      duration);
}

// At speed for a cycle, down to standing over a second, standing to the end.
ClipData Stop(const std::string& name, const GaitParams& p) {
  const float duration = WholeCycles(p, 3.0f);
  const float from = p.period;
  return Bake(
      name, p,
      [p, from](float t) {
        return PathMotion{p.speed * (1.0f - Ramp(t, from, from + 1.0f)), 0, 0};
      },
      duration);
}

// Straight for a cycle, a turn of `degrees` to the left at `rate` degrees a
// second (easing in and out over 0.2 s each), straight for a cycle more.
ClipData Turn(const std::string& name, const GaitParams& p, float degrees, float rate) {
  const float ease = 0.2f;
  const float turning = degrees / rate + ease;  // the eases turn half their length each
  const float t0 = p.period, t1 = t0 + turning;
  const float duration = WholeCycles(p, t1 + p.period);
  return Bake(
      name, p,
      [=](float t) {
        const float r = rate * Ramp(t, t0, t0 + ease) * (1.0f - Ramp(t, t1 - ease, t1));
        return PathMotion{p.speed, 0.0f, r};
      },
      duration);
}

// Walking round a circle at `rate` degrees a second (a radius of speed /
// rate), for whole cycles: the gentle curves a path follows.
ClipData Curve(const std::string& name, const GaitParams& p, float rate, float seconds) {
  ClipData clip = Bake(
      name, p,
      [p, rate](float) {
        return PathMotion{p.speed, 0.0f, rate};
      },
      WholeCycles(p, seconds));
  clip.role = "locomotion";
  return clip;
}

// Stepping round on the spot, `degrees` to the left at 90 degrees a second,
// standing before and after.
ClipData TurnOnTheSpot(const std::string& name, const GaitParams& p, float degrees) {
  const float rate = 90.0f, ease = 0.3f;
  const float t0 = 0.5f, t1 = t0 + degrees / rate + ease;
  const float duration = WholeCycles(p, t1 + 1.0f);
  return Bake(
      name, p,
      [=](float t) {
        return PathMotion{0.0f, 0.0f,
                          rate * Ramp(t, t0, t0 + ease) * (1.0f - Ramp(t, t1 - ease, t1))};
      },
      duration);
}

// Steady travel `direction` degrees from the facing, a loop of whole cycles.
ClipData Travel(const std::string& name, const GaitParams& p, float direction, float seconds) {
  return Bake(
      name, p,
      [p, direction](float) {
        return PathMotion{p.speed, direction, 0.0f};
      },
      WholeCycles(p, seconds));
}

// A side step: short quick steps at a slow pace.
GaitParams SideStepParams() {
  GaitParams p = WalkParams();
  p.period = 0.9f;
  p.speed = 0.8f;
  p.swing_lift = 0.04f;
  p.forward_lean = 0.0f;
  p.arm_swing = 6.0f;
  return p;
}

// Backing up: shorter strides, the foot down for half the cycle, no roll
// onto the toes (the foot leaves the ground ahead of the hips).
GaitParams BackUpParams() {
  GaitParams p = WalkParams();
  p.period = 1.0f;
  p.speed = 0.8f;
  p.toe_off = 0.5f;
  p.heel_lift = 0.45f;
  p.toe_off_pitch = 0.0f;
  p.land_z = 0.2f;
  p.forward_lean = -2.0f;
  p.arm_swing = 8.0f;
  return p;
}

}  // namespace

void MakeDanceCard(const std::function<void(ClipData)>& add) {
  const GaitParams walk = WalkParams(), run = RunParams();
  add(Start("Walk_Start", walk));
  add(Stop("Walk_Stop", walk));
  add(Start("Run_Start", run));
  add(Stop("Run_Stop", run));
  for (int degrees : {45, 90, 135, 180}) {
    add(Turn("Walk_Turn_Left_" + std::to_string(degrees), walk, static_cast<float>(degrees),
             90.0f));
    add(Turn("Run_Turn_Left_" + std::to_string(degrees), run, static_cast<float>(degrees), 120.0f));
  }
  add(Curve("Walk_Curve_Left", walk, 40.0f, 4.0f));
  add(Curve("Run_Curve_Left", run, 60.0f, 3.0f));
  add(TurnOnTheSpot("Turn_On_The_Spot_Left_90", walk, 90.0f));
  add(TurnOnTheSpot("Turn_On_The_Spot_Left_180", walk, 180.0f));
  add(Travel("Side_Step_Left", SideStepParams(), 90.0f, 3.0f));
  add(Travel("Back_Up", BackUpParams(), 180.0f, 3.0f));
}

}  // namespace mannequin
