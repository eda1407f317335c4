// The viewer's time line for a sample that plays one clip through a
// Playback: where the clip is (for the time slider) and the phase a scrub
// asks for (a scrub goes through the sample's phase parameter, so it is an
// input like the slider's).
#pragma once

#include <algorithm>

#include "anim/clip.h"

namespace samples {

// The playback's time within its clip and the clip's length; false without
// a clip.
inline bool PlaybackTimeline(const anim::Playback& playback, float* time, float* length) {
  if (playback.clip == nullptr) return false;
  *time = playback.clip->SampleTime(playback.time, playback.mode) - playback.clip->StartTime();
  *length = playback.clip->Duration();
  return true;
}

// The phase (0 to 1 through the clip) of a scrub to `time` seconds.
inline float ScrubPhase(const anim::Playback& playback, float time) {
  const float length = playback.clip != nullptr ? playback.clip->Duration() : 0.0f;
  return length > 0.0f ? std::clamp(time / length, 0.0f, 1.0f) : 0.0f;
}

}  // namespace samples
