// Headless runs simulate --time in fixed 1/60 s steps (fixed_steps.h); a
// sample that animates a thousand characters takes ~1.7 ms a step, so
// --time 3600 would work for six minutes without a word. This runs the
// steps as ForEachFixedStep does and, once `probe_seconds` of wall time
// have passed, projects the total from the rate so far and says up front,
// in one line, when the whole run will take longer than `notice_seconds`.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "app/fixed_steps.h"

namespace animviewer {

// "45 s", "6.0 minutes"
inline std::string DurationText(double seconds) {
  char text[64];
  if (seconds < 120.0) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else {
    std::snprintf(text, sizeof text, "%.1f minutes", seconds / 60.0);
  }
  return text;
}

template <typename StepFn>
void ForEachFixedStepWithNotice(double seconds, StepFn step, std::ostream& notices,
                                double probe_seconds = 1.0, double notice_seconds = 60.0) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  const double total_steps = std::ceil(seconds / kFixedStep);
  double steps_done = 0.0;
  bool probed = false;
  ForEachFixedStep(seconds, [&](float dt) {
    step(dt);
    steps_done += 1.0;
    if (probed) return;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    if (elapsed < probe_seconds) return;
    probed = true;
    const double projected = elapsed * total_steps / steps_done;
    if (projected > notice_seconds) {
      notices << "animviewer: simulating " << seconds << " s in " << total_steps
              << " fixed steps of 1/60 s will take about " << DurationText(projected)
              << " at the rate so far (a shorter --time waits less)\n"
              << std::flush;
    }
  });
}

}  // namespace animviewer
