#include "anim/clip.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/interpolation.h"

namespace anim {

const char* LoopModeName(LoopMode mode) {
  switch (mode) {
    case LoopMode::kLoop: return "loop";
    case LoopMode::kClamp: return "clamp";
    case LoopMode::kPingPong: return "ping-pong";
  }
  return "?";
}

Clip::Clip(std::string name, std::vector<JointTracks> tracks)
    : name_(std::move(name)), tracks_(std::move(tracks)) {
  float start = std::numeric_limits<float>::infinity();
  float end = -std::numeric_limits<float>::infinity();
  for (const JointTracks& jt : tracks_) {
    auto extend = [&](const auto& track) {
      if (track.Empty()) return;
      start = std::min(start, track.StartTime());
      end = std::max(end, track.EndTime());
    };
    extend(jt.translation);
    extend(jt.rotation);
    extend(jt.scale);
  }
  if (start <= end) {
    start_ = start;
    end_ = end;
  }
  FindSharedTimes();
}

void Clip::FindSharedTimes() {
  shared_times_.clear();
  std::span<const float> shared;
  for (const JointTracks& jt : tracks_) {
    for (std::span<const float> times :
         {jt.translation.Times(), jt.rotation.Times(), jt.scale.Times()}) {
      if (times.empty()) continue;
      if (shared.empty()) {
        shared = times;
      } else if (!std::equal(times.begin(), times.end(), shared.begin(), shared.end())) {
        return;
      }
    }
  }
  shared_times_.assign(shared.begin(), shared.end());
}

namespace {

// x mod period into [0, period), also for negative x. fmod is exact in
// floating point, so wrapping never accumulates error however long a clip plays.
float PositiveModulo(float x, float period) {
  float r = std::fmod(x, period);
  if (r < 0.0f) r += period;
  // r + period can round up to exactly period for tiny negative r.
  if (r >= period) r = 0.0f;
  return r;
}

// One channel of Clip::Sample's shared-times path: t is strictly inside the
// track, k its interval and s the fraction; non-LINEAR tracks take the
// general route.
inline void SampleLinearOr(const VectorTrack& track, float t, int k, float s, glm::vec3& out) {
  if (track.Empty()) return;
  if (track.GetInterpolation() != Interpolation::kLinear) {
    out = track.SampleInterval(t, k);
    return;
  }
  const glm::vec3* v = track.Values().data();
  out = glm::mix(v[k], v[k + 1], s);
}

inline void SampleLinearOr(const QuaternionTrack& track, float t, int k, float s, glm::quat& out) {
  if (track.Empty()) return;
  if (track.GetInterpolation() != Interpolation::kLinear) {
    out = track.SampleInterval(t, k);
    return;
  }
  const glm::quat* v = track.Values().data();
  out = interpolation::SlerpKeys(v[k], v[k + 1], s);
}

}  // namespace

float Clip::WrapTime(float time, LoopMode mode) const {
  const float duration = Duration();
  if (!(duration > 0.0f) || !std::isfinite(time)) return start_;
  switch (mode) {
    case LoopMode::kLoop:
      return start_ + PositiveModulo(time - start_, duration);
    case LoopMode::kClamp:
      return std::clamp(time, start_, end_);
    case LoopMode::kPingPong:
      return start_ + PositiveModulo(time - start_, 2.0f * duration);
  }
  return start_;
}

float Clip::SampleTime(float time, LoopMode mode) const {
  const float wrapped = WrapTime(time, mode);
  if (mode != LoopMode::kPingPong) return wrapped;
  const float r = wrapped - start_;
  const float duration = Duration();
  return r <= duration ? wrapped : start_ + (2.0f * duration - r);
}

float Clip::Sample(Pose& pose, float time, LoopMode mode, ClipCursor* cursor) const {
  const float wrapped = WrapTime(time, mode);
  const float t = SampleTime(wrapped, mode);
  const int joint_count = pose.JointCount();
  const bool use_cursor = cursor != nullptr && cursor->keys.size() == 3 * tracks_.size();
  if (!shared_times_.empty()) {
    // One interval search for every track (they share their key times), and
    // each channel written in place.
    const bool interior = shared_times_.size() >= 2 && t > shared_times_.front() &&
                          t < shared_times_.back();
    const int k = interior ? FindKeyInterval(shared_times_, t,
                                             use_cursor ? &cursor->keys[0] : nullptr)
                           : 0;
    std::span<Transform> locals = pose.Locals();
    if (interior) {
      // Inside the clip, LINEAR tracks are mixed inline with the interval
      // and fraction computed once (the same arithmetic as Track::Sample).
      const float t0 = shared_times_[k];
      const float s = (t - t0) / (shared_times_[k + 1] - t0);
      for (const JointTracks& jt : tracks_) {
        if (jt.joint < 0 || jt.joint >= joint_count) continue;
        Transform& local = locals[jt.joint];
        SampleLinearOr(jt.translation, t, k, s, local.translation);
        SampleLinearOr(jt.rotation, t, k, s, local.rotation);
        SampleLinearOr(jt.scale, t, k, s, local.scale);
      }
      return wrapped;
    }
    for (const JointTracks& jt : tracks_) {
      if (jt.joint < 0 || jt.joint >= joint_count) continue;
      Transform& local = locals[jt.joint];
      if (!jt.translation.Empty()) local.translation = jt.translation.SampleInterval(t, k);
      if (!jt.rotation.Empty()) local.rotation = jt.rotation.SampleInterval(t, k);
      if (!jt.scale.Empty()) local.scale = jt.scale.SampleInterval(t, k);
    }
    return wrapped;
  }
  for (std::size_t i = 0; i < tracks_.size(); ++i) {
    const JointTracks& jt = tracks_[i];
    if (jt.joint < 0 || jt.joint >= joint_count) continue;
    TrackCursor* c = use_cursor ? &cursor->keys[3 * i] : nullptr;
    Transform local = pose.Local(jt.joint);
    if (!jt.translation.Empty()) local.translation = jt.translation.Sample(t, c);
    if (!jt.rotation.Empty()) local.rotation = jt.rotation.Sample(t, c ? c + 1 : nullptr);
    if (!jt.scale.Empty()) local.scale = jt.scale.Sample(t, c ? c + 2 : nullptr);
    pose.SetLocal(jt.joint, local);
  }
  return wrapped;
}

ClipCursor Clip::MakeCursor() const {
  ClipCursor cursor;
  cursor.keys.resize(3 * tracks_.size());
  return cursor;
}

void Playback::Start(const Clip* c, LoopMode m, float r) {
  clip = c;
  mode = m;
  rate = r;
  time = c != nullptr ? c->StartTime() : 0.0f;
  exact_time = time;
  exact_time_written = time;
  // assign() reuses the cursor's storage, so restarting a playback with a
  // clip no larger than before allocates nothing.
  cursor.keys.assign(c != nullptr ? 3 * c->Tracks().size() : 0, TrackCursor{});
}

bool Playback::Advance(float dt, Pose& pose) {
  if (clip == nullptr || !std::isfinite(dt) || !std::isfinite(rate)) return false;
  if (time != exact_time_written) exact_time = time;
  double next = exact_time + static_cast<double>(dt) * static_cast<double>(rate);
  // The same wrapping as Clip::WrapTime, in double.
  const double start = clip->StartTime(), duration = clip->Duration();
  if (duration > 0.0 && std::isfinite(next)) {
    if (mode == LoopMode::kClamp) {
      next = std::clamp(next, start, start + duration);
    } else {
      const double period = mode == LoopMode::kPingPong ? 2.0 * duration : duration;
      double r = std::fmod(next - start, period);
      if (r < 0.0) r += period;
      next = start + r;
    }
  }
  time = clip->Sample(pose, static_cast<float>(next), mode, &cursor);
  exact_time = duration > 0.0 ? next : time;
  exact_time_written = time;
  return true;
}

float Playback::NormalizedTime() const {
  if (clip == nullptr || !(clip->Duration() > 0.0f)) return 0.0f;
  return (clip->SampleTime(time, mode) - clip->StartTime()) / clip->Duration();
}

}  // namespace anim
