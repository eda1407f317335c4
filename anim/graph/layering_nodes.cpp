#include "anim/graph/layering_nodes.h"

#include <algorithm>
#include <cmath>

#include "anim/additive.h"
#include "anim/blending.h"
#include "anim/soa_additive.h"
#include "anim/soa_layer_blend.h"

namespace anim {

namespace {

float Clamp01(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

}  // namespace

OverlayNode::OverlayNode(std::string name, const Skeleton& skeleton, Node* base, Node* over,
                         FloatInput weight)
    : Node(std::move(name)),
      base_(base),
      over_(over),
      weight_(weight),
      over_pose_(skeleton.RestPose()) {}

void OverlayNode::Reset(float phase) {
  base_->Reset(phase);
  over_->Reset(phase);
}

void OverlayNode::Update(float dt, float weight, GraphContext& ctx) {
  weight_now_ = Clamp01(ctx.Param(weight_));
  base_->Update(dt, weight, ctx);
  // The overlay's events carry its share (for a feather blend, its share at
  // a fully masked joint).
  over_->Update(dt, weight * weight_now_, ctx);
}

void OverlayNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  base_->Write(ctx, out, motion);
  if (weight_now_ <= 0.0f) return;
  MotionDelta unused;
  over_->Write(ctx, over_pose_, unused);
  Combine(out, over_pose_, weight_now_);
}

FeatherBlendNode::FeatherBlendNode(std::string name, const Skeleton& skeleton, Node* base,
                                   Node* over, JointMask mask, FloatInput t)
    : OverlayNode(std::move(name), skeleton, base, over, t), mask_(std::move(mask)) {
  mask_.weights.resize(skeleton.JointCount(), 0.0f);
}

void FeatherBlendNode::Combine(SoaPose& out, const SoaPose& over, float w) {
  BlendWeighted(out, out, over, w, mask_.weights);
}

AdditiveNode::AdditiveNode(std::string name, const Skeleton& skeleton, Node* base, Node* additive,
                           std::optional<SoaPose> reference, FloatInput weight)
    : OverlayNode(std::move(name), skeleton, base, additive, weight) {
  if (reference) reference_.emplace(*reference);
}

void AdditiveNode::Combine(SoaPose& out, const SoaPose& over, float w) {
  if (reference_) {
    Add(out, out, over, *reference_, w);
    return;
  }
  AddDifference(out, out, over, w);
}

SubtractNode::SubtractNode(std::string name, const Skeleton& skeleton, Node* source,
                           Node* reference)
    : Node(std::move(name)),
      source_(source),
      reference_(reference),
      source_pose_(skeleton.RestPose()),
      reference_pose_(skeleton.RestPose()) {}

void SubtractNode::Reset(float phase) {
  source_->Reset(phase);
  reference_->Reset(phase);
}

void SubtractNode::Update(float dt, float weight, GraphContext& ctx) {
  source_->Update(dt, weight, ctx);
  reference_->Update(dt, 0.0f, ctx);  // the reference is not shown: no events
}

void SubtractNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  MotionDelta unused;
  source_->Write(ctx, source_pose_, motion);
  reference_->Write(ctx, reference_pose_, unused);
  Subtract(out, source_pose_, reference_pose_);
  motion = {};  // a difference carries no travel of its own
}

}  // namespace anim
