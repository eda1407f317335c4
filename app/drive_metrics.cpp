#include "app/drive_metrics.h"

#include <algorithm>
#include <cmath>

namespace animviewer {

int DriveMetrics::FrameAt(float time) const {
  if (frames_.empty() || time > frames_.back().time + 1e-4f) return -1;
  const auto after = std::lower_bound(frames_.begin(), frames_.end(), time,
                                      [](const DriveFrame& f, float t) { return f.time < t; });
  auto nearest = after == frames_.end() ? frames_.end() - 1 : after;
  if (after != frames_.begin() &&
      std::abs((after - 1)->time - time) <= std::abs(nearest->time - time))
    nearest = after - 1;
  return static_cast<int>(nearest - frames_.begin());
}

DriveSummary DriveMetrics::Summarise(float from, float to) const {
  DriveSummary s;
  std::array<float, 2> lowest{1e30f, 1e30f};
  for (const DriveFrame& f : frames_)
    for (int i = 0; i < 2; ++i) lowest[i] = std::min(lowest[i], f.feet[i].y);
  const double cm = 100.0 / units_;
  for (std::size_t k = 0; k < frames_.size(); ++k) {
    const DriveFrame& f = frames_[k];
    if (f.time <= from || f.time > to) continue;
    ++s.frames;
    s.searches += f.searched ? 1 : 0;
    s.switches += f.switched ? 1 : 0;
    s.update_mean_us += f.update_seconds * 1e6;
    s.update_max_us = std::max(s.update_max_us, f.update_seconds * 1e6);
    if (k == 0) continue;
    const DriveFrame& p = frames_[k - 1];
    s.seconds += f.time - p.time;
    s.metres += glm::length(f.character - p.character) / units_;
    for (int i = 0; i < 2; ++i) {
      const bool contact =
          p.feet[i].y <= lowest[i] + contact_ && f.feet[i].y <= lowest[i] + contact_;
      if (contact)
        s.slide_cm +=
            glm::length(glm::vec2(f.feet[i].x - p.feet[i].x, f.feet[i].z - p.feet[i].z)) * cm;
    }
  }
  if (s.frames > 0) s.update_mean_us /= s.frames;
  for (const DriveFrame& f : frames_) {
    if (f.time <= from || f.time > to) continue;
    for (std::size_t h = 0; h < 2; ++h) {
      const int later = FrameAt(f.time + kDriveHorizons[h]);
      if (later < 0) continue;
      const DriveFrame& l = frames_[static_cast<std::size_t>(later)];
      s.error_cm[h] += glm::length((l.character - f.character) - (l.asked - f.asked)) * cm;
      ++s.windows[h];
    }
  }
  for (std::size_t h = 0; h < 2; ++h)
    if (s.windows[h] > 0) s.error_cm[h] /= s.windows[h];
  return s;
}

}  // namespace animviewer
