#include "anim/offline/key_reduction.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <utility>

#include "anim/core/interpolation.h"

namespace anim {

namespace {

// What float rounding alone moves a value by: the tolerance 0 means.
float RoundingNoise(const glm::vec3& v) { return 8.0f * FLT_EPSILON * (1.0f + glm::length(v)); }
float RoundingNoise(const glm::quat& /*q*/) { return 1e-6f; }

}  // namespace

float ValueDistance(const glm::vec3& a, const glm::vec3& b) { return glm::length(a - b); }

float ValueDistance(const glm::quat& a, const glm::quat& b) {
  // The angle of conj(a) * b: 2 atan2(|vector part|, |w|), in double.
  const glm::dquat da(a.w, a.x, a.y, a.z), db(b.w, b.x, b.y, b.z);
  const double la = glm::length(da), lb = glm::length(db);
  if (la == 0.0 || lb == 0.0) return la == lb ? 0.0f : 3.14159265f;
  const glm::dquat r = glm::conjugate(da / la) * (db / lb);
  const double v = std::sqrt(r.x * r.x + r.y * r.y + r.z * r.z);
  return static_cast<float>(2.0 * std::atan2(v, std::abs(r.w)));
}

glm::vec3 InterpolateKeys(const glm::vec3& a, const glm::vec3& b, float s) {
  return glm::mix(a, b, s);
}

glm::quat InterpolateKeys(const glm::quat& a, const glm::quat& b, float s) {
  return interpolation::SlerpKeys(a, b, s);
}

template <typename T>
std::vector<int> ReduceLinearKeys(std::span<const float> times, std::span<const T> values,
                                  float tolerance) {
  const int n = static_cast<int>(times.size());
  std::vector<int> kept;
  if (n == 0) return kept;
  // A key sharing its time with a neighbour is half of a jump: never dropped.
  auto pinned = [&](int i) {
    return i == 0 || i == n - 1 || times[i] == times[i - 1] || times[i] == times[i + 1];
  };
  // Whether interpolating keys a and b reproduces every key between them.
  auto reproduces = [&](int a, int b) {
    const float span = times[b] - times[a];
    for (int i = a + 1; i < b; ++i) {
      const float s = (times[i] - times[a]) / span;
      const T v = InterpolateKeys(values[a], values[b], s);
      if (ValueDistance(v, values[i]) > std::max(tolerance, RoundingNoise(values[i]))) {
        return false;
      }
    }
    return true;
  };
  kept.push_back(0);
  int a = 0;
  while (a < n - 1) {
    int b = a + 1;
    if (times[b] > times[a]) {
      while (b + 1 < n && !pinned(b) && reproduces(a, b + 1)) ++b;
    }
    kept.push_back(b);
    a = b;
  }
  return kept;
}

template std::vector<int> ReduceLinearKeys(std::span<const float>, std::span<const glm::vec3>,
                                           float);
template std::vector<int> ReduceLinearKeys(std::span<const float>, std::span<const glm::quat>,
                                           float);

namespace {

template <typename T>
Track<T> ReduceTrack(const Track<T>& track, float tolerance) {
  const int n = track.KeyCount();
  if (n < 3 || track.GetInterpolation() == Interpolation::kCubicSpline) return track;
  const std::span<const float> times = track.Times();
  const std::span<const T> values = track.Values();
  std::vector<int> kept;
  if (track.GetInterpolation() == Interpolation::kLinear) {
    kept = ReduceLinearKeys(times, values, tolerance);
  } else {
    // STEP: a key equal to the one before it changes nothing until the next.
    kept.push_back(0);
    for (int i = 1; i < n - 1; ++i) {
      if (ValueDistance(values[i], values[kept.back()]) >
          std::max(tolerance, RoundingNoise(values[i]))) {
        kept.push_back(i);
      }
    }
    kept.push_back(n - 1);
  }
  std::vector<float> new_times;
  std::vector<T> new_values;
  new_times.reserve(kept.size());
  new_values.reserve(kept.size());
  for (int i : kept) {
    new_times.push_back(times[i]);
    new_values.push_back(values[i]);
  }
  return Track<T>(track.GetInterpolation(), std::move(new_times), std::move(new_values));
}

}  // namespace

Clip ReduceKeys(const Clip& clip, float tolerance) {
  std::vector<JointTracks> tracks(clip.Tracks().begin(), clip.Tracks().end());
  for (JointTracks& jt : tracks) {
    jt.translation = ReduceTrack(jt.translation, tolerance);
    jt.rotation = ReduceTrack(jt.rotation, tolerance);
    jt.scale = ReduceTrack(jt.scale, tolerance);
  }
  Clip reduced(clip.Name(), std::move(tracks));
  reduced.SetEvents(std::vector<ClipEvent>(clip.Events().begin(), clip.Events().end()));
  reduced.SetSpeed(clip.Speed());
  return reduced;
}

}  // namespace anim
