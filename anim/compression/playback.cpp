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
  forward = true;
  exact_time = time;
  exact_time_written = time;
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
  const ClipRef source{clip, compressed};
  ClipClock clock(source.StartTime(), source.Duration(), mode);
  // The exact time is one a clock stored (StoreTime) and goes back as it
  // was; a time set directly is wrapped.
  if (time == exact_time_written) {
    clock.RestoreTime(exact_time);
  } else {
    clock.SetTime(time);
  }
  clock.SetForward(forward);
  return clock;
}

namespace {

// Stores `clock`'s time in `playback`: `time` the wrapped float, `exact_time`
// the double it came from.
void StoreTime(Playback& playback, const ClipClock& clock, float wrapped) {
  playback.time = wrapped;
  playback.exact_time = clock.Duration() > 0.0 ? clock.Time() : playback.time;
  playback.exact_time_written = playback.time;
  playback.forward = clock.Forward();
}

}  // namespace

void Playback::SetTime(double t) {
  ClipClock clock = Clock();
  clock.SetTime(t);
  StoreTime(*this, clock, static_cast<float>(clock.Time()));
}

void Playback::SetPhase(float phase) {
  ClipClock clock = Clock();
  clock.SetPhase(phase);
  StoreTime(*this, clock, static_cast<float>(clock.Time()));
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

// Moves playback's clock by dt and stores the wrapped time. `wrap` gets the
// clock's time as a float, before wrapping, and returns it wrapped: either
// WrapClockTime alone or Clip::Sample, which samples there and wraps in the
// same call. `step` (optional) gets what the clock covered, `moved`
// (optional) the clock after the step (its SampleTime, without building
// the clock again).
template <typename Wrap>
bool AdvanceClock(Playback& playback, float dt, ClockStep* step, ClipClock* moved, Wrap&& wrap) {
  if (!playback.Plays() || !std::isfinite(dt) || !std::isfinite(playback.rate)) return false;
  ClipClock clock = playback.Clock();
  const ClockStep covered = clock.Advance(dt, playback.rate);
  if (step != nullptr) *step = covered;
  StoreTime(playback, clock, wrap(static_cast<float>(clock.Time())));
  if (moved != nullptr) *moved = clock;
  return true;
}

// Moves the clock only (Step), through the span of the form played.
bool StepClock(Playback& playback, float dt, ClockStep* step, ClipClock* moved) {
  const ClipRef source{playback.clip, playback.compressed};
  const float start = source.StartTime(), duration = source.Duration();
  const LoopMode mode = playback.mode;
  return AdvanceClock(playback, dt, step, moved,
                      [&](float t) { return WrapClockTime(t, start, duration, mode); });
}

}  // namespace

bool Playback::Step(float dt, ClockStep* step) { return StepClock(*this, dt, step, nullptr); }

bool Playback::Advance(float dt, SoaPose& pose, ClockStep* step) {
  if (compressed == nullptr) {
    // SamplingJob's checks before the clock moves: a pose the clip does not
    // fit (or a cursor of another clip) leaves the playback and the pose as
    // they were. Clip::Sample samples and wraps in one call.
    if (clip != nullptr && !SamplingJob{clip, time, mode, &cursor, &pose}.Validate().empty()) {
      return false;
    }
    return AdvanceClock(*this, dt, step, nullptr,
                        [&](float t) { return clip->Sample(pose, t, mode, &cursor); });
  }
  const float was_time = time, was_written = exact_time_written;
  const double was_exact = exact_time;
  const bool was_forward = forward;
  ClockStep covered;
  ClipClock moved;
  if (!StepClock(*this, dt, &covered, &moved)) return false;
  // The job validates as it runs; when it refuses, the clock goes back, so
  // a refused character keeps its time.
  if (!SampleClipRef(Source(), time, static_cast<float>(moved.SampleTime()), mode, cursor, context,
                     pose)) {
    time = was_time;
    exact_time = was_exact;
    exact_time_written = was_written;
    forward = was_forward;
    return false;
  }
  if (step != nullptr) *step = covered;
  return true;
}

}  // namespace anim
