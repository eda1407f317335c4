#include "samples/idle_underlay.h"

#include "samples/clip_roles.h"

namespace samples {

bool IdleUnderlay::Load(const anim::Model& model, std::string* notice, std::string* error) {
  const std::vector<int> full = FullBodyClips(model);
  if (full.empty()) {
    *error = NeedsMessage("a full-body clip (an idle) to correct", model, AllClips(model));
    return false;
  }
  model_ = &model;
  clip_ = FindClipWithRole(model, anim::ClipRole::kIdle, {"idle"});
  notice->clear();
  if (clip_ < 0) {
    clip_ = full.front();
    *notice = NeedsMessage("an idle clip to correct", model,
                           ClipsWithRole(model, anim::ClipRole::kIdle), "idle clip") +
              ". " + model.clips[clip_].Name() + " plays under the corrections instead.";
  }
  started_ = false;
  return true;
}

void IdleUnderlay::Pose(float dt, bool animate, anim::SoaPose& pose) {
  pose.CopyFrom(model_->skeleton.RestPose());
  const anim::Clip& clip = model_->clips[clip_];
  if (!animate) {
    clip.Sample(pose, clip.StartTime(), anim::LoopMode::kClamp);
    started_ = false;  // turned back on, the clip starts from its beginning
    return;
  }
  if (!started_) playback_.Start(&clip);
  started_ = true;
  playback_.Advance(dt, pose);
}

}  // namespace samples
