#include "samples/idle_underlay.h"

#include "samples/clip_roles.h"

namespace samples {

bool IdleUnderlay::Load(const anim::Model& model) {
  model_ = &model;
  idle_ = FindClipForRole(model, {"idle"}, -1);
  if (idle_ >= 0 && IsAdditiveClip(model, idle_)) idle_ = -1;
  started_ = false;
  return idle_ >= 0;
}

void IdleUnderlay::Pose(float dt, bool animate, anim::Pose& pose) {
  pose = model_->skeleton.RestPose();
  if (!animate || idle_ < 0) {
    started_ = false;  // turned back on, the idle starts from its beginning
    return;
  }
  if (!started_) playback_.Start(&model_->clips[idle_]);
  started_ = true;
  playback_.Advance(dt, pose);
}

}  // namespace samples
