// The animation the IK samples (10 IK, 11 Look-at) correct: the model's
// idle clip playing, so the corrections are seen on a living pose. Without
// an idle the first full-body clip plays instead (the panel's notice says
// so); a model with no clips at all cannot run these samples.
#pragma once

#include <string>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/core/soa_pose.h"
#include "model/model.h"

namespace samples {

class IdleUnderlay {
 public:
  // Picks the clip. False, with `error`, when the model has no clip to
  // play; `notice` says what plays when the model has no idle ("" when it
  // has one).
  bool Load(const anim::Model& model, std::string* notice, std::string* error);
  // The clip advanced by dt, or held at its first frame when `animate` is
  // off (never the bind pose: a T-pose is no pose to correct).
  void Pose(float dt, bool animate, anim::SoaPose& pose);

 private:
  const anim::Model* model_ = nullptr;
  anim::Playback playback_;
  int clip_ = -1;
  bool started_ = false;
};

}  // namespace samples
