#include "anim/control/shown_pose_history.h"

#include <cmath>

namespace anim {

namespace {

std::size_t Bytes(const SoaPose& pose) {
  return static_cast<std::size_t>(pose.PaddedCount()) * kSoaChannels * sizeof(float) +
         pose.MorphWeights().size() * sizeof(float);
}

}  // namespace

ShownPoseHistory::ShownPoseHistory(const SoaPose& rest, ShownPoseNeeds needs)
    : keep_shown_(needs.snapshot || needs.velocity), keep_velocity_(needs.velocity) {
  if (keep_shown_) last_ = rest;
  if (needs.snapshot) snapshot_ = rest;
  if (keep_velocity_) {
    inertial_ = Inertializer(rest.JointCount(), static_cast<int>(rest.MorphWeights().size()));
    before_last_ = rest;
  }
}

std::size_t ShownPoseHistory::HeapBytes() const {
  std::size_t bytes = Bytes(last_) + Bytes(before_last_) + Bytes(snapshot_);
  if (keep_velocity_) {
    bytes += static_cast<std::size_t>(last_.JointCount()) * sizeof(JointOffset) +
             last_.MorphWeights().size() * sizeof(InertialDecay);
  }
  return bytes;
}

void ShownPoseHistory::Reset(const SoaPose& shown) {
  StopInertialization();
  last_step_ = 0.0f;
  if (keep_shown_) last_.CopyFrom(shown);
  if (keep_velocity_) before_last_.CopyFrom(shown);
}

void ShownPoseHistory::BeginFrame(float dt) {
  frame_dt_ = std::isfinite(dt) && dt > 0.0f ? dt : 0.0f;
  if (!pending_ && keep_velocity_) inertial_.Advance(frame_dt_);
}

void ShownPoseHistory::StartInertialization(const SoaPose& target, const SoaPose& target_next,
                                            float duration) {
  pending_ = false;
  if (keep_velocity_)
    inertial_.Start(last_, before_last_, target, target_next, last_step_, duration);
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
  // Only inertial switches request an offset, and they keep the velocity.
  if (!keep_velocity_) return;
  if (pending_) {
    StartInertialization(out, out, pending_duration_);
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
