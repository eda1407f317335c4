// RetargetedPlayback: the live form of retargeting as a controller, a source
// clip playing on its own clock and shown on the target each frame, so a
// caller (a sample, an engine's character) keeps one object instead of a
// playback, two poses, scratch and a job. Allocation-free after Prepare.
#pragma once

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"

namespace anim {

class RetargetedPlayback {
 public:
  // Sizes the source pose and the scratch for `map` (allocates; the map and
  // its skeletons must outlive this object).
  void Prepare(const RetargetMap& map);
  // Plays `clip`, a clip of the map's source skeleton, from its start.
  void Start(const Clip* clip, LoopMode mode = LoopMode::kLoop, float rate = 1.0f);

  bool pin_feet = true;
  bool pin_hands = false;

  // Advances the source clip by dt (the clip's clock: rate, loop mode) and
  // writes the retargeted pose into `target` (a pose of the map's target
  // skeleton). False, writing nothing, without a clip or a map, or when the
  // job refuses the poses (RetargetJob::Validate).
  bool Advance(float dt, SoaPose& target);

  // The source's own pose of the last Advance (for drawing it).
  const SoaPose& SourcePose() const { return source_pose_; }
  Playback& Clock() { return playback_; }
  const Playback& Clock() const { return playback_; }

 private:
  const RetargetMap* map_ = nullptr;
  Playback playback_;
  SoaPose source_pose_;
  RetargetScratch scratch_;
};

}  // namespace anim
