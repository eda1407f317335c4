#include "anim/compression/playback.h"

#include <cmath>

#include "anim/clips/sampling_job.h"
#include "anim/compression/compressed_sampling_job.h"

namespace anim {

bool SampleClipRef(const ClipRef& source, float time, float sample_time, LoopMode mode,
                   ClipCursor& cursor, CompressedClipContext& context, SoaPose& pose) {
  if (source.compressed == nullptr) {
    source.clip->Sample(pose, time, mode, &cursor);  // with the clip's morph weights
    return true;
  }
  if (!CompressedSamplingJob{source.compressed, sample_time, &context, &pose}.Run()) return false;
  // The compressed form holds the joints only: the weights are the raw
  // clip's, at the same time.
  const std::span<const MorphWeightTracks> weights = source.MorphWeights();
  if (!weights.empty()) SampleMorphWeights(weights, sample_time, pose.MorphWeights());
  return true;
}

std::string Playback::Start(const ClipRef& source, LoopMode m, float r) {
  clip = source.clip;
  compressed = source.compressed;
  mode = m;
  rate = r;
  time = source.StartTime();
  clock = ClipClock(time, source.Duration(), mode);
  clock_time = time;
  // The cursor reuses its storage, so restarting a playback with a clip no
  // larger than before allocates nothing.
  if (compressed == nullptr && clip != nullptr) {
    clip->ResetCursor(cursor);
  } else {
    cursor.keys.clear();
  }
  if (compressed == nullptr) return {};
  return context.Bind(*compressed, source.decodings);
}

ClipClock Playback::Clock() const {
  if (!Plays()) return {};
  if (ClockIsCurrent()) return clock;
  const ClipRef source{clip, compressed};
  ClipClock rebuilt(source.StartTime(), source.Duration(), mode);
  // A time the clock wrote goes back as it was (re-wrapped when the mode
  // changed since); a time set directly is wrapped.
  if (time == clock_time) {
    rebuilt.RestoreTime(clock.Time());
  } else {
    rebuilt.SetTime(time);
  }
  rebuilt.SetForward(clock.Forward());
  return rebuilt;
}

namespace {

// Stores `moved` as playback's clock, with `time` its wrapped float.
// The wrapped time, and the mark that the clock wrote it (ClockIsCurrent).
void StoreTime(Playback& playback, float wrapped) {
  playback.time = wrapped;
  playback.clock_time = wrapped;
}

void StoreClock(Playback& playback, const ClipClock& moved, float wrapped) {
  playback.clock = moved;
  StoreTime(playback, wrapped);
}

}  // namespace

void Playback::SetTime(double t) {
  ClipClock moved = Clock();
  moved.SetTime(t);
  StoreClock(*this, moved, static_cast<float>(moved.Time()));
}

void Playback::SetPhase(float phase) {
  ClipClock moved = Clock();
  moved.SetPhase(phase);
  StoreClock(*this, moved, static_cast<float>(moved.Time()));
}

void Playback::SetMode(LoopMode m) {
  const double t = Clock().Time();
  mode = m;
  if (Plays()) SetTime(t);
}

float Playback::SampleTime() const {
  if (compressed != nullptr) return static_cast<float>(Clock().SampleTime());
  return clip != nullptr ? clip->SampleTime(time, mode) : time;
}

float Playback::NormalizedTime() const { return Clock().Phase(); }

bool Playback::IsComplete() const { return Clock().IsComplete(); }

namespace {

// Moves playback's clock by dt, in place, and stores the wrapped time.
// `wrap` gets the clock's time as a float, before wrapping, and returns it
// wrapped: either WrapClockTime alone or Clip::Sample, which samples there
// and wraps in the same call. `step` (optional) gets what the clock covered.
template <typename Wrap>
bool AdvanceClock(Playback& playback, float dt, ClockStep* step, Wrap&& wrap) {
  if (!playback.Plays() || !std::isfinite(dt) || !std::isfinite(playback.rate)) return false;
  if (!playback.ClockIsCurrent()) playback.clock = playback.Clock();
  const ClockStep covered = playback.clock.Advance(dt, playback.rate);
  if (step != nullptr) *step = covered;
  StoreTime(playback, wrap(static_cast<float>(playback.clock.Time())));
  return true;
}

// Moves the clock only (Step), through the span of the form played.
// The clock holds that span and the mode (Clock() built it from them), so
// nothing is looked up again per step.
bool StepClock(Playback& playback, float dt, ClockStep* step) {
  return AdvanceClock(playback, dt, step, [&playback](float t) {
    const ClipClock& moved = playback.clock;
    return WrapClockTime(t, static_cast<float>(moved.Start()), static_cast<float>(moved.Duration()),
                         moved.Mode());
  });
}

}  // namespace

bool Playback::Step(float dt, ClockStep* step) { return StepClock(*this, dt, step); }

bool Playback::Advance(float dt, SoaPose& pose, ClockStep* step) {
  if (compressed == nullptr) {
    // SamplingJob's checks before the clock moves: a pose the clip does not
    // fit (or a cursor of another clip) leaves the playback and the pose as
    // they were. Clip::Sample samples and wraps in one call.
    if (clip != nullptr && !SamplingJob{clip, time, mode, &cursor, &pose}.Validate().empty()) {
      return false;
    }
    return AdvanceClock(*this, dt, step,
                        [&](float t) { return clip->Sample(pose, t, mode, &cursor); });
  }
  const float was_time = time, was_clock_time = clock_time;
  const ClipClock was_clock = clock;
  ClockStep covered;
  if (!StepClock(*this, dt, &covered)) return false;
  // The job validates as it runs; when it refuses, the clock goes back, so
  // a refused character keeps its time.
  if (!SampleClipRef(Source(), time, static_cast<float>(clock.SampleTime()), mode, cursor, context,
                     pose)) {
    time = was_time;
    clock_time = was_clock_time;
    clock = was_clock;
    return false;
  }
  if (step != nullptr) *step = covered;
  return true;
}

}  // namespace anim
