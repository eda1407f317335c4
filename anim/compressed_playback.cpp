#include "anim/compressed_playback.h"

#include <cmath>

#include "anim/jobs/compressed_sampling_job.h"

namespace anim {

std::string CompressedPlayback::Start(const CompressedClip* c,
                                      const CompressedClipDecodings* shared, LoopMode m, float r) {
  clip = c;
  rate = r;
  clock = c != nullptr ? ClipClock(c->StartTime(), c->Duration(), m) : ClipClock(0.0, 0.0, m);
  if (c == nullptr) return {};
  return context.Bind(*c, shared);
}

bool CompressedPlayback::Step(float dt) {
  if (clip == nullptr || !std::isfinite(dt) || !std::isfinite(rate)) return false;
  clock.Advance(dt, rate);
  return true;
}

bool CompressedPlayback::Advance(float dt, SoaPose& pose) {
  const ClipClock before = clock;
  if (!Step(dt)) return false;
  // The job validates as it runs; when it refuses, the clock goes back, so
  // a refused character keeps its time, as with Playback::Advance.
  if (!CompressedSamplingJob{clip, SampleTime(), &context, &pose}.Run()) {
    clock = before;
    return false;
  }
  return true;
}

}  // namespace anim
