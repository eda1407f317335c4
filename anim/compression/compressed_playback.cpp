#include "anim/compression/compressed_playback.h"

#include <cmath>

#include "anim/compression/compressed_sampling_job.h"

namespace anim {

std::string CompressedPlayback::Start(const CompressedClip* c,
                                      const CompressedClipDecodings* shared, LoopMode m, float r) {
  clip = c;
  rate = r;
  clock = c != nullptr ? ClipClock(c->StartTime(), c->Duration(), m) : ClipClock(0.0, 0.0, m);
  if (c == nullptr) return {};
  return context.Bind(*c, shared);
}

void CompressedPlayback::SetMode(LoopMode m) {
  const double time = clock.Time();
  clock = ClipClock(clock.Start(), clock.Duration(), m);
  clock.SetTime(time);
}

bool CompressedPlayback::Step(float dt, ClockStep* step) {
  if (clip == nullptr || !std::isfinite(dt) || !std::isfinite(rate)) return false;
  const ClockStep covered = clock.Advance(dt, rate);
  if (step != nullptr) *step = covered;
  return true;
}

bool CompressedPlayback::Advance(float dt, SoaPose& pose, ClockStep* step) {
  const ClipClock before = clock;
  ClockStep covered;
  if (!Step(dt, &covered)) return false;
  // The job validates as it runs; when it refuses, the clock goes back, so
  // a refused character keeps its time, as with Playback::Advance.
  if (!CompressedSamplingJob{clip, SampleTime(), &context, &pose}.Run()) {
    clock = before;
    return false;
  }
  if (!morph_weights.empty()) SampleMorphWeights(morph_weights, SampleTime(), pose.MorphWeights());
  if (step != nullptr) *step = covered;
  return true;
}

}  // namespace anim
