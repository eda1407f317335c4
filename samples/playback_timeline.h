// The viewer's time line for a sample that plays one clip through a
// Playback or a CompressedPlayback: where the clip is (for the time slider)
// and the phase a scrub asks for (a scrub goes through the sample's phase
// parameter, so it is an input like the slider's).
#pragma once

#include <algorithm>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_playback.h"

namespace samples {

// The playback's time within its clip and the clip's length; false without
// a clip.
inline bool PlaybackTimeline(const anim::Playback& playback, float* time, float* length) {
  if (playback.clip == nullptr) return false;
  *time = playback.clip->SampleTime(playback.time, playback.mode) - playback.clip->StartTime();
  *length = playback.clip->Duration();
  return true;
}
inline bool PlaybackTimeline(const anim::CompressedPlayback& playback, float* time, float* length) {
  if (playback.clip == nullptr) return false;
  *time = playback.SampleTime() - playback.clip->StartTime();
  *length = playback.clip->Duration();
  return true;
}

// The phase (0 to 1 through a clip of `length` seconds) of a scrub to
// `time` seconds.
inline float ScrubPhaseOf(float length, float time) {
  return length > 0.0f ? std::clamp(time / length, 0.0f, 1.0f) : 0.0f;
}
inline float ScrubPhase(const anim::Playback& playback, float time) {
  return ScrubPhaseOf(playback.clip != nullptr ? playback.clip->Duration() : 0.0f, time);
}
inline float ScrubPhase(const anim::CompressedPlayback& playback, float time) {
  return ScrubPhaseOf(playback.clip != nullptr ? playback.clip->Duration() : 0.0f, time);
}

}  // namespace samples
