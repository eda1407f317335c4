// The animation the IK samples (10 IK, 11 Look-at) correct: the model's
// idle clip playing, so the corrections are seen on a living pose, or the
// rest pose when the model has no full-body idle or the user turns it off.
#pragma once

#include "anim/clip.h"
#include "anim/import/model.h"
#include "anim/pose.h"

namespace samples {

class IdleUnderlay {
 public:
  // Picks the idle clip; false when the model has none (rest pose only).
  bool Load(const anim::Model& model);
  // The rest pose, with the idle advanced by dt on top when `animate`.
  void Pose(float dt, bool animate, anim::Pose& pose);

 private:
  const anim::Model* model_ = nullptr;
  anim::Playback playback_;
  int idle_ = -1;
  bool started_ = false;
};

}  // namespace samples
