// A three-joint character for the motion-matching tests, with clips whose
// motion is known exactly: hips 1 m up, the feet 1 m below them and 0.1 m
// to each side (+X is the character's left).
#pragma once

#include <vector>

#include "anim/clips/clip.h"
#include "anim/offline/pose.h"
#include "test_util.h"

namespace anim_test {

inline anim::Skeleton Walker() {
  anim::Transform hips, left, right;
  hips.translation = {0.0f, 1.0f, 0.0f};
  left.translation = {0.1f, -1.0f, 0.0f};
  right.translation = {-0.1f, -1.0f, 0.0f};
  anim::Pose rest({hips, left, right}, {-1, 0, 0});
  return anim::SkeletonOf({"Hips", "LeftFoot", "RightFoot"}, rest, rest,
                          std::vector<glm::mat4>(3, glm::mat4(1.0f)));
}

// Over 2 s the hips go from z = 0 to z = 2; the left foot's local z goes
// from 0.2 to -1.8, so it stays planted at world z = 0.2; the right foot
// rides with the hips.
inline anim::Clip WalkClip() {
  anim::JointTracks hips, left;
  hips.joint = 0;
  hips.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 2.0f},
                                       {{0.0f, 1.0f, 0.0f}, {0.0f, 1.0f, 2.0f}});
  left.joint = 1;
  left.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 2.0f},
                                       {{0.1f, -1.0f, 0.2f}, {0.1f, -1.0f, -1.8f}});
  return anim::Clip("walk", {hips, left});
}

// `seconds` long, nothing moving; the left foot held `left_foot_z` ahead.
inline anim::Clip StillClip(const char* name, float seconds, float left_foot_z) {
  anim::JointTracks hips, left;
  hips.joint = 0;
  hips.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, seconds},
                                       {{0.0f, 1.0f, 0.0f}, {0.0f, 1.0f, 0.0f}});
  left.joint = 1;
  left.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, seconds},
                                       {{0.1f, -1.0f, left_foot_z}, {0.1f, -1.0f, left_foot_z}});
  return anim::Clip(name, {hips, left});
}

// The hips turn about +Y at 90 degrees a second for 2 s, on the spot.
inline anim::Clip TurnClip() {
  anim::JointTracks hips;
  hips.joint = 0;
  std::vector<float> times;
  std::vector<glm::quat> rotations;
  for (int i = 0; i <= 16; ++i) {
    times.push_back(i / 8.0f);
    rotations.push_back(AxisAngle(90.0f * i / 8.0f, {0, 1, 0}));
  }
  hips.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, rotations);
  return anim::Clip("turn", {hips});
}

}  // namespace anim_test
