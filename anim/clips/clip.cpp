#include "anim/clips/clip.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/clips/sampling_job.h"
#include "anim/core/interpolation.h"

namespace anim {

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
  if (!tracks_.empty()) {
    const auto [lowest, highest] = std::minmax_element(
        tracks_.begin(), tracks_.end(),
        [](const JointTracks& a, const JointTracks& b) { return a.joint < b.joint; });
    lowest_joint_ = lowest->joint;
    highest_joint_ = highest->joint;
  }
  if (start <= end) {
    start_ = start;
    end_ = end;
  }
  shared_times_ = SoaClipKeys::SharedTimes(tracks_);
  BuildSoaKeys();
}

void Clip::BuildSoaKeys() {
  if (shared_times_.empty()) merged_times_ = SoaClipKeys::MergedLinearTimes(tracks_);
  const std::span<const float> times = SoaTimes();
  // The table holds every channel of every joint up to the highest animated
  // one at every time: worth it where most of that is animated anyway.
  // Beyond kMaxGrowth times the tracks' own bytes (a handful of joints
  // animated in a large rig, or one densely keyed channel among sparse
  // ones) the per-track route is kept, which costs in proportion to the
  // tracks alone.
  constexpr std::size_t kMaxGrowth = 8;
  const std::size_t table = SoaClipKeys::TableBytes(static_cast<int>(times.size()), highest_joint_);
  if (times.size() >= 2 && table <= kMaxGrowth * KeyBytes()) {
    soa_keys_ = SoaClipKeys(tracks_, times);
  }
  // Without a table its own times are not needed: freed, not just cleared.
  if (soa_keys_.Empty()) merged_times_ = std::vector<float>();
}

void Clip::SetMorphWeights(std::vector<MorphWeightTracks> tracks) {
  morph_weights_ = std::move(tracks);
  const bool had_keys = start_ < end_ || !tracks_.empty();
  float start = had_keys ? start_ : std::numeric_limits<float>::infinity();
  float end = had_keys ? end_ : -std::numeric_limits<float>::infinity();
  for (const MorphWeightTracks& m : morph_weights_) {
    for (const ScalarTrack& track : m.targets) {
      if (track.Empty()) continue;
      start = std::min(start, track.StartTime());
      end = std::max(end, track.EndTime());
    }
  }
  if (start <= end) {
    start_ = start;
    end_ = end;
  }
}

std::size_t Clip::KeyBytes() const {
  std::size_t bytes = 0;
  for (const JointTracks& jt : tracks_) {
    bytes += jt.translation.Times().size() * sizeof(float) +
             jt.translation.Values().size() * sizeof(glm::vec3);
    bytes += jt.rotation.Times().size() * sizeof(float) +
             jt.rotation.Values().size() * sizeof(glm::quat);
    bytes += jt.scale.Times().size() * sizeof(float) + jt.scale.Values().size() * sizeof(glm::vec3);
  }
  return bytes;
}

namespace {

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
  return WrapClockTime(time, start_, Duration(), mode);
}

float Clip::SampleTime(float time, LoopMode mode) const {
  return SampleClockTime(time, start_, Duration(), mode);
}

