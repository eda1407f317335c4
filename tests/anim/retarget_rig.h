// Humanoid rigs built in code for the retargeting tests: one layout, named in
// Mixamo's convention or Blender's, with the frames, sizes and arm pose each
// test varies, and a clip that turns every joint and moves the hips.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"

namespace retarget_test {

inline const std::vector<std::string>& MixamoNames() {
  static const std::vector<std::string> names = {
      "Hips",     "Spine",       "Neck",         "Head",      "LeftArm",   "LeftForeArm",
      "LeftHand", "RightArm",    "RightForeArm", "RightHand", "LeftUpLeg", "LeftLeg",
      "LeftFoot", "LeftToeBase", "RightUpLeg",   "RightLeg",  "RightFoot", "RightToeBase"};
  return names;
}
// The same joints as Blender's rigs name them.
inline const std::vector<std::string>& BlenderNames() {
  static const std::vector<std::string> names = {
      "pelvis", "spine",       "neck",      "head",   "upper_arm.L", "forearm.L",
      "hand.L", "upper_arm.R", "forearm.R", "hand.R", "thigh.L",     "shin.L",
      "foot.L", "toe.L",       "thigh.R",   "shin.R", "foot.R",      "toe.R"};
  return names;
}
inline const std::vector<int>& Parents() {
  static const std::vector<int> parents = {-1, 0, 1,  2,  1,  4, 5,  1,  7,
                                           8,  0, 10, 11, 12, 0, 14, 15, 16};
  return parents;
}

// Rest locals: T-pose, Y up, facing +Z, hips 1 m up; left is +X. Small
// rest rotations on the spine and legs so no frame is the identity.
inline std::vector<anim::Transform> TPoseLocals() {
  std::vector<anim::Transform> t(18);
  const glm::vec3 offsets[18] = {
      {0, 1, 0},         {0, 0.2f, 0},   {0, 0.3f, 0},      {0, 0.1f, 0},       {0.2f, 0.25f, 0},
      {0.3f, 0, 0},      {0.25f, 0, 0},  {-0.2f, 0.25f, 0}, {-0.3f, 0, 0},      {-0.25f, 0, 0},
      {0.1f, -0.05f, 0}, {0, -0.45f, 0}, {0, -0.45f, 0},    {0, -0.05f, 0.12f}, {-0.1f, -0.05f, 0},
      {0, -0.45f, 0},    {0, -0.45f, 0}, {0, -0.05f, 0.12f}};
  for (int j = 0; j < 18; ++j) t[j].translation = offsets[j];
  // A rest rotation on the spine, undone by its children's translations so
  // the joints stay where the table puts them.
  const glm::quat spine = glm::angleAxis(0.3f, glm::vec3(1, 0, 0));
  t[1].rotation = spine;
  for (int child : {2, 4, 7}) t[child].translation = glm::inverse(spine) * t[child].translation;
  return t;
}

// The rig's joints' frames turned by `frame_turn[j]` (model-space rotation
// of joint j becomes Q_j * frame_turn[j]), keeping every joint where it was.
inline std::vector<anim::Transform> TurnFrames(const std::vector<anim::Transform>& locals,
                                               const std::vector<glm::quat>& frame_turn) {
  std::vector<anim::Transform> out = locals;
  for (int j = 0; j < 18; ++j) {
    const int p = Parents()[j];
    const glm::quat parent_turn = p >= 0 ? frame_turn[p] : glm::quat(1, 0, 0, 0);
    out[j].rotation = glm::inverse(parent_turn) * locals[j].rotation * frame_turn[j];
    out[j].translation = glm::inverse(parent_turn) * locals[j].translation;
  }
  return out;
}

inline anim::Skeleton MakeRig(const std::vector<std::string>& names,
                              const std::vector<anim::Transform>& locals) {
  const anim::Pose rest(locals, Parents());
  std::vector<glm::mat4> model(locals.size());
  rest.ComputeModelMatrices(model);
  std::vector<glm::mat4> inverse_bind(model.size());
  for (std::size_t j = 0; j < model.size(); ++j) inverse_bind[j] = glm::inverse(model[j]);
  return anim::SkeletonOf(names, rest, rest, inverse_bind);
}

// A clip on a rig with `locals` as rest: every joint turns away from its
// rest rotation through five keys (up to about 35 degrees about varied
// axes), the hips travel 0.6 m forward and bob.
inline anim::Clip MakeMotionClip(const std::vector<anim::Transform>& locals) {
  std::vector<anim::JointTracks> tracks;
  const std::vector<float> times = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
  for (int j = 0; j < 18; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::quat> keys;
    keys.reserve(5);
    for (int k = 0; k < 5; ++k) {
      const glm::vec3 axis = glm::normalize(
          glm::vec3(std::sin(1.3f * j + k), std::cos(0.7f * j - 2.0f * k), 0.5f + 0.1f * k));
      const float angle = 0.6f * std::sin(0.9f * k + 0.4f * j);
      keys.push_back(locals[j].rotation * glm::angleAxis(angle, axis));
    }
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, keys);
    if (j == 0) {
      std::vector<glm::vec3> positions;
      positions.reserve(5);
      for (int k = 0; k < 5; ++k) {
        positions.push_back(locals[0].translation +
                            glm::vec3(0.02f * k, 0.03f * std::sin(2.0f * k), 0.15f * k));
      }
      jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, positions);
    }
    tracks.push_back(std::move(jt));
  }
  return anim::Clip("Motion", std::move(tracks));
}

}  // namespace retarget_test
