#include "app/framing_bounds.h"

#include <vector>

#include "anim/core/local_to_model_jobs.h"

namespace animviewer {

namespace {

// The first root joint's model-space position on the ground (x, 0, z).
glm::vec3 RootOnGround(const anim::Skeleton& skeleton, const std::vector<glm::mat4>& model) {
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    if (skeleton.Parents()[static_cast<std::size_t>(j)] < 0) {
      const glm::vec4 at = model[static_cast<std::size_t>(j)][3];
      return {at.x, 0.0f, at.z};
    }
  }
  return glm::vec3(0.0f);
}

}  // namespace

render::Bounds FramingBounds(const anim::Model& model, int clip_index, int samples, bool in_place) {
  render::Bounds bounds = render::RestPoseBounds(model);
  if (clip_index < 0 || clip_index >= static_cast<int>(model.clips.size()) || samples < 1) {
    return bounds;
  }
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::Clip& clip = model.clips[clip_index];
  const auto joints = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> model_matrices(joints), palette(joints);
  anim::SoaPose pose = skeleton.RestPose();
  anim::ComputeModelMatrices(skeleton, pose, model_matrices);
  const glm::vec3 rest_root = RootOnGround(skeleton, model_matrices);
  for (int i = 0; i <= samples; ++i) {
    const float time = clip.TimeAtPhase(static_cast<float>(i) / samples);
    pose.CopyFrom(skeleton.RestPose());
    clip.Sample(pose, time, anim::LoopMode::kClamp);
    anim::ComputePalette(skeleton, pose, model_matrices, palette);
    const render::Bounds frame = render::SkinnedBounds(model, palette);
    if (!frame.Empty()) {
      const glm::vec3 travel =
          in_place ? RootOnGround(skeleton, model_matrices) - rest_root : glm::vec3(0.0f);
      bounds.Extend(frame.min - travel);
      bounds.Extend(frame.max - travel);
    }
  }
  return bounds;
}

render::Bounds FramingBoundsAllClips(const anim::Model& model, int samples) {
  render::Bounds bounds = render::RestPoseBounds(model);
  for (int c = 0; c < static_cast<int>(model.clips.size()); ++c) {
    const render::Bounds clip = FramingBounds(model, c, samples, /*in_place=*/true);
    if (clip.Empty()) continue;
    bounds.Extend(clip.min);
    bounds.Extend(clip.max);
  }
  return bounds;
}

}  // namespace animviewer
