#include "anim/graph/shown_pose_history.h"

#include <cmath>

namespace anim {

ShownPoseHistory::ShownPoseHistory(const Skeleton& skeleton, bool keep_shown, bool keep_velocity)
    : keep_shown_(keep_shown || keep_velocity), keep_velocity_(keep_velocity) {
  if (keep_shown_) last_ = skeleton.RestPose();
  if (keep_velocity_) {
    inertial_ = Inertializer(skeleton.JointCount(),
                             static_cast<int>(skeleton.RestPose().MorphWeights().size()));
    before_last_ = skeleton.RestPose();
  }
}

std::size_t ShownPoseHistory::HeapBytes() const {
  std::size_t bytes = PoseBytes(last_) + PoseBytes(before_last_);
  if (keep_velocity_) {
    bytes += static_cast<std::size_t>(last_.JointCount()) * sizeof(JointOffset) +
             last_.MorphWeights().size() * sizeof(InertialDecay);
  }
  return bytes;
}

void ShownPoseHistory::BeginFrame(float dt) {
  frame_dt_ = std::isfinite(dt) && dt > 0.0f ? dt : 0.0f;
  if (!pending_ && keep_velocity_) inertial_.Advance(frame_dt_);
}

void ShownPoseHistory::RequestInertialization(float duration) {
  pending_ = true;
  pending_duration_ = duration;
}

void ShownPoseHistory::StopInertialization() {
  pending_ = false;
  inertial_.Stop();
}

void ShownPoseHistory::ApplyInertialization(SoaPose& out) {
  // Only inertial transitions request an offset, and they keep the velocity.
  if (!keep_velocity_) return;
  if (pending_) {
    pending_ = false;
    inertial_.Start(last_, before_last_, out, out, last_step_, pending_duration_);
    inertial_.Advance(frame_dt_);
  }
  inertial_.Apply(out);
}

void ShownPoseHistory::Remember(const SoaPose& out) {
  if (!keep_shown_) return;
  // A zero step shows the same instant again: keep the older pose.
  if (keep_velocity_ && frame_dt_ > 0.0f) {
    before_last_.CopyFrom(last_);  // same joint count: copies without allocating
    last_step_ = frame_dt_;
  }
  last_.CopyFrom(out);
}

}  // namespace anim
