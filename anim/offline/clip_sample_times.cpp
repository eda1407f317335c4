#include "anim/offline/clip_sample_times.h"

#include <algorithm>
#include <cmath>

namespace anim {
namespace {

template <typename T>
void AddKeyTimes(const Track<T>& track, std::vector<float>& times, bool& cubic, bool& all_step) {
  if (track.Empty()) return;
  const std::span<const float> keys = track.Times();
  times.insert(times.end(), keys.begin(), keys.end());
  cubic = cubic || track.GetInterpolation() == Interpolation::kCubicSpline;
  all_step = all_step && track.GetInterpolation() == Interpolation::kStep;
}

}  // namespace

std::vector<float> ClipSampleTimes(const Clip& clip, bool* all_step) {
  std::vector<float> times;
  bool cubic = false;
  *all_step = true;
  for (const JointTracks& tracks : clip.Tracks()) {
    AddKeyTimes(tracks.translation, times, cubic, *all_step);
    AddKeyTimes(tracks.rotation, times, cubic, *all_step);
    AddKeyTimes(tracks.scale, times, cubic, *all_step);
  }
  if (times.empty()) {
    *all_step = false;
    times.push_back(clip.StartTime());
  }
  if (cubic) {
    const int steps = static_cast<int>(std::ceil(clip.Duration() * 60.0f));
    for (int i = 0; i <= steps; ++i) {
      times.push_back(std::min(clip.EndTime(), clip.StartTime() + static_cast<float>(i) / 60.0f));
    }
  }
  std::sort(times.begin(), times.end());
  times.erase(
      std::unique(times.begin(), times.end(), [](float a, float b) { return b - a <= 1e-6f; }),
      times.end());
  return times;
}

}  // namespace anim
