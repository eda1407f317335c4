// The framework panel's timing plots: the last few seconds of frame, update
// (animation) and render times, each with a scale that fits its values.
#pragma once

#include <algorithm>
#include <array>

namespace animviewer {

struct FrameTimings {
  static constexpr int kHistory = 180;  // 3 s at 60 frames per second
  struct Series {
    std::array<float, kHistory> ms{};  // a ring: oldest at `next`
    float average = 0.0f;              // smoothed, for the number shown
  };
  Series frame, update, render;
  int next = 0;

  void Add(double frame_ms, double update_ms, double render_ms) {
    Put(frame, frame_ms);
    Put(update, update_ms);
    Put(render, render_ms);
    next = (next + 1) % kHistory;
  }

 private:
  void Put(Series& s, double ms) const {
    s.ms[next] = static_cast<float>(ms);
    s.average += 0.1f * (static_cast<float>(ms) - s.average);
  }
};

// The top of a plot's scale: the smallest of 1, 2, 5 x 10^k at or above
// the largest value (at least 0.01 ms), so the axis reads in round numbers.
inline float PlotScale(const float* values, int count) {
  const float top = std::max(0.01f, *std::max_element(values, values + count));
  float scale = 0.01f;
  while (true) {
    for (float m : {1.0f, 2.0f, 5.0f}) {
      if (scale * m >= top) return scale * m;
    }
    scale *= 10.0f;
  }
}

}  // namespace animviewer
