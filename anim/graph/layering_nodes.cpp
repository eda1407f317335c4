#include "anim/graph/layering_nodes.h"

#include <algorithm>
#include <cmath>

#include "anim/additive.h"
#include "anim/blending.h"

namespace anim {

namespace {

float Clamp01(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

}  // namespace

FeatherBlendNode::FeatherBlendNode(std::string name, const Skeleton& skeleton, Node* base,
                                   Node* over, JointMask mask, FloatInput t)
    : Node(std::move(name)),
      base_(base),
      over_(over),
      mask_(std::move(mask)),
      t_(t),
      over_pose_(skeleton.RestPose()) {
  mask_.weights.resize(skeleton.JointCount(), 0.0f);
}

void FeatherBlendNode::Reset(float phase) {
  base_->Reset(phase);
  over_->Reset(phase);
}

void FeatherBlendNode::Update(float dt, float weight, GraphContext& ctx) {
  t_now_ = Clamp01(ctx.Param(t_));
  base_->Update(dt, weight, ctx);
  // The overlay's events carry its share, which varies per joint; its
  // factor times the node's weight is the share at a fully masked joint.
  over_->Update(dt, weight * t_now_, ctx);
}

void FeatherBlendNode::Write(GraphContext& ctx, Pose& out, MotionDelta& motion) {
  base_->Write(ctx, out, motion);
  if (t_now_ <= 0.0f) return;
  MotionDelta unused;
  over_->Write(ctx, over_pose_, unused);
  BlendWeighted(out, out, over_pose_, t_now_, mask_.weights);
}

AdditiveNode::AdditiveNode(std::string name, const Skeleton& skeleton, Node* base,
                           Node* additive, std::optional<Pose> reference, FloatInput weight)
    : Node(std::move(name)),
      base_(base),
      additive_(additive),
      reference_(std::move(reference)),
      weight_(weight),
      additive_pose_(skeleton.RestPose()) {}

void AdditiveNode::Reset(float phase) {
  base_->Reset(phase);
  additive_->Reset(phase);
}

void AdditiveNode::Update(float dt, float weight, GraphContext& ctx) {
  weight_now_ = Clamp01(ctx.Param(weight_));
  base_->Update(dt, weight, ctx);
  additive_->Update(dt, weight * weight_now_, ctx);
}

void AdditiveNode::Write(GraphContext& ctx, Pose& out, MotionDelta& motion) {
  base_->Write(ctx, out, motion);
  if (weight_now_ <= 0.0f) return;
  MotionDelta unused;
  additive_->Write(ctx, additive_pose_, unused);
  if (reference_) {
    Add(out, out, additive_pose_, *reference_, -1, weight_now_);
  } else {
    AddDifference(out, out, additive_pose_, -1, weight_now_);
  }
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

void SubtractNode::Write(GraphContext& ctx, Pose& out, MotionDelta& motion) {
  MotionDelta unused;
  source_->Write(ctx, source_pose_, motion);
  reference_->Write(ctx, reference_pose_, unused);
  Subtract(out, source_pose_, reference_pose_);
  motion = {};  // a difference carries no travel of its own
}

}  // namespace anim
