#include "anim/clips/track.h"

#include <algorithm>
#include <cmath>

#include "anim/core/interpolation.h"
#include "anim/core/transform.h"

namespace anim {

namespace {

// Per-type operations, so one Track template serves scalars, vectors and
// quaternions. Quaternion LINEAR is slerp along the shorter arc, which is
// what glTF 2.0 specifies for rotation channels.
float Lerp(float a, float b, float t) { return a + (b - a) * t; }
glm::vec3 Lerp(const glm::vec3& a, const glm::vec3& b, float t) { return glm::mix(a, b, t); }
glm::quat Lerp(const glm::quat& a, const glm::quat& b, float t) {
  return interpolation::SlerpKeys(a, b, t);
}

float Finish(float v) { return v; }
glm::vec3 Finish(const glm::vec3& v) { return v; }
glm::quat Finish(const glm::quat& q) { return NormalizedOrIdentity(q); }

// glTF 2.0 Appendix C cubic Hermite spline, s in [0, 1], tangents already in
// "per second" units and scaled here by the key interval dt.
template <typename T>
T Hermite(const T& v0, const T& out0, const T& in1, const T& v1, float s, float dt) {
  const float s2 = s * s;
  const float s3 = s2 * s;
  const float h00 = 2.0f * s3 - 3.0f * s2 + 1.0f;
  const float h10 = s3 - 2.0f * s2 + s;
  const float h01 = -2.0f * s3 + 3.0f * s2;
  const float h11 = s3 - s2;
  return v0 * h00 + out0 * (h10 * dt) + v1 * h01 + in1 * (h11 * dt);
}

}  // namespace

int FindKeyInterval(std::span<const float> times, float t, TrackCursor* cursor) {
  const int last_interval = static_cast<int>(times.size()) - 2;
  if (cursor != nullptr) {
    // Playback moves a frame at a time, so the answer is almost always the
    // remembered interval or one of its neighbours.
    const int k = std::clamp(cursor->key, 0, last_interval);
    if (times[k] <= t && t < times[k + 1]) return k;
    if (k < last_interval && times[k + 1] <= t && t < times[k + 2]) return cursor->key = k + 1;
    if (k > 0 && times[k - 1] <= t && t < times[k]) return cursor->key = k - 1;
  }
  // First key strictly after t, minus one; t == back() falls in the last interval.
  const auto it = std::upper_bound(times.begin(), times.end(), t);
  const int k = std::clamp(static_cast<int>(it - times.begin()) - 1, 0, last_interval);
  if (cursor != nullptr) cursor->key = k;
  return k;
}

template <typename T>
Track<T>::Track(Interpolation interpolation, std::vector<float> times, std::vector<T> values)
    : interpolation_(interpolation), times_(std::move(times)), values_(std::move(values)) {}

template <typename T>
bool Track<T>::Valid() const {
  const std::size_t per_key = interpolation_ == Interpolation::kCubicSpline ? 3 : 1;
  if (values_.size() != times_.size() * per_key) return false;
  for (std::size_t i = 0; i < times_.size(); ++i) {
    if (!std::isfinite(times_[i])) return false;
    if (i > 0 && !(times_[i] > times_[i - 1])) return false;
  }
  return true;
}

template <typename T>
T Track<T>::KeyValue(int k) const {
  return interpolation_ == Interpolation::kCubicSpline ? values_[3 * k + 1] : values_[k];
}

template <typename T>
T Track<T>::Sample(float t, TrackCursor* cursor) const {
  const int n = KeyCount();
  // Only interior times need the interval search; SampleInterval handles the rest.
  const bool interior = n >= 2 && t > times_.front() && t < times_.back();
  return SampleInterval(t, interior ? FindKeyInterval(times_, t, cursor) : 0);
}

template <typename T>
T Track<T>::SampleInterval(float t, int k) const {
  const int n = KeyCount();
  if (n == 0) return T{};
  if (n == 1 || !(t > times_.front())) return Finish(KeyValue(0));
  if (t >= times_.back()) return Finish(KeyValue(n - 1));

  const float t0 = times_[k];
  const float dt = times_[k + 1] - t0;
  const float s = (t - t0) / dt;
  switch (interpolation_) {
    case Interpolation::kStep: return values_[k];
    case Interpolation::kLinear: return Lerp(values_[k], values_[k + 1], s);
    case Interpolation::kCubicSpline:
      return Finish(Hermite(values_[3 * k + 1], values_[3 * k + 2], values_[3 * (k + 1)],
                            values_[3 * (k + 1) + 1], s, dt));
  }
  return T{};
}

template class Track<float>;
template class Track<glm::vec3>;
template class Track<glm::quat>;

}  // namespace anim
