#include "anim/crowd_animator.h"

#include <algorithm>
#include <cmath>

namespace anim {

CrowdAnimator::CrowdAnimator(const Skeleton& skeleton, int threads, int min_per_thread)
    : skeleton_(&skeleton),
      soa_skeleton_(skeleton),
      pool_(threads),
      min_per_thread_(min_per_thread) {
  Scratch s;
  s.a = s.b = s.blended = soa_skeleton_.RestPose();
  s.model.resize(skeleton.JointCount());
  scratch_.assign(pool_.ThreadCount(), s);
}

void CrowdAnimator::Animate(CrowdCharacter& c, float dt, Scratch& s) const {
  const int joints = skeleton_->JointCount();
  if (c.a.clip == nullptr || static_cast<int>(c.palette.size()) != joints) return;
  if (c.a.clip != s.last_a) {
    s.a.CopyFrom(soa_skeleton_.RestPose());
    s.last_a = c.a.clip;
  }
  c.a.Advance(dt, s.a);
  const SoaPose* shown = &s.a;
  if (c.b.clip != nullptr) {
    if (c.b.clip != s.last_b) {
      s.b.CopyFrom(soa_skeleton_.RestPose());
      s.last_b = c.b.clip;
    }
    c.b.Advance(dt, s.b);
    const float w = std::isfinite(c.weight) ? std::clamp(c.weight, 0.0f, 1.0f) : 0.0f;
    Blend(s.blended, s.a, s.b, w);
    shown = &s.blended;
  }
  ComputePalette(soa_skeleton_, *shown, s.model, c.palette);
}

void CrowdAnimator::Update(std::span<CrowdCharacter> characters, float dt) {
  const int count = static_cast<int>(characters.size());
  const int threads = pool_.ThreadCount();
  if (threads == 1 || count < static_cast<long long>(min_per_thread_) * threads) {
    for (CrowdCharacter& c : characters) Animate(c, dt, scratch_[0]);
    return;
  }
  pool_.RunWithSlot(count, [&](int slot, int begin, int end) {
    for (int i = begin; i < end; ++i) Animate(characters[i], dt, scratch_[slot]);
  });
}

}  // namespace anim
