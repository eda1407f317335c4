// Nodes that layer one input over another instead of mixing N by weight:
// FeatherBlend (seed 003's per-joint blend: a mask gives every joint its own
// factor), Additive (seed 000/001: base + weight * (additive - reference))
// and Subtract (a difference pose made at run time, seed 001's D = S - R).
#pragma once

#include <optional>

#include "anim/graph/node.h"
#include "anim/joint_mask.h"

namespace anim {

// Joint i = mix(base, over, t * mask[i]). Motion comes from `base`.
class FeatherBlendNode : public Node {
 public:
  FeatherBlendNode(std::string name, const Skeleton& skeleton, Node* base, Node* over,
                   JointMask mask, FloatInput t);
  const char* Kind() const override { return "feather_blend"; }
  void Reset(float phase) override;
  void Update(float dt, float weight, GraphContext& ctx) override;
  void Write(GraphContext& ctx, Pose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return base_->CycleDuration(); }
  float Phase() const override { return base_->Phase(); }
  int ChildCount() const override { return 2; }
  Node* Child(int i) const override { return i == 0 ? base_ : over_; }
  const JointMask& Mask() const { return mask_; }

 private:
  Node* base_;
  Node* over_;
  JointMask mask_;
  FloatInput t_;
  float t_now_ = 0.0f;
  Pose over_pose_;
};

// out = base + weight * (additive - reference) with a reference pose (for
// example an additive clip's first frame, MakeAdditivePose), or
// out = base + weight * additive when the additive input already outputs a
// difference pose (a Subtract node): construct with no reference for that.
class AdditiveNode : public Node {
 public:
  AdditiveNode(std::string name, const Skeleton& skeleton, Node* base, Node* additive,
               std::optional<Pose> reference, FloatInput weight);
  const char* Kind() const override { return "additive"; }
  void Reset(float phase) override;
  void Update(float dt, float weight, GraphContext& ctx) override;
  void Write(GraphContext& ctx, Pose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return base_->CycleDuration(); }
  float Phase() const override { return base_->Phase(); }
  int ChildCount() const override { return 2; }
  Node* Child(int i) const override { return i == 0 ? base_ : additive_; }

 private:
  Node* base_;
  Node* additive_;
  std::optional<Pose> reference_;
  FloatInput weight_;
  float weight_now_ = 0.0f;
  Pose additive_pose_;
};

// out = source - reference (anim::Subtract): a difference pose, only
// meaningful as the additive input of an AdditiveNode without reference.
class SubtractNode : public Node {
 public:
  SubtractNode(std::string name, const Skeleton& skeleton, Node* source, Node* reference);
  const char* Kind() const override { return "subtract"; }
  void Reset(float phase) override;
  void Update(float dt, float weight, GraphContext& ctx) override;
  void Write(GraphContext& ctx, Pose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return source_->CycleDuration(); }
  float Phase() const override { return source_->Phase(); }
  int ChildCount() const override { return 2; }
  Node* Child(int i) const override { return i == 0 ? source_ : reference_; }

 private:
  Node* source_;
  Node* reference_;
  Pose source_pose_, reference_pose_;
};

}  // namespace anim
