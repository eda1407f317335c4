#include "anim/control/synced_blend.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/core/soa_pose.h"

namespace anim {

SyncedBlend::SyncedBlend(const Skeleton& skeleton)
    : rest_(skeleton.RestPose()), pose_a_(rest_), pose_b_(rest_) {}

void SyncedBlend::SetPhaseOffsetB(float offset) { phase_offset_b_ = WrapPhase(offset); }

void SyncedBlend::Start(const Clip* a, const Clip* b, float phase, float phase_offset_b) {
  SetPhaseOffsetB(phase_offset_b);
  a_ = a;
  b_ = b;
  cursor_a_ = a != nullptr ? a->MakeCursor() : ClipCursor{};
  cursor_b_ = b != nullptr ? b->MakeCursor() : ClipCursor{};
  phase_.Reset(phase);
  cycle_length_ = a != nullptr ? a->Duration() : 0.0f;
}

float SyncedBlend::RateA() const {
  return a_ != nullptr ? SyncedRate(a_->Duration(), cycle_length_) : 1.0f;
}

float SyncedBlend::RateB() const {
  return b_ != nullptr ? SyncedRate(b_->Duration(), cycle_length_) : 1.0f;
}

bool SyncedBlend::Advance(float dt, float& weight) {
  if (!std::isfinite(dt) || dt < 0.0f || !std::isfinite(weight)) return false;
  if (a_ == nullptr || b_ == nullptr) return false;
  weight = std::clamp(weight, 0.0f, 1.0f);
  cycle_length_ = BlendedCycleLength(a_->Duration(), b_->Duration(), weight);
  phase_.Advance(dt, cycle_length_);
  return true;
}

float SyncedBlend::TimeA() const { return a_->TimeAtPhase(phase_.Phase()); }

float SyncedBlend::TimeB() const { return b_->TimeAtPhase(phase_.Shifted(phase_offset_b_)); }

bool SyncedBlend::Update(float dt, float weight, SoaPose& out) {
  return Update(dt, weight, rest_, pose_a_, pose_b_, out);
}

bool SyncedBlend::Update(float dt, float weight, const SoaPose& rest, SoaPose& scratch_a,
                         SoaPose& scratch_b, SoaPose& out) {
  if (!Advance(dt, weight)) return false;
  scratch_a.CopyFrom(rest);
  scratch_b.CopyFrom(rest);
  a_->Sample(scratch_a, TimeA(), LoopMode::kLoop, &cursor_a_);
  b_->Sample(scratch_b, TimeB(), LoopMode::kLoop, &cursor_b_);
  Blend(out, scratch_a, scratch_b, weight);
  return true;
}

}  // namespace anim
