// Track: keyframes of one value (a scalar, a vec3 or a quaternion) over time,
// interpolated exactly as glTF 2.0 defines its samplers:
//   STEP        the value of the last key at or before t;
//   LINEAR      lerp between the two keys around t (slerp along the shorter
//               arc for quaternions);
//   CUBICSPLINE cubic Hermite spline with in/out tangents stored per key; the
//               tangents are multiplied by the key interval (t_{k+1} - t_k).
// Quaternion results are normalised after interpolation.
// Times before the first key give the first value, after the last key the last.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim {

enum class Interpolation { kStep, kLinear, kCubicSpline };

// Remembers the key interval of the previous sample so that playback, which
// moves forward a little each frame, finds its key in O(1) instead of
// searching. One cursor per playback; a fresh cursor (key = 0) is always valid.
struct TrackCursor {
  int key = 0;
};

// Index k of the interval [times[k], times[k+1]] holding t, for t inside
// [times.front(), times.back()] and at least two times (t == back() falls in
// the last interval). Starts from the cursor's key when given (O(1) for
// playback moving a little each frame), else binary search; updates it.
int FindKeyInterval(std::span<const float> times, float t, TrackCursor* cursor);

template <typename T>
class Track {
 public:
  Track() = default;
  // values holds one entry per key for STEP and LINEAR, and three per key
  // (in-tangent, value, out-tangent, in that order) for CUBICSPLINE.
  // times must be finite and strictly increasing; Valid() reports whether
  // the arrays agree.
  Track(Interpolation interpolation, std::vector<float> times, std::vector<T> values);

  bool Valid() const;
  bool Empty() const { return times_.empty(); }
  int KeyCount() const { return static_cast<int>(times_.size()); }
  Interpolation GetInterpolation() const { return interpolation_; }
  float StartTime() const { return times_.empty() ? 0.0f : times_.front(); }
  float EndTime() const { return times_.empty() ? 0.0f : times_.back(); }
  std::span<const float> Times() const { return times_; }
  std::span<const T> Values() const { return values_; }

  // The value at time t. With a cursor, the search starts from the key the
  // cursor remembers (O(1) for forward or backward playback), else binary search.
  T Sample(float t, TrackCursor* cursor = nullptr) const;

  // Sample(t) for a caller that already knows the key interval: `k` must be
  // FindKeyInterval(Times(), t) whenever StartTime() < t < EndTime() (it is
  // ignored otherwise). Lets tracks sharing one key-time array (the common
  // case in exported clips) search once for all of them; same result as Sample.
  T SampleInterval(float t, int k) const;

  // The value stored at key k (for CUBICSPLINE, the value, not a tangent).
  T KeyValue(int k) const;

 private:
  Interpolation interpolation_ = Interpolation::kLinear;
  std::vector<float> times_;
  std::vector<T> values_;
};

using ScalarTrack = Track<float>;
using VectorTrack = Track<glm::vec3>;
using QuaternionTrack = Track<glm::quat>;

extern template class Track<float>;
extern template class Track<glm::vec3>;
extern template class Track<glm::quat>;

}  // namespace anim
