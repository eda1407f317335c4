// Additive clips: their first frame is the neutral reference pose (identity
// rotations, the bind pose's), so "clip minus first frame" is the motion to
// layer on top of anything. Each drives only the joints it is about.
#include <cmath>

#include "baking.h"
#include "clip_data.h"

namespace mannequin {

ClipData MakeLeanLeft() {
  // The spine bends sideways to the character's left (+X) over one second,
  // spread over the three spine joints; it holds the full lean at the end.
  auto pose_at = [](float t) {
    const float s = Smoothstep(0.0f, 1.0f, t);
    RigPose pose;
    pose.joints[kSpine].rotation = RotZ(-8.0f * s);
    pose.joints[kSpine1].rotation = RotZ(-10.0f * s);
    pose.joints[kSpine2].rotation = RotZ(-12.0f * s);
    return pose;
  };
  ClipData clip;
  clip.name = "Lean_Left";
  clip.channels = BakeLinear(pose_at, 1.0f, 30, {kSpine, kSpine1, kSpine2}, false);
  return clip;
}

ClipData MakeLook() {
  // Head and neck turn left (+Y yaw looks toward +X), across to the right and
  // back to the front over two seconds: neutral at both ends, so it loops.
  auto pose_at = [](float t) {
    const float yaw = 70.0f * std::sin(kTwoPi * t / 2.0f);
    const float nod = -4.0f * std::pow(std::sin(kTwoPi * t / 2.0f), 2.0f);  // chin lifts mid-turn
    RigPose pose;
    pose.joints[kNeck].rotation = RotY(0.4f * yaw);
    pose.joints[kHead].rotation = RotY(0.6f * yaw) * RotX(nod);
    return pose;
  };
  ClipData clip;
  clip.name = "Look";
  clip.channels = BakeLinear(pose_at, 2.0f, 30, {kNeck, kHead}, false);
  return clip;
}

}  // namespace mannequin
