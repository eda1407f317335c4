// The viewer's one time control, for the clip list and every walkthrough
// sample alike: pause, a time scale, single steps forward and back, and an
// optional fixed update rate. It turns each frame's real duration into the
// simulation steps to run; it knows nothing about what is simulated (the
// window steps the sample or the clip with them, and rewinds for a step back).
#pragma once

#include <vector>

namespace animviewer {

// The time scale's presets, slowest first; [ and ] move through them.
inline constexpr float kTimeScalePresets[] = {0.0f, 0.1f, 0.25f, 0.5f, 1.0f, 2.0f, 4.0f};
inline constexpr float kMaxTimeScale = 4.0f;
// A frame longer than this (a window drag, a breakpoint) simulates only
// this much, so the animation does not jump or run a burst of steps.
inline constexpr double kMaxFrameSeconds = 0.25;

class TimeControl {
 public:
  bool paused = false;
  float scale = 1.0f;     // simulated seconds per real second, 0..kMaxTimeScale
  int fixed_rate_hz = 0;  // 0: one step per frame of the frame's length; else steps of 1/Hz
  float step_seconds = 1.0f / 60.0f;  // the length of a single step (forward or back)

  // The simulation steps (seconds, each > 0) for a frame that lasted
  // `real_seconds`, into `steps` (cleared first): pending single steps
  // forward, then, unless paused, the frame's scaled time: one step, or at a
  // fixed rate as many whole 1/Hz steps as have accumulated (the remainder
  // carries over to the next frame).
  void Frame(double real_seconds, std::vector<float>* steps);

  // Queues one step of step_seconds forward, taken by the next Frame even
  // while paused. A step forward or back pauses: single steps are for
  // looking at one moment.
  void StepForward();
  // How far a step back goes (the caller rewinds by it); pauses.
  float StepBack();

  // The next slower or faster preset from the current scale.
  void Slower();
  void Faster();

 private:
  int pending_steps_ = 0;
  double accumulated_ = 0.0;  // fixed rate: scaled seconds not yet stepped
};

}  // namespace animviewer
