// Jump: a one-shot standing jump in place. Crouch, drive up, a ballistic
// flight (the hips follow a parabola under gravity), land and absorb, stand.
// On the ground the feet are solved flat at their stand positions; in the air
// the legs keep their take-off length less a tuck, so they never over-reach.
#include <cmath>

#include "baking.h"
#include "clip_data.h"
#include "standing.h"

namespace mannequin {

namespace {

constexpr float kJumpDuration = 1.8f;
constexpr float kGravity = 9.81f;
constexpr float kStand = 0.985f, kCrouch = 0.80f, kTakeOff = 0.975f, kAbsorb = 0.79f;
constexpr float kCrouchStart = 0.15f, kCrouchEnd = 0.55f, kLiftOff = 0.75f;
constexpr float kAirTime = 0.45f, kLandEnd = 1.40f;
constexpr float kTouchDown = kLiftOff + kAirTime;
constexpr float kTakeOffSpeed = 0.5f * kGravity * kAirTime;  // returns to kTakeOff after kAirTime

float HipsHeight(float t) {
  if (t < kCrouchStart) return kStand;
  if (t < kCrouchEnd)
    return Hermite(kStand, 0.0f, kCrouch, 0.0f, (t - kCrouchStart) / (kCrouchEnd - kCrouchStart));
  if (t < kLiftOff) {
    const float span = kLiftOff - kCrouchEnd;
    return Hermite(kCrouch, 0.0f, kTakeOff, kTakeOffSpeed * span, (t - kCrouchEnd) / span);
  }
  if (t < kTouchDown) {
    const float tau = t - kLiftOff;
    return kTakeOff + kTakeOffSpeed * tau - 0.5f * kGravity * tau * tau;
  }
  if (t < kLandEnd) {
    const float span = kLandEnd - kTouchDown;
    return Hermite(kTakeOff, -kTakeOffSpeed * span, kAbsorb, 0.0f, (t - kTouchDown) / span);
  }
  return Hermite(kAbsorb, 0.0f, kStand, 0.0f, Smoothstep(kLandEnd, kJumpDuration, t));
}

// How deep the body is folded (0 standing .. 1 deepest crouch).
float Fold(float t) {
  return glm::clamp((kStand - std::min(HipsHeight(t), kStand)) / (kStand - kAbsorb), 0.0f, 1.0f);
}

RigPose JumpPose(float t) {
  RigPose pose;
  const float fold = Fold(t);
  const float air = (t > kLiftOff && t < kTouchDown) ? (t - kLiftOff) / kAirTime : -1.0f;
  // Hips go back and the torso leans forward as the body folds, for balance.
  pose.joints[kHips].translation = {0.0f, HipsHeight(t), -0.06f * fold};
  pose.joints[kHips].rotation = RotX(22.0f * fold);
  pose.joints[kSpine].rotation = RotX(4.0f * fold);
  pose.joints[kSpine1].rotation = RotX(3.0f * fold);
  pose.joints[kNeck].rotation = RotX(-14.0f * fold);
  pose.joints[kHead].rotation = RotX(-10.0f * fold);

  // Arms swing back during the crouch, up through take-off, down to land.
  const float back =
      Smoothstep(kCrouchStart, kCrouchEnd, t) * (1.0f - Smoothstep(kCrouchEnd, kLiftOff, t));
  const float up = Smoothstep(kCrouchEnd + 0.05f, kLiftOff + 0.05f, t) *
                   (1.0f - Smoothstep(kLiftOff + 0.15f, kTouchDown, t));
  const float catch_ =
      Smoothstep(kLiftOff + 0.2f, kTouchDown, t) * (1.0f - Smoothstep(kLandEnd, kJumpDuration, t));
  const float forward = 4.0f - 45.0f * back + 140.0f * up + 35.0f * catch_;
  RelaxArms(pose, 80.0f - 20.0f * up, forward, 12.0f + 25.0f * catch_);

  if (air < 0.0f) {
    PlantFeet(pose);
  } else {
    // Legs keep the take-off length minus a tuck; toes point down a little.
    const float rise = HipsHeight(t) - kTakeOff;
    const float tuck = 0.2f * std::pow(std::sin(kPi * air), 2.0f);
    const float lift = rise + tuck;  // tucking raises the feet further
    const float pitch = 25.0f * std::sin(kPi * air);
    PlantFeet(pose, lift, lift, pitch, pitch);
  }
  return pose;
}

}  // namespace

ClipData MakeJump() {
  ClipData clip;
  clip.name = "Jump";
  clip.channels = BakeLinear(JumpPose, kJumpDuration, 60, AllJoints(), true);
  return clip;
}

}  // namespace mannequin
