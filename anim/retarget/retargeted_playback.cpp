#include "anim/retarget/retargeted_playback.h"

namespace anim {

void RetargetedPlayback::Prepare(const RetargetMap& map) {
  map_ = &map;
  scratch_.Prepare(map);
  if (!map.Empty()) source_pose_.CopyFrom(map.Source().RestPose());
}

void RetargetedPlayback::Start(const Clip* clip, LoopMode mode, float rate) {
  playback_.Start(clip, mode, rate);
}

bool RetargetedPlayback::Advance(float dt, SoaPose& target) {
  if (map_ == nullptr || map_->Empty() || playback_.clip == nullptr) return false;
  RetargetJob job{map_, &source_pose_, &target, &scratch_};
  job.pin_feet = pin_feet;
  job.pin_hands = pin_hands;
  if (!job.Validate().empty()) return false;
  source_pose_.CopyFrom(map_->Source().RestPose());
  if (!playback_.Advance(dt, source_pose_)) return false;
  return job.Run();
}

}  // namespace anim
