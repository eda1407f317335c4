#include "anim/graph/shown_pose_history.h"

#include <cmath>

namespace anim {

ShownPoseHistory::ShownPoseHistory(const Skeleton& skeleton)
    : inertial_(skeleton.JointCount()),
      last_(skeleton.RestPose()),
      before_last_(skeleton.RestPose()) {}

void ShownPoseHistory::BeginFrame(float dt) {
  frame_dt_ = std::isfinite(dt) && dt > 0.0f ? dt : 0.0f;
  if (!pending_) inertial_.Advance(frame_dt_);
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
  if (pending_) {
    pending_ = false;
    inertial_.Start(last_, before_last_, out, out, last_step_, pending_duration_);
    inertial_.Advance(frame_dt_);
  }
  inertial_.Apply(out);
}

void ShownPoseHistory::Remember(const SoaPose& out) {
  if (frame_dt_ > 0.0f) {          // a zero step shows the same instant again: keep the older pose
    before_last_.CopyFrom(last_);  // same joint count: copies without allocating
    last_step_ = frame_dt_;
  }
  last_.CopyFrom(out);
}

}  // namespace anim
