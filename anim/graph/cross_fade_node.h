// Picks one input by an index parameter and cross-fades to a new one when
// the index changes (the cross-fade controller as a tree node). A change
// while a fade runs freezes the pose shown at that moment and fades from it,
// so a fast toggling input never pops; frozen mode always fades from a
// snapshot instead of the still-running previous input. Inertial mode
// switches to the new input at once and decays the offset from the pose
// shown (shown_pose_history.h); only the new input is sampled.
#pragma once

#include <vector>

#include "anim/cross_fade_controller.h"
#include "anim/ease_curve.h"
#include "anim/graph/node.h"
#include "anim/graph/shown_pose_history.h"

namespace anim {

struct CrossFadeNodeOptions {
  float duration = 0.25f;
  EaseCurve ease = EaseCurve::SmoothStep();
  TransitionMode mode = TransitionMode::kSmooth;
  bool match_phase = false;  // the new input starts at the old one's phase
};

class CrossFadeNode : public Node {
 public:
  CrossFadeNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                FloatInput selector, const CrossFadeNodeOptions& options = {});
  const char* Kind() const override { return "cross_fade"; }
  void Reset(float phase) override;
  void Update(float dt, float weight, GraphContext& ctx) override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return inputs_[target_]->CycleDuration(); }
  float Phase() const override { return inputs_[target_]->Phase(); }
  int ChildCount() const override { return static_cast<int>(inputs_.size()); }
  Node* Child(int i) const override { return inputs_[i]; }

  int Target() const { return target_; }
  bool Fading() const { return fading_; }
  float FadeWeight() const;  // weight of the target over the source, eased
  bool Inertializing() const { return shown_.Inertializing(); }

 private:
  int Select(const GraphContext& ctx) const;

  std::vector<Node*> inputs_;
  FloatInput selector_;
  CrossFadeNodeOptions options_;
  int target_ = 0;
  int source_ = -1;  // live source input, or -1 when fading from frozen_
  bool fading_ = false;
  bool started_ = false;
  float elapsed_ = 0.0f;
  SoaPose source_pose_, frozen_;
  ShownPoseHistory shown_;
};

}  // namespace anim
