#include "app/framing_bounds.h"

#include <vector>

#include "anim/core/local_to_model_jobs.h"

namespace animviewer {

render::Bounds FramingBounds(const anim::Model& model, int clip_index, int samples) {
  render::Bounds bounds = render::RestPoseBounds(model);
  if (clip_index < 0 || clip_index >= static_cast<int>(model.clips.size()) || samples < 1) {
    return bounds;
  }
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::Clip& clip = model.clips[clip_index];
  const auto joints = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> model_matrices(joints), palette(joints);
  anim::SoaPose pose = skeleton.RestPose();
  for (int i = 0; i <= samples; ++i) {
    const float time = clip.TimeAtPhase(static_cast<float>(i) / samples);
    pose.CopyFrom(skeleton.RestPose());
    clip.Sample(pose, time, anim::LoopMode::kClamp);
    anim::ComputePalette(skeleton, pose, model_matrices, palette);
    const render::Bounds frame = render::SkinnedBounds(model, palette);
    if (!frame.Empty()) {
      bounds.Extend(frame.min);
      bounds.Extend(frame.max);
    }
  }
  return bounds;
}

render::Bounds FramingBoundsAllClips(const anim::Model& model, int samples) {
  render::Bounds bounds = render::RestPoseBounds(model);
  for (int c = 0; c < static_cast<int>(model.clips.size()); ++c) {
    const render::Bounds clip = FramingBounds(model, c, samples);
    if (clip.Empty()) continue;
    bounds.Extend(clip.min);
    bounds.Extend(clip.max);
  }
  return bounds;
}

}  // namespace animviewer
