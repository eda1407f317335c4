// A clip sampled into a Pose (array of structures): what tests compare joint
// by joint or turn into model matrices with Pose's own independent product.
// The runtime samples only into its own layout (Clip::Sample and
// Playback::Advance into a SoaPose); these go through a SoaPose and back,
// allocating, and are for tests.
#pragma once

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/pose.h"

namespace test_support {

// Clip::Sample into `pose` (its joints outside the clip keep their values).
inline float SampleInto(const anim::Clip& clip, anim::Pose& pose, float time,
                        anim::LoopMode mode = anim::LoopMode::kLoop,
                        anim::ClipCursor* cursor = nullptr) {
  anim::SoaPose soa(pose);
  const float wrapped = clip.Sample(soa, time, mode, cursor);
  soa.Store(pose);
  return wrapped;
}

// Playback::Advance into `pose`.
inline bool AdvanceInto(anim::Playback& playback, float dt, anim::Pose& pose,
                        anim::ClockStep* step = nullptr) {
  anim::SoaPose soa(pose);
  const bool advanced = playback.Advance(dt, soa, step);
  soa.Store(pose);
  return advanced;
}

}  // namespace test_support
