#include "anim/control/synced_blend.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/core/soa_pose.h"

namespace anim {

SyncedBlend::SyncedBlend(const Skeleton& skeleton)
    : skeleton_(&skeleton), rest_(skeleton.RestPose()), pose_a_(rest_), pose_b_(rest_) {
  // Room for the cursors of any clip of this skeleton (one JointTracks entry
  // per joint, 3 cursors each), so switching clips allocates nothing.
  cursor_a_.keys.reserve(3 * static_cast<size_t>(skeleton.JointCount()));
  cursor_b_.keys.reserve(3 * static_cast<size_t>(skeleton.JointCount()));
}

void SyncedBlend::SetPhaseOffsetB(float offset) { phase_offset_b_ = WrapPhase(offset); }

void SyncedBlend::Start(const ClipRef& a, const ClipRef& b, float phase, float phase_offset_b) {
  SetPhaseOffsetB(phase_offset_b);
  a_ = a;
  b_ = b;
  ResetCursors();
  phase_.Reset(phase);
  phase_b_.Reset(phase_.Shifted(phase_offset_b_));
  cycle_length_ = a.Duration();
}

void SyncedBlend::Switch(const ClipRef& a, const ClipRef& b) {
  if (a == a_ && b == b_) return;
  a_ = a;
  b_ = b;
  ResetCursors();
}

namespace {

// The raw clip's cursor reset, or the context bound to the compressed form.
void ResetSampling(const ClipRef& clip, ClipCursor& cursor, CompressedClipContext& context) {
  if (clip.compressed != nullptr) {
    context.Bind(*clip.compressed, clip.decodings);
  } else if (clip.clip != nullptr) {
    clip.clip->ResetCursor(cursor);
  }
}

}  // namespace

void SyncedBlend::ResetCursors() {
  ResetSampling(a_, cursor_a_, context_a_);
  ResetSampling(b_, cursor_b_, context_b_);
}

void SyncedBlend::SetRootMotion(const RootMotion* a, const RootMotion* b) {
  motion_a_ = a;
  motion_b_ = b;
}

float SyncedBlend::RateA() const {
  return a_.Plays() && synchronized_ ? SyncedRate(a_.Duration(), cycle_length_) : 1.0f;
}

float SyncedBlend::RateB() const {
  return b_.Plays() && synchronized_ ? SyncedRate(b_.Duration(), cycle_length_) : 1.0f;
}

float SyncedBlend::PhaseB() const {
  return synchronized_ ? phase_.Shifted(phase_offset_b_) : phase_b_.Phase();
}

bool SyncedBlend::Advance(float dt, float& weight) {
  if (!std::isfinite(dt) || dt < 0.0f || !std::isfinite(weight)) return false;
  if (!a_.Plays() || !b_.Plays()) return false;
  weight = std::clamp(weight, 0.0f, 1.0f);
  weight_ = weight;
  const float length_a = a_.Duration(), length_b = b_.Duration();
  step_a_.from = a_.TimeAtPhase(phase_.Phase());
  step_b_.from = b_.TimeAtPhase(PhaseB());
  if (synchronized_) {
    cycle_length_ = BlendedCycleLength(length_a, length_b, weight);
    const double advance = phase_.Advance(dt, cycle_length_).delta;
    step_a_.delta = advance * length_a;
    step_b_.delta = advance * length_b;
    // B's own phase kept in step, so turning synchronisation off starts
    // the drift from here rather than from wherever B last was.
    phase_b_.Reset(phase_.Shifted(phase_offset_b_));
  } else {
    cycle_length_ = length_a;
    phase_.Advance(dt, length_a);
    phase_b_.Advance(dt, length_b);
    step_a_.delta = step_b_.delta = dt;
  }
  step_a_.time = a_.TimeAtPhase(phase_.Phase());
  step_b_.time = b_.TimeAtPhase(PhaseB());
  return true;
}

MotionDelta SyncedBlend::Motion() const {
  const auto delta = [](const RootMotion* motion, const ClipStep& step) {
    return motion != nullptr ? motion->Delta(step.from, step.delta, LoopMode::kLoop)
                             : MotionDelta{};
  };
  return BlendMotion(delta(motion_a_, step_a_), delta(motion_b_, step_b_), weight_);
}

bool SyncedBlend::Update(float dt, float weight, SoaPose& out) {
  return Update(dt, weight, rest_, pose_a_, pose_b_, out);
}

bool SyncedBlend::Update(float dt, float weight, const SoaPose& rest, SoaPose& scratch_a,
                         SoaPose& scratch_b, SoaPose& out) {
  if (!Advance(dt, weight)) return false;
  scratch_a.CopyFrom(rest);
  scratch_b.CopyFrom(rest);
  // A phase in [0, 1) is a time in [start, end): sampled where it is.
  SampleClipRef(a_, step_a_.time, step_a_.time, LoopMode::kLoop, cursor_a_, context_a_, scratch_a);
  SampleClipRef(b_, step_b_.time, step_b_.time, LoopMode::kLoop, cursor_b_, context_b_, scratch_b);
  if (motion_a_ != nullptr) motion_a_->RemoveFromPose(scratch_a, *skeleton_, step_a_.time);
  if (motion_b_ != nullptr) motion_b_->RemoveFromPose(scratch_b, *skeleton_, step_b_.time);
  Blend(out, scratch_a, scratch_b, weight);
  return true;
}

}  // namespace anim
