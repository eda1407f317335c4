// Shared by the compressed-clip tests: a chain skeleton, and the reference
// the compressed clips are judged against: the raw clip's own sampler
// (Clip::Sample) into a Pose, taken to model space by plain glm matrix
// products (not Pose::ComputeModelMatrices), and the virtual-point distance
// worked out here, not by anim/offline/clip_error.h.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/pose.h"
#include "tests/support/pose_sampling.h"

namespace compression_test {

// `joints` joints in a chain, each `bone` metres above its parent (along y).
inline anim::Skeleton ChainSkeleton(int joints, float bone = 0.5f) {
  std::vector<std::string> names;
  std::vector<anim::Transform> locals(joints);
  std::vector<int> parents;
  for (int j = 0; j < joints; ++j) {
    names.push_back("joint" + std::to_string(j));
    parents.push_back(j - 1);
    if (j > 0) locals[j].translation = glm::vec3(0.0f, bone, 0.0f);
  }
  anim::Pose rest(locals, parents);
  return anim::SkeletonOf(names, rest, rest, std::vector<glm::mat4>(joints, glm::mat4(1.0f)));
}

// Model-space matrices by glm: parent * offset * T * R * S.
inline std::vector<glm::mat4> ModelMatrices(const anim::Pose& pose) {
  std::vector<glm::mat4> model(pose.JointCount());
  for (int j = 0; j < pose.JointCount(); ++j) {
    const anim::Transform& t = pose.Local(j);
    glm::mat4 local = glm::translate(glm::mat4(1.0f), t.translation) * glm::mat4_cast(t.rotation) *
                      glm::scale(glm::mat4(1.0f), t.scale);
    if (!pose.Offsets().empty()) local = pose.Offsets()[j] * local;
    model[j] = pose.Parent(j) < 0 ? local : model[pose.Parent(j)] * local;
  }
  return model;
}

// The largest distance, over all joints, between the positions of the
// joint's origin and of points 3 cm along each of its axes (in model space).
inline float VirtualPointError(const std::vector<glm::mat4>& a, const std::vector<glm::mat4>& b,
                               int* worst_joint = nullptr) {
  float worst = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int axis = -1; axis < 3; ++axis) {
      glm::vec4 p(0.0f, 0.0f, 0.0f, 1.0f);
      if (axis >= 0) p[axis] = 0.03f / glm::length(glm::vec3(a[j][axis]));
      const float d = glm::distance(glm::vec3(a[j] * p), glm::vec3(b[j] * p));
      if (d > worst) {
        worst = d;
        if (worst_joint != nullptr) *worst_joint = static_cast<int>(j);
      }
    }
  }
  return worst;
}

// The raw clip at clip-local time t from the rest pose.
inline anim::Pose RawPose(const anim::Clip& clip, const anim::Skeleton& skeleton, float t) {
  anim::Pose pose = anim::RestPoseOf(skeleton);
  test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
  return pose;
}

// The compressed clip at t from the rest pose, through `context`.
inline anim::Pose CompressedPose(const anim::CompressedClip& clip, const anim::Skeleton& skeleton,
                                 float t, anim::CompressedClipContext& context) {
  anim::SoaPose soa(skeleton.RestPose());
  anim::SampleCompressedClip(clip, t, context, soa);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  soa.Store(pose);
  return pose;
}

inline float ErrorAt(const anim::Clip& raw, const anim::CompressedClip& compressed,
                     const anim::Skeleton& skeleton, float t,
                     anim::CompressedClipContext& context) {
  return VirtualPointError(ModelMatrices(RawPose(raw, skeleton, t)),
                           ModelMatrices(CompressedPose(compressed, skeleton, t, context)));
}

}  // namespace compression_test
