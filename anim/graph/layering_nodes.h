// Nodes that layer one input over another instead of mixing N by weight:
// FeatherBlend (a per-joint blend: a mask gives every joint its own factor),
// Additive (base + weight * (additive - reference), where `reference` is the
// additive input's pose at its first frame; see anim/blending/additive.h) and
// Subtract (a difference pose D = S - R made at run time from a source input
// S and a reference input R).
#pragma once

#include <optional>

#include "anim/blending/joint_mask.h"
#include "anim/graph/node.h"

namespace anim {

// The shape FeatherBlend and Additive share: a base input, an overlay input
// whose share is a weight parameter (clamped to [0, 1]), motion from the
// base. The overlay is sampled only when its weight is above zero.
// Each character's overlay weight of the last Update.
struct OverlayState {
  float weight_now = 0.0f;
};

class OverlayNode : public NodeWithState<OverlayState> {
 public:
  OverlayNode(std::string name, const Skeleton& skeleton, Node* base, Node* over,
              FloatInput weight);
  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override {
    return base_->CycleDurationIn(ctx);
  }
  float PhaseIn(const GraphContext& ctx) const override { return base_->PhaseIn(ctx); }
  int ChildCount() const override { return 2; }
  Node* Child(int i) const override { return i == 0 ? base_ : over_; }
  int ScratchDepth() const override;
  void Validate(GraphCheck& check) const override;

 protected:
  // out holds the base's pose; puts `over` on it with weight w in (0, 1].
  virtual void Combine(SoaPose& out, const SoaPose& over, float w) const = 0;

 private:
  Node* base_;
  Node* over_;
  FloatInput weight_;
};

// Joint i = mix(base, over, t * mask[i]).
class FeatherBlendNode : public OverlayNode {
 public:
  FeatherBlendNode(std::string name, const Skeleton& skeleton, Node* base, Node* over,
                   JointMask mask, FloatInput t);
  const char* Kind() const override { return "feather_blend"; }
  void Validate(GraphCheck& check) const override;

 protected:
  void Combine(SoaPose& out, const SoaPose& over, float w) const override;

 private:
  JointMask mask_;
  int mask_joints_;  // as given: a mask for another skeleton fails Validate
};

// out = base + weight * (additive - reference) with a reference pose (for
// example an additive clip's first frame, MakeAdditivePose), or
// out = base + weight * additive when the additive input already outputs a
// difference pose (a Subtract node): construct with no reference for that.
class AdditiveNode : public OverlayNode {
 public:
  AdditiveNode(std::string name, const Skeleton& skeleton, Node* base, Node* additive,
               std::optional<SoaPose> reference, FloatInput weight);
  const char* Kind() const override { return "additive"; }
  void Validate(GraphCheck& check) const override;

 protected:
  void Combine(SoaPose& out, const SoaPose& over, float w) const override;

 private:
  std::optional<SoaPose> reference_;
};

// out = source - reference (anim::Subtract): a difference pose, only
// meaningful as the additive input of an AdditiveNode without reference.
class SubtractNode : public Node {
 public:
  SubtractNode(std::string name, const Skeleton& skeleton, Node* source, Node* reference);
  const char* Kind() const override { return "subtract"; }
  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override {
    return source_->CycleDurationIn(ctx);
  }
  float PhaseIn(const GraphContext& ctx) const override { return source_->PhaseIn(ctx); }
  int ChildCount() const override { return 2; }
  Node* Child(int i) const override { return i == 0 ? source_ : reference_; }
  int ScratchDepth() const override;

 private:
  Node* source_;
  Node* reference_;
};

}  // namespace anim
