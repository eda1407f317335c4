// The viewer's time line for a sample that plays one clip through a
// Playback, raw or compressed: where the clip is (for the time slider)
// and the phase a scrub asks for (a scrub goes through the sample's phase
// parameter, so it is an input like the slider's).
#pragma once

#include <algorithm>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"

namespace samples {

// The playback's time within its clip (where the playing form is sampled)
// and the clip's length; false without a clip.
inline bool PlaybackTimeline(const anim::Playback& playback, float* time, float* length) {
  if (!playback.Plays()) return false;
  const anim::ClipRef source = playback.Source();
  *time = playback.SampleTime() - source.StartTime();
  *length = source.Duration();
  return true;
}

// The phase (0 to 1 through a clip of `length` seconds) of a scrub to
// `time` seconds.
inline float ScrubPhaseOf(float length, float time) {
  return length > 0.0f ? std::clamp(time / length, 0.0f, 1.0f) : 0.0f;
}
inline float ScrubPhase(const anim::Playback& playback, float time) {
  return ScrubPhaseOf(playback.Source().Duration(), time);
}

}  // namespace samples
