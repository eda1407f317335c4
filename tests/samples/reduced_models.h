// Models that lack what the samples need, made from the mannequin: one with
// a single clip (its Walk, renamed the way exporters name a lone take) and
// one with no clips at all, and the mannequin turned Z-up or scaled down
// (for layouts that must not depend on which axis is up or on units).
#pragma once

#include <string>

#include <glm/gtc/quaternion.hpp>

#include "anim/offline/pose.h"
#include "model/model.h"

namespace test_models {

inline anim::Model WithOneClip(const anim::Model& full, const std::string& keep,
                               const std::string& rename) {
  anim::Model model = full;
  model.clips = {full.clips[full.FindClip(keep)]};
  model.clips[0].SetName(rename);
  return model;
}

inline anim::Model WithoutClips(const anim::Model& full) {
  anim::Model model = full;
  model.clips.clear();
  return model;
}

// The skeleton with its root's rest transform changed by `change` (applied
// after it), clips untouched.
inline anim::Model WithRootChanged(const anim::Model& full, const anim::Transform& change) {
  anim::Model model = full;
  anim::Pose rest = anim::RestPoseOf(full.skeleton);
  rest.SetLocal(0, anim::Combine(change, rest.Local(0)));
  const auto names = full.skeleton.JointNames();
  const auto inverse_bind = full.skeleton.InverseBindMatrices();
  model.skeleton = anim::SkeletonOf(
      std::vector<std::string>(names.begin(), names.end()), rest, anim::BindPoseOf(full.skeleton),
      std::vector<glm::mat4>(inverse_bind.begin(), inverse_bind.end()));
  return model;
}

}  // namespace test_models
