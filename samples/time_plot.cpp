#include "samples/time_plot.h"

#include <algorithm>
#include <cmath>

namespace samples {

TimePlot::TimePlot(int series, float window_seconds)
    : series_(std::max(series, 0)),
      slots_(std::max(1, static_cast<int>(std::lround(window_seconds * kSlotsPerSecond)))),
      values_(static_cast<std::size_t>(series_) * slots_, 0.0f) {}

void TimePlot::Record(float dt, std::span<const float> values) {
  if (!std::isfinite(dt) || dt <= 0.0f) return;
  pending_ += dt * kSlotsPerSecond;
  // Whole slots covered since the last one written (a frame of exactly
  // 1/60 s covers one despite rounding); a long pause fills the window once.
  const float whole = std::floor(pending_ + 1e-3f);
  pending_ -= whole;
  const int fill = static_cast<int>(std::min(whole, static_cast<float>(slots_)));
  if (fill == 0) return;
  for (int s = 0; s < series_; ++s) {
    float* h = values_.data() + static_cast<std::size_t>(s) * slots_;
    std::copy(h + fill, h + slots_, h);
    const float v = s < static_cast<int>(values.size()) ? values[s] : 0.0f;
    std::fill(h + slots_ - fill, h + slots_, v);
  }
}

void TimePlot::Clear() {
  std::fill(values_.begin(), values_.end(), 0.0f);
  pending_ = 0.0f;
}

std::span<const float> TimePlot::Values(int series) const {
  if (series < 0 || series >= series_) return {};
  return std::span<const float>(values_).subspan(static_cast<std::size_t>(series) * slots_, slots_);
}

float TimePlot::Max(int series) const {
  const std::span<const float> v = Values(series);
  return v.empty() ? 0.0f : *std::max_element(v.begin(), v.end());
}

}  // namespace samples
