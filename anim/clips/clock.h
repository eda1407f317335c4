// The one clock of the runtime: how a playing clip's time advances by
// dt * rate, wraps by its loop mode, and what it crossed on the way. Clip
// sampling, Playback, the graph's clip nodes, root motion, events and every
// synchronised blend take their time from here; nothing else wraps time.
//
// Times are in the clip's own seconds. A clock covers [start, start +
// duration]:
//   kLoop:     wrapped into [start, end); end is the same instant as start.
//   kClamp:    held in [start, end]; playing past an end stops there.
//   kPingPong: wrapped into [start, start + 2 * duration): the second half is
//              the way back, sampled at the reflected time (SampleTime).
// The wrapped time is stored in double, so a clock running for hours stays
// on the frame it should (fmod is exact: wrapping never adds error).
#pragma once

#include <span>

namespace anim {

// How time outside [start, end] maps back into the clip (a sequence's cycle
// type in Gamebryo's terms): kLoop wraps around, kClamp holds the end frame,
// kPingPong plays forward then backward.
enum class LoopMode { kLoop, kClamp, kPingPong };

const char* LoopModeName(LoopMode mode);

// A time split into whole periods and the rest: t = cycle * period + within,
// within in [0, period). For period <= 0 or a non-finite t: {0, 0}.
struct CycleSplit {
  double cycle = 0.0;
  double within = 0.0;
};
CycleSplit SplitCycles(double t, double period);

// The wrapped time for any `time` (negative, or many cycles past the end),
// see the modes above. A clock without duration (<= 0) or a non-finite time
// gives `start`. Float and double give the same answer up to their rounding.
float WrapClockTime(float time, float start, float duration, LoopMode mode);
double WrapClockTime(double time, double start, double duration, LoopMode mode);

// Where a wrapped (or any) time is sampled: equal to WrapClockTime except on
// ping-pong's way back, which is reflected into [start, end].
float SampleClockTime(float time, float start, float duration, LoopMode mode);
double SampleClockTime(double time, double start, double duration, LoopMode mode);

// A phase (normalised time) wrapped into [0, 1); non-finite gives 0.
float WrapPhase(float phase);

// What one Advance covered. Events and root motion read the interval from
// `from` by `delta`: (from, from + delta] forward, [from + delta, from)
// backward, unrolled across wraps (clip_events.h).
struct ClockStep {
  double from = 0.0;   // the wrapped time before the step
  double delta = 0.0;  // dt * rate, signed, not wrapped (0 when nothing moved)
  double to = 0.0;     // the wrapped time after it
  // Periods crossed, signed: a loop's wraps (period = duration) or a
  // ping-pong's whole round trips (period = 2 * duration); 0 for kClamp.
  long long wraps = 0;
  bool completed = false;  // kClamp: reached the end it plays towards in this step
};

class ClipClock {
 public:
  ClipClock() = default;
  ClipClock(double start, double duration, LoopMode mode);

  double Start() const { return start_; }
  double Duration() const { return duration_; }
  LoopMode Mode() const { return mode_; }

  // Sets the time, wrapped by the mode.
  void SetTime(double time);
  // Puts the clock at start + phase * duration, phase clamped to [0, 1]
  // (non-finite: 0). Not wrapped: a looping clock at phase 1 sits on its end
  // (the same instant as its start), so keys there count as where it starts.
  void SetPhase(double phase);
  // Puts back a time that Time() returned (Playback keeps its clock as a
  // stored time): kept as it is when the span holds it, so a loop put at
  // phase 1 stays on its end; wrapped as SetTime otherwise (the mode changed
  // since).
  void RestoreTime(double time);

  // Moves by dt * rate (either may be negative or zero) and wraps. A
  // non-finite dt or rate, or a non-finite product, changes nothing and
  // returns a step with delta 0.
  ClockStep Advance(double dt, double rate);

  double Time() const { return time_; }  // wrapped, see the modes above
  double SampleTime() const;             // where the clip is sampled: in [start, end]
  // Normalised time of the sampled frame in [0, 1]; 0 without duration.
  float Phase() const;
  // kClamp only: the end the last step played towards has been reached
  // (the end going forward or with rate 0, the start going backward).
  bool IsComplete() const;
  // The direction of the last step (true: forward, or never stepped), and
  // setting it back on a clock rebuilt from a stored time (Playback).
  bool Forward() const { return forward_; }
  void SetForward(bool forward) { forward_ = forward; }

 private:
  double start_ = 0.0;
  double duration_ = 0.0;
  LoopMode mode_ = LoopMode::kLoop;
  double time_ = 0.0;
  bool forward_ = true;  // the sign of the last rate
};

// Synchronised playback: cycles of different lengths (a walk of 1.1 s and a
// run of 0.7 s) share one normalised time, so a foot that lands at 30% of one
// lands at 30% of the other whatever the blend. With weights w_i and cycle
// lengths l_i the blended cycle lasts bl = sum(w_i * l_i) / sum(w_i), taken
// over the inputs that have a cycle (l_i > 0: a single frame stretches
// nothing); 0 when none has. Input i then plays at rate l_i / bl.
float BlendedCycleLength(std::span<const float> lengths, std::span<const float> weights);
// The same sum taken one input at a time (for callers whose lengths are not
// in an array, such as a graph node asking its inputs).
struct BlendedCycle {
  float weighted_length = 0.0f;
  float weight = 0.0f;
  void Add(float length, float w) {
    if (!(length > 0.0f)) return;
    weighted_length += w * length;
    weight += w;
  }
  float Length() const { return weight > 0.0f ? weighted_length / weight : 0.0f; }
};
// Two cycles with blend weight w (0 is l1, 1 is l2): l2 * w + l1 * (1 - w).
float BlendedCycleLength(float l1, float l2, float weight);
// l / bl: the rate at which a cycle of `length` keeps the shared phase;
// 1 when either has no length.
float SyncedRate(float length, float blended_cycle);

// The shared phase of a synchronised blend: a looping clock of period 1,
// advanced by dt / bl.
class SyncedPhase {
 public:
  // Restarts at `phase`, wrapped into [0, 1).
  void Reset(float phase);
  // Advances by dt / cycle_length; a cycle_length <= 0 holds the phase.
  ClockStep Advance(double dt, double cycle_length);
  // In [0, 1): a double just below 1 that rounds to 1.0f reads as 0.
  float Phase() const;
  // The phase shifted by `offset`, wrapped into [0, 1).
  float Shifted(float offset) const;

 private:
  ClipClock clock_{0.0, 1.0, LoopMode::kLoop};
};

}  // namespace anim
