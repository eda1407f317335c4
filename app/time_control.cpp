#include "app/time_control.h"

#include <algorithm>

namespace animviewer {

void TimeControl::Frame(double real_seconds, std::vector<float>* steps) {
  steps->clear();
  for (; pending_steps_ > 0; --pending_steps_) steps->push_back(step_seconds);
  scale = std::clamp(scale, 0.0f, kMaxTimeScale);
  if (paused) {
    accumulated_ = 0.0;
    return;
  }
  const double scaled = std::clamp(real_seconds, 0.0, kMaxFrameSeconds) * scale;
  if (fixed_rate_hz <= 0) {
    accumulated_ = 0.0;
    if (scaled > 0.0) steps->push_back(static_cast<float>(scaled));
    return;
  }
  const double step = 1.0 / fixed_rate_hz;
  accumulated_ += scaled;
  // The tolerance keeps 60 frames of 1/60 s from making 59 steps by rounding.
  while (accumulated_ >= step - 1e-9) {
    steps->push_back(static_cast<float>(step));
    accumulated_ = std::max(0.0, accumulated_ - step);
  }
}

void TimeControl::StepForward() {
  paused = true;
  ++pending_steps_;
}

float TimeControl::StepBack() {
  paused = true;
  return step_seconds;
}

void TimeControl::Slower() {
  float next = kTimeScalePresets[0];
  for (float preset : kTimeScalePresets) {
    if (preset < scale - 1e-4f) next = preset;
  }
  scale = next;
}

void TimeControl::Faster() {
  for (float preset : kTimeScalePresets) {
    if (preset > scale + 1e-4f) {
      scale = preset;
      return;
    }
  }
  scale = kMaxTimeScale;
}

}  // namespace animviewer
