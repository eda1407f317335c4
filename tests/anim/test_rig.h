// A tiny rig for blending tests:  0 hips -> 1 spine -> 2 head, 0 hips -> 3 leg.
// Rest pose: every joint 1 unit above its parent, identity rotation.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "test_util.h"

namespace anim_test {

inline anim::Skeleton MakeTestSkeleton() {
  std::vector<anim::Transform> locals(4);
  for (auto& t : locals) t.translation = {0, 1, 0};
  const anim::Pose rest(locals, {-1, 0, 1, 0});
  std::vector<glm::mat4> model(4);
  rest.ComputeModelMatrices(model);
  std::vector<glm::mat4> inverse_bind(model.size());
  std::transform(model.begin(), model.end(), inverse_bind.begin(),
                 [](const glm::mat4& m) { return glm::inverse(m); });
  return anim::SkeletonOf({"hips", "spine", "head", "leg"}, rest, rest, inverse_bind);
}

// The smallest left/right rig for mirroring: 0 hips, 1 leg_L one unit along
// +X, 2 leg_R one unit along -X; identity rotations.
inline anim::Skeleton MakeTwoLegSkeleton() {
  std::vector<anim::Transform> locals(3);
  locals[1].translation = {1, 0, 0};
  locals[2].translation = {-1, 0, 0};
  const anim::Pose rest(locals, {-1, 0, 0});
  std::vector<glm::mat4> model(3);
  rest.ComputeModelMatrices(model);
  std::vector<glm::mat4> inverse_bind(model.size());
  std::transform(model.begin(), model.end(), inverse_bind.begin(),
                 [](const glm::mat4& m) { return glm::inverse(m); });
  return anim::SkeletonOf({"hips", "leg_L", "leg_R"}, rest, rest, inverse_bind);
}

// A clip of `duration` seconds whose every joint's x translation goes
// linearly from x0 to x1 (y stays 1 as in the rest pose).
inline anim::Clip MakeSlideClip(const std::string& name, float duration, float x0, float x1) {
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    jt.translation =
        anim::VectorTrack(anim::Interpolation::kLinear, {0, duration}, {{x0, 1, 0}, {x1, 1, 0}});
    tracks.push_back(jt);
  }
  return anim::Clip(name, tracks);
}

// A clip holding one constant rotation on joint `joint`.
inline anim::Clip MakeHoldRotationClip(const std::string& name, int joint, const glm::quat& q,
                                       float duration = 1.0f) {
  anim::JointTracks jt;
  jt.joint = joint;
  jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, duration}, {q, q});
  return anim::Clip(name, {jt});
}

// Every joint of the test skeleton swings about z (0, `degrees` scaled by
// the joint's depth, then 1.75 times that about a tilted axis) and slides
// up: keys that vary in rotation and translation, 3 rotation keys.
inline anim::Clip MakeSwingClip(const std::string& name, float duration, float degrees) {
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    const float d = degrees * static_cast<float>(j + 1) / 4.0f;
    jt.rotation = anim::QuaternionTrack(
        anim::Interpolation::kLinear, {0.0f, 0.4f * duration, duration},
        {glm::quat(1, 0, 0, 0), AxisAngle(d, {0, 0, 1}), AxisAngle(1.75f * d, {0.3f, 0, 1})});
    jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, duration},
                                       {{0, 1, 0}, {0.2f * static_cast<float>(j), 1.5f, 0}});
    tracks.push_back(jt);
  }
  return anim::Clip(name, tracks);
}

// A morph-weight track going linearly from w0 at 0 to w1 at `duration`.
inline anim::ScalarTrack LinearWeight(float w0, float w1, float duration = 1.0f) {
  return anim::ScalarTrack(anim::Interpolation::kLinear, std::vector<float>{0, duration},
                           std::vector<float>{w0, w1});
}

}  // namespace anim_test
