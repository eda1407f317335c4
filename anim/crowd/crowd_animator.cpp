#include "anim/crowd/crowd_animator.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"

namespace anim {

namespace {

float ClampedWeight(float w) { return std::isfinite(w) ? std::clamp(w, 0.0f, 1.0f) : 0.0f; }

bool FitsOrEmpty(std::span<const glm::mat4> out, int joints) {
  return out.empty() || static_cast<int>(out.size()) == joints;
}

}  // namespace

CrowdAnimator::CrowdAnimator(const Skeleton& skeleton, int workers) : skeleton_(&skeleton) {
  Scratch s;
  const SoaPose& rest = skeleton_->RestPose();
  s.a = s.b = s.blended = s.additive = s.layered = s.synced_a = s.synced_b = rest;
  s.model.resize(skeleton.JointCount());
  scratch_.assign(static_cast<std::size_t>(std::max(1, workers)), s);
}

bool CrowdAnimator::PrepareGraphs(const GraphDefinition& definition, std::string* error) {
  std::string problem = definition.Validate();
  if (problem.empty() && definition.GetSkeleton().JointCount() != skeleton_->JointCount()) {
    problem = "the graph is for a skeleton of " +
              std::to_string(definition.GetSkeleton().JointCount()) + " joints, the crowd's has " +
              std::to_string(skeleton_->JointCount());
  }
  if (!problem.empty()) {
    if (error != nullptr) *error = std::move(problem);
    return false;
  }
  for (Scratch& s : scratch_) s.graph.Reserve(definition);
  if (!Prepared(definition)) prepared_.push_back(&definition);
  return true;
}

bool CrowdAnimator::Prepared(const GraphDefinition& definition) const {
  return std::find(prepared_.begin(), prepared_.end(), &definition) != prepared_.end();
}

bool CrowdAnimator::OutputsFit(const CrowdCharacter& c) const {
  const int joints = skeleton_->JointCount();
  if (!FitsOrEmpty(c.palette, joints) || !FitsOrEmpty(c.model, joints)) return false;
  if (c.local_pose != nullptr && c.local_pose->JointCount() != joints) return false;
  return !SlotPlays(c.additive) ||
         (c.additive_reference != nullptr && c.additive_reference->JointCount() == joints);
}

bool CrowdAnimator::Sample(Playback& slot, float dt, const void*& last, SoaPose& pose) const {
  const void* clip = slot.Source().Sampled();
  if (clip != last) {
    pose.CopyFrom(skeleton_->RestPose());
    last = clip;
  }
  return slot.Advance(dt, pose);
}

const SoaPose* CrowdAnimator::Motion(CrowdCharacter& c, float dt, Scratch& s) const {
  if (c.graph != nullptr) {
    MotionDelta motion;
    if (!std::isfinite(dt) || !Prepared(c.graph->Definition()) ||
        !c.graph->Update(dt, s.graph, s.blended, motion)) {
      return nullptr;
    }
    if (c.motion != nullptr) *c.motion = motion;
    return &s.blended;
  }
  if (c.fade != nullptr) return c.fade->Update(dt) ? &c.fade->CurrentPose() : nullptr;
  if (c.synced != nullptr) {
    return c.synced->Update(dt, c.weight, skeleton_->RestPose(), s.synced_a, s.synced_b, s.blended)
               ? &s.blended
               : nullptr;
  }
  if (!SlotPlays(c.a) || !Sample(*c.a, dt, s.last_a, s.a)) return nullptr;
  if (!SlotPlays(c.b)) return &s.a;
  if (!Sample(*c.b, dt, s.last_b, s.b)) return nullptr;
  Blend(s.blended, s.a, s.b, ClampedWeight(c.weight));
  return &s.blended;
}

bool CrowdAnimator::Animate(CrowdCharacter& c, float dt, Scratch& s,
                            const CrowdCharacter* next) const {
  if (!OutputsFit(c)) return false;
  const SoaPose* pose = Motion(c, dt, s);
  if (next != nullptr && next->graph != nullptr) next->graph->Prefetch();
  if (pose == nullptr) return false;
  if (SlotPlays(c.additive)) {
    if (!Sample(*c.additive, dt, s.last_additive, s.additive)) return false;
    // In place over a blend (written whole every time, and one pose less to
    // walk through); never over `a`, whose unanimated channels must stay at
    // rest for the next character, or over a controller's own pose.
    SoaPose& out = pose == &s.blended ? s.blended : s.layered;
    Add(out, *pose, s.additive, *c.additive_reference, c.additive_weight);
    pose = &out;
  }
  if (c.local_pose != nullptr) c.local_pose->CopyFrom(*pose);
  if (!c.morph_weights.empty()) {
    const std::span<const float> weights = pose->MorphWeights();
    std::copy_n(weights.begin(), std::min(weights.size(), c.morph_weights.size()),
                c.morph_weights.begin());
  }
  if (!c.palette.empty()) {
    ComputePalette(*skeleton_, *pose, c.model.empty() ? std::span(s.model) : c.model, c.palette);
  } else if (!c.model.empty()) {
    ComputeModelMatrices(*skeleton_, *pose, c.model);
  }
  return true;
}

void CrowdAnimator::RunRange(std::span<CrowdCharacter> characters, float dt, int begin, int end,
                             int worker) {
  // A job system's bug must not become an out-of-bounds access.
  if (worker < 0 || worker >= WorkerCount()) return;
  begin = std::max(begin, 0);
  end = std::min(end, static_cast<int>(characters.size()));
  Scratch& s = scratch_[worker];
  int animated = 0;
  for (int i = begin; i < end; ++i) {
    const CrowdCharacter* next = i + 1 < end ? &characters[i + 1] : nullptr;
    animated += Animate(characters[i], dt, s, next) ? 1 : 0;
  }
  s.animated += animated;
}

int CrowdAnimator::Update(std::span<CrowdCharacter> characters, float dt) {
  return Update(characters, dt, [](int count, RangeJob job) { RunInline(count, job); });
}

int CrowdAnimator::Update(std::span<CrowdCharacter> characters, float dt,
                          ParallelForCallback parallel_for) {
  for (Scratch& s : scratch_) s.animated = 0;
  parallel_for(static_cast<int>(characters.size()), [&](int begin, int end, int worker) {
    RunRange(characters, dt, begin, end, worker);
  });
  int animated = 0;
  for (const Scratch& s : scratch_) animated += s.animated;
  return animated;
}

}  // namespace anim
