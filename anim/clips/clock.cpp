#include "anim/clips/clock.h"

#include <algorithm>
#include <cmath>

namespace anim {

const char* LoopModeName(LoopMode mode) {
  switch (mode) {
    case LoopMode::kLoop: return "loop";
    case LoopMode::kClamp: return "clamp";
    case LoopMode::kPingPong: return "ping-pong";
  }
  return "?";
}

namespace {

// x mod period into [0, period), also for negative x. fmod is exact in
// floating point, so wrapping never accumulates error however long a clip plays.
template <typename T>
T PositiveModulo(T x, T period) {
  // Already inside (a playing clock nearly always is): fmod would return x
  // itself, at the cost of a library call per wrap, several a frame per
  // playback.
  if (x >= T(0) && x < period) return x;
  T r = std::fmod(x, period);
  if (r < T(0)) r += period;
  // r + period can round up to exactly period for tiny negative r.
  if (r >= period) r = T(0);
  return r;
}

// WrapClockTime for float (Clip::WrapTime, what playback stores) and double
// (the clocks), one formula.
template <typename T>
T Wrap(T time, T start, T duration, LoopMode mode) {
  if (!(duration > T(0)) || !std::isfinite(time)) return start;
  switch (mode) {
    case LoopMode::kLoop: return start + PositiveModulo(time - start, duration);
    case LoopMode::kClamp: return std::clamp(time, start, start + duration);
    case LoopMode::kPingPong: return start + PositiveModulo(time - start, T(2) * duration);
  }
  return start;
}

template <typename T>
T Reflect(T time, T start, T duration, LoopMode mode) {
  const T wrapped = Wrap(time, start, duration, mode);
  if (mode != LoopMode::kPingPong) return wrapped;
  const T r = wrapped - start;
  return r <= duration ? wrapped : start + (T(2) * duration - r);
}

}  // namespace

CycleSplit SplitCycles(double t, double period) {
  if (!(period > 0.0) || !std::isfinite(t)) return {};
  // Inside the first cycle, as a playing clock is on all but its wrapping
  // frames: no division and no rounding (a library call without SSE4.1) on
  // the way from the clock to the sampled time.
  if (t >= 0.0 && t < period) return {0.0, t};
  const double within = PositiveModulo(t, period);
  // t - within is a whole number of periods up to rounding: round, not floor.
  return {std::round((t - within) / period), within};
}

float WrapClockTime(float time, float start, float duration, LoopMode mode) {
  return Wrap(time, start, duration, mode);
}
double WrapClockTime(double time, double start, double duration, LoopMode mode) {
  return Wrap(time, start, duration, mode);
}
float SampleClockTime(float time, float start, float duration, LoopMode mode) {
  return Reflect(time, start, duration, mode);
}
double SampleClockTime(double time, double start, double duration, LoopMode mode) {
  return Reflect(time, start, duration, mode);
}

float WrapPhase(float phase) { return std::isfinite(phase) ? PositiveModulo(phase, 1.0f) : 0.0f; }

ClipClock::ClipClock(double start, double duration, LoopMode mode)
    : start_(start), duration_(duration), mode_(mode), time_(start) {}

void ClipClock::SetTime(double time) { time_ = Wrap(time, start_, duration_, mode_); }

void ClipClock::SetPhase(double phase) {
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0, 1.0) : 0.0;
  time_ = start_ + phase * duration_;
}

void ClipClock::RestoreTime(double time) {
  const double end = start_ + (mode_ == LoopMode::kPingPong ? 2.0 * duration_ : duration_);
  const bool held = time >= start_ && (time <= start_ + duration_ || time < end);
  if (held) {
    time_ = time;
  } else {
    SetTime(time);
  }
}

ClockStep ClipClock::Advance(double dt, double rate) {
  ClockStep step;
  step.from = step.to = time_;
  if (!std::isfinite(dt) || !std::isfinite(rate)) return step;
  const double delta = dt * rate;
  if (!std::isfinite(delta)) return step;
  forward_ = delta != 0.0 ? delta > 0.0 : rate >= 0.0;
  step.delta = delta;
  if (!(duration_ > 0.0)) {
    time_ = step.to = start_;
    return step;
  }
  if (mode_ == LoopMode::kClamp) {
    const double end = start_ + duration_;
    time_ = std::clamp(time_ + delta, start_, end);
    step.completed =
        forward_ ? (step.from < end && time_ >= end) : (step.from > start_ && time_ <= start_);
  } else {
    const double period = mode_ == LoopMode::kPingPong ? 2.0 * duration_ : duration_;
    const CycleSplit split = SplitCycles((time_ + delta) - start_, period);
    time_ = start_ + split.within;
    step.wraps = static_cast<long long>(std::clamp(split.cycle, -1e15, 1e15));
  }
  step.to = time_;
  return step;
}

double ClipClock::SampleTime() const { return Reflect(time_, start_, duration_, mode_); }

float ClipClock::Phase() const {
  if (!(duration_ > 0.0)) return 0.0f;
  return static_cast<float>(std::clamp((SampleTime() - start_) / duration_, 0.0, 1.0));
}

bool ClipClock::IsComplete() const {
  if (mode_ != LoopMode::kClamp) return false;
  return forward_ ? time_ >= start_ + duration_ : time_ <= start_;
}

float BlendedCycleLength(std::span<const float> lengths, std::span<const float> weights) {
  BlendedCycle cycle;
  const std::size_t n = std::min(lengths.size(), weights.size());
  for (std::size_t i = 0; i < n; ++i) cycle.Add(lengths[i], weights[i]);
  return cycle.Length();
}

float BlendedCycleLength(float l1, float l2, float weight) {
  const float lengths[] = {l1, l2};
  const float weights[] = {1.0f - weight, weight};
  return BlendedCycleLength(lengths, weights);
}

float SyncedRate(float length, float blended_cycle) {
  return length > 0.0f && blended_cycle > 0.0f ? length / blended_cycle : 1.0f;
}

void SyncedPhase::Reset(float phase) { clock_.SetTime(WrapPhase(phase)); }

ClockStep SyncedPhase::Advance(double dt, double cycle_length) {
  if (!(cycle_length > 0.0)) return clock_.Advance(0.0, 1.0);
  return clock_.Advance(dt / cycle_length, 1.0);
}

float SyncedPhase::Phase() const { return WrapPhase(static_cast<float>(clock_.Time())); }

float SyncedPhase::Shifted(float offset) const { return WrapPhase(Phase() + offset); }

}  // namespace anim
