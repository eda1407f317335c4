// Idle: breathing and a slow weight shift from foot to foot, 3 s loop. The
// hips' translation is a CUBICSPLINE channel with exact tangents (the
// sinusoids' derivatives), so the file exercises glTF's cubic sampler with
// real data; everything else is baked LINEAR at 30 keys per second.
#include <cmath>

#include "baking.h"
#include "clip_data.h"
#include "standing.h"

namespace mannequin {

namespace {

constexpr float kIdleDuration = 3.0f;
constexpr float kShift = 0.025f;  // sideways hip travel, m
constexpr float kBob = 0.006f;    // hips dip when the weight is centred

// Hips position and its time derivative (used as the cubic tangents).
glm::vec3 HipsAt(float t) {
  const float w = kTwoPi / kIdleDuration;
  // 0.985 m keeps the knees soft (about 15 degrees) but not crouched.
  return {kShift * std::sin(w * t), 0.985f - kBob * std::cos(2.0f * w * t), 0.0f};
}
glm::vec3 HipsVelocity(float t) {
  const float w = kTwoPi / kIdleDuration;
  return {kShift * w * std::cos(w * t), 2.0f * w * kBob * std::sin(2.0f * w * t), 0.0f};
}

RigPose IdlePose(float t) {
  const float w = kTwoPi / kIdleDuration;
  const float breath = 0.5f - 0.5f * std::cos(w * t);  // 0 exhaled .. 1 inhaled
  const float shift = std::sin(w * t);                 // +1: weight on the left foot
  RigPose pose;
  pose.joints[kHips].translation = HipsAt(t);
  // The pelvis tilts down on the unloaded side.
  pose.joints[kHips].rotation = RotZ(2.5f * shift) * RotY(2.0f * shift);
  pose.joints[kSpine].rotation = RotZ(-1.5f * shift) * RotX(-1.0f * breath);
  pose.joints[kSpine1].rotation = RotZ(-1.0f * shift) * RotX(-1.5f * breath);
  pose.joints[kSpine2].rotation = RotX(-2.0f * breath) * RotY(-1.5f * shift);
  pose.joints[kNeck].rotation = RotX(1.5f * breath) * RotZ(0.8f * shift);
  pose.joints[kHead].rotation = RotX(2.0f * breath) * RotY(4.0f * std::sin(w * t + 1.0f));
  RelaxArms(pose, 80.0f, 4.0f, 12.0f);
  // Shoulders rise a little on the in-breath.
  SetMirrored(pose, kLeftShoulder, RotZ(-4.0f + 3.0f * breath), RotZ(-4.0f + 3.0f * breath));
  PlantFeet(pose);
  return pose;
}

Channel CubicHipsTranslation() {
  // Eight keys a cycle: a cubic Hermite through exact values and slopes of
  // these sinusoids stays within ~0.1 mm of them.
  Channel c;
  c.joint = kHips;
  c.path = Path::kTranslation;
  c.interp = Interp::kCubicSpline;
  const int keys = 8;
  for (int k = 0; k <= keys; ++k) {
    const float t = kIdleDuration * static_cast<float>(k) / static_cast<float>(keys);
    c.times.push_back(t);
    const glm::vec4 slope(HipsVelocity(t), 0.0f);  // units per second, per the glTF spec
    c.values.push_back(slope);                     // in-tangent
    c.values.push_back(glm::vec4(HipsAt(t), 0.0f));
    c.values.push_back(slope);  // out-tangent
  }
  return c;
}

}  // namespace

ClipData MakeIdle() {
  ClipData clip;
  clip.name = "Idle";
  clip.channels.push_back(CubicHipsTranslation());
  for (Channel& c : BakeLinear(IdlePose, kIdleDuration, 30, AllJoints(), false))
    clip.channels.push_back(std::move(c));
  return clip;
}

}  // namespace mannequin
