#include "anim/graph/layering_nodes.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

namespace {

float Clamp01(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

}  // namespace

OverlayNode::OverlayNode(std::string name, const Skeleton&, Node* base, Node* over,
                         FloatInput weight)
    : NodeWithState(std::move(name)), base_(base), over_(over), weight_(weight) {}

void OverlayNode::ResetIn(float phase, GraphContext& ctx) const {
  base_->ResetIn(phase, ctx);
  over_->ResetIn(phase, ctx);
}

void OverlayNode::Update(float dt, float weight, GraphContext& ctx) const {
  float& weight_now = StateIn(ctx).weight_now;
  weight_now = Clamp01(ctx.Param(weight_));
  base_->Update(dt, weight, ctx);
  // The overlay's events carry its share (for a feather blend, its share at
  // a fully masked joint).
  over_->Update(dt, weight * weight_now, ctx);
}

void OverlayNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  base_->Write(ctx, out, motion);
  const float weight_now = StateIn(ctx).weight_now;
  if (weight_now <= 0.0f) return;
  MotionDelta unused;
  const ScratchPose over(*ctx.scratch);
  over_->Write(ctx, *over, unused);
  Combine(out, *over, weight_now);
}

int OverlayNode::ScratchDepth() const {
  return std::max(base_->ScratchDepth(), 1 + over_->ScratchDepth());
}

void OverlayNode::Validate(GraphCheck& check) const { check.CheckInput(*this, "weight", weight_); }

FeatherBlendNode::FeatherBlendNode(std::string name, const Skeleton& skeleton, Node* base,
                                   Node* over, JointMask mask, FloatInput t)
    : OverlayNode(std::move(name), skeleton, base, over, t),
      mask_(std::move(mask)),
      mask_joints_(static_cast<int>(mask_.weights.size())) {
  mask_.weights.resize(skeleton.JointCount(), 0.0f);
}

void FeatherBlendNode::Validate(GraphCheck& check) const {
  OverlayNode::Validate(check);
  check.CheckJointCount(*this, "mask", mask_joints_);
}

void FeatherBlendNode::Combine(SoaPose& out, const SoaPose& over, float w) const {
  BlendWeighted(out, out, over, w, mask_.weights);
}

AdditiveNode::AdditiveNode(std::string name, const Skeleton& skeleton, Node* base, Node* additive,
                           std::optional<SoaPose> reference, FloatInput weight)
    : OverlayNode(std::move(name), skeleton, base, additive, weight) {
  if (reference) reference_.emplace(*reference);
}

void AdditiveNode::Validate(GraphCheck& check) const {
  OverlayNode::Validate(check);
  if (reference_) check.CheckJointCount(*this, "reference", reference_->JointCount());
}

void AdditiveNode::Combine(SoaPose& out, const SoaPose& over, float w) const {
  if (reference_) {
    Add(out, out, over, *reference_, w);
    return;
  }
  AddDifference(out, out, over, w);
}

SubtractNode::SubtractNode(std::string name, const Skeleton&, Node* source, Node* reference)
    : Node(std::move(name)), source_(source), reference_(reference) {}

void SubtractNode::ResetIn(float phase, GraphContext& ctx) const {
  source_->ResetIn(phase, ctx);
  reference_->ResetIn(phase, ctx);
}

void SubtractNode::Update(float dt, float weight, GraphContext& ctx) const {
  source_->Update(dt, weight, ctx);
  reference_->Update(dt, 0.0f, ctx);  // the reference is not shown: no events
}

void SubtractNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  MotionDelta unused;
  const ScratchPose source(*ctx.scratch);
  source_->Write(ctx, *source, motion);
  const ScratchPose reference(*ctx.scratch);
  reference_->Write(ctx, *reference, unused);
  Subtract(out, *source, *reference);
  motion = {};  // a difference carries no travel of its own
}

int SubtractNode::ScratchDepth() const {
  return std::max(1 + source_->ScratchDepth(), 2 + reference_->ScratchDepth());
}

}  // namespace anim
