// Punch: a one-shot right jab from a relaxed stance, upper body only (no hip
// or leg channels), so it layers over Idle or Walk with an upper-body mask.
// The right fist turns palm-down with a STEP channel at the moment it flies,
// exercising glTF's STEP sampler with real data.
#include <cmath>

#include "baking.h"
#include "clip_data.h"
#include "standing.h"

namespace mannequin {

namespace {

constexpr float kPunchDuration = 1.2f;

// Piecewise smooth blend between poses keyed in time.
float Segment(float t, float t0, float t1) { return Smoothstep(t0, t1, t); }

struct ArmShape {
  float down, forward, elbow, twist;
};
ArmShape Mix(const ArmShape& a, const ArmShape& b, float s) {
  return {a.down + (b.down - a.down) * s, a.forward + (b.forward - a.forward) * s,
          a.elbow + (b.elbow - a.elbow) * s, a.twist + (b.twist - a.twist) * s};
}
glm::quat ArmRotation(const ArmShape& s) {
  return RotX(-s.forward) * RotZ(-s.down) * RotX(s.twist);
}

RigPose PunchPose(float t) {
  const ArmShape relaxed{80.0f, 4.0f, 12.0f, 0.0f};
  // `down` lowers the arm from the T pose, then `forward` swings it about the
  // shoulder's X axis: down 90 + forward 90 points the arm straight ahead.
  const ArmShape guard{80.0f, 35.0f, 130.0f, 25.0f};
  const ArmShape jab{90.0f, 86.0f, 4.0f, 0.0f};

  const float raise = Segment(t, 0.0f, 0.3f) * (1.0f - Segment(t, 0.8f, 1.2f));
  const float strike = Segment(t, 0.38f, 0.52f) * (1.0f - Segment(t, 0.6f, 0.8f));
  const float windup = Segment(t, 0.25f, 0.38f) * (1.0f - Segment(t, 0.38f, 0.5f));

  RigPose pose;
  RelaxArms(pose);
  // Left (guard) arm up and staying up; right arm from guard into the jab.
  const ArmShape left = Mix(relaxed, guard, raise);
  const ArmShape right = Mix(Mix(relaxed, guard, raise), jab, strike);
  SetMirrored(pose, kLeftArm, ArmRotation(left), ArmRotation(right));
  SetMirrored(pose, kLeftForeArm, RotY(-left.elbow), RotY(-right.elbow));
  SetMirrored(pose, kLeftShoulder, RotZ(-4.0f) * RotY(-6.0f * raise),
              RotZ(-4.0f) * RotY(-6.0f * raise - 14.0f * strike));
  // The chest winds up (right shoulder back) and drives through (right forward).
  const float yaw = -8.0f * windup + 24.0f * strike;
  pose.joints[kSpine].rotation = RotY(0.25f * yaw) * RotX(3.0f * raise);
  pose.joints[kSpine1].rotation = RotY(0.35f * yaw) * RotX(3.0f * raise);
  pose.joints[kSpine2].rotation = RotY(0.4f * yaw);
  // Eyes stay on the target.
  pose.joints[kNeck].rotation = RotY(-0.5f * yaw) * RotX(-3.0f * raise);
  pose.joints[kHead].rotation = RotY(-0.5f * yaw) * RotX(-3.0f * raise);
  return pose;
}

// The right hand: palm in while relaxed, snapping palm-down for the strike.
Channel RightFistStep() {
  Channel c;
  c.joint = kRightHand;
  c.path = Path::kRotation;
  c.interp = Interp::kStep;
  const glm::quat relaxed = MirrorRotation(RotZ(-8.0f));
  const glm::quat turned = MirrorRotation(RotX(-70.0f) * RotZ(-5.0f));
  for (auto [time, q] : {std::pair{0.0f, relaxed}, std::pair{0.40f, turned},
                         std::pair{0.70f, relaxed}, std::pair{kPunchDuration, relaxed}}) {
    c.times.push_back(time);
    c.values.push_back(glm::vec4(q.x, q.y, q.z, q.w));
  }
  return c;
}

}  // namespace

ClipData MakePunch() {
  ClipData clip;
  clip.name = "Punch";
  const std::vector<int> upper = {kSpine,    kSpine1,        kSpine2,   kNeck,
                                  kHead,     kLeftShoulder,  kLeftArm,  kLeftForeArm,
                                  kLeftHand, kRightShoulder, kRightArm, kRightForeArm};
  clip.channels = BakeLinear(PunchPose, kPunchDuration, 30, upper, false);
  clip.channels.push_back(RightFistStep());
  return clip;
}

}  // namespace mannequin
