// Deterministic simulation time: `seconds` split into steps of 1/60 s, the
// last one shortened to land exactly. Step ends are i * step (never
// accumulated), so no rounding drift builds up and every run sees the same
// sequence of dt values.
#pragma once

#include <algorithm>

namespace animviewer {

inline constexpr double kFixedStep = 1.0 / 60.0;

template <typename StepFn>
void ForEachFixedStep(double seconds, StepFn step) {
  double done = 0.0;
  for (long i = 1; done < seconds; ++i) {
    const double next = std::min(seconds, static_cast<double>(i) * kFixedStep);
    step(static_cast<float>(next - done));
    done = next;
  }
}

}  // namespace animviewer