namespace {

// Clip::Sample's joints: the per-track routes read and write a joint's
// Transform through Local/SetLocal; the structure-of-arrays keys write their
// channels themselves.
float SampleClip(const Clip& clip, std::span<const JointTracks> tracks,
                 std::span<const float> shared_times, std::span<const float> soa_times,
                 const SoaClipKeys& soa_keys, SoaPose& pose, float time, LoopMode mode,
                 ClipCursor* cursor) {
  const float wrapped = clip.WrapTime(time, mode);
  const float t = clip.SampleTime(wrapped, mode);
  const int joint_count = pose.JointCount();
  const bool use_cursor = cursor != nullptr && cursor->keys.size() == 3 * tracks.size();
  if (!soa_keys.Empty() && t > soa_times.front() && t < soa_times.back()) {
    // All LINEAR channels in one vectorised pass over the table's interval
    // (one search for the whole clip), then the others.
    const int k = FindKeyInterval(soa_times, t, cursor != nullptr ? &cursor->shared : nullptr);
    const float t0 = soa_times[k];
    const float s = (t - t0) / (soa_times[k + 1] - t0);
    soa_keys.SampleLinear(k, s, pose);
    for (const SoaClipKeys::Other& other : soa_keys.Others()) {
      const JointTracks& jt = tracks[other.track];
      if (jt.joint >= joint_count) continue;
      // With shared times k is their interval too; otherwise each track
      // finds its own.
      TrackCursor* c = use_cursor ? &cursor->keys[3 * other.track + other.group] : nullptr;
      auto sample = [&](const auto& track) {
        return shared_times.empty() ? track.Sample(t, c) : track.SampleInterval(t, k);
      };
      Transform local = pose.Local(jt.joint);
      if (other.group == 0) local.translation = sample(jt.translation);
      if (other.group == 1) local.rotation = sample(jt.rotation);
      if (other.group == 2) local.scale = sample(jt.scale);
      pose.SetLocal(jt.joint, local);
    }
    return wrapped;
  }
  if (!shared_times.empty()) {
    // One interval search for every track (they share their key times), and
    // each channel written in place.
    const bool interior =
        shared_times.size() >= 2 && t > shared_times.front() && t < shared_times.back();
    const int k =
        interior ? FindKeyInterval(shared_times, t, cursor != nullptr ? &cursor->shared : nullptr)
                 : 0;
    if (interior) {
      // Inside the clip, LINEAR tracks are mixed with the interval and
      // fraction computed once (the same arithmetic as Track::Sample).
      const float t0 = shared_times[k];
      const float s = (t - t0) / (shared_times[k + 1] - t0);
      for (const JointTracks& jt : tracks) {
        if (jt.joint < 0 || jt.joint >= joint_count) continue;
        Transform local = pose.Local(jt.joint);
        SampleLinearOr(jt.translation, t, k, s, local.translation);
        SampleLinearOr(jt.rotation, t, k, s, local.rotation);
        SampleLinearOr(jt.scale, t, k, s, local.scale);
        pose.SetLocal(jt.joint, local);
      }
      return wrapped;
    }
    for (const JointTracks& jt : tracks) {
      if (jt.joint < 0 || jt.joint >= joint_count) continue;
      Transform local = pose.Local(jt.joint);
      if (!jt.translation.Empty()) local.translation = jt.translation.SampleInterval(t, k);
      if (!jt.rotation.Empty()) local.rotation = jt.rotation.SampleInterval(t, k);
      if (!jt.scale.Empty()) local.scale = jt.scale.SampleInterval(t, k);
      pose.SetLocal(jt.joint, local);
    }
    return wrapped;
  }
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    const JointTracks& jt = tracks[i];
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

}  // namespace

float Clip::Sample(SoaPose& pose, float time, LoopMode mode, ClipCursor* cursor) const {
  const float wrapped =
      SampleClip(*this, tracks_, shared_times_, SoaTimes(), soa_keys_, pose, time, mode, cursor);
  // The weight tracks at the same clip time (a pose without morph weights,
  // or with too few, keeps what it has).
  if (!morph_weights_.empty()) {
    SampleMorphWeights(morph_weights_, SampleTime(wrapped, mode), pose.MorphWeights());
  }
  return wrapped;
}

ClipCursor Clip::MakeCursor() const {
  ClipCursor cursor;
  ResetCursor(cursor);
  return cursor;
}

void Clip::ResetCursor(ClipCursor& cursor) const {
  // A clip whose tracks share their key times searches them once, with the
  // cursor's `shared` key: per-track keys would be memory never read.
  cursor.keys.assign(shared_times_.empty() ? 3 * tracks_.size() : 0, TrackCursor{});
  cursor.shared = TrackCursor{};
}

}  // namespace anim
