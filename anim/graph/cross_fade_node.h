// Picks one input by an index parameter and cross-fades to a new one when
// the index changes (the cross-fade controller as a tree node). A change
// while a fade runs freezes the pose shown at that moment and fades from it,
// so a fast toggling input never pops; frozen mode always fades from a
// snapshot instead of the still-running previous input. Inertial mode
// switches to the new input at once and decays the offset from the pose
// shown (shown_pose_history.h); only the new input is sampled.
#pragma once

#include <vector>

#include "anim/control/fade.h"
#include "anim/core/ease_curve.h"
#include "anim/graph/node.h"
#include "anim/graph/node_fade.h"

namespace anim {

struct CrossFadeNodeOptions {
  float duration = 0.25f;
  EaseCurve ease = EaseCurve::SmoothStep();
  TransitionMode mode = TransitionMode::kSmooth;
  bool match_phase = false;  // the new input starts at the old one's phase
};

// What each character's cross-fade remembers.
struct CrossFadeState {
  int target = 0;
  bool started = false;
  NodeFade fade;  // its source is an input index; a snapshot kept unless inertial
};

class CrossFadeNode : public NodeWithState<CrossFadeState> {
 public:
  CrossFadeNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                FloatInput selector, const CrossFadeNodeOptions& options = {});
  const char* Kind() const override { return "cross_fade"; }
  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext& ctx) const override {
    return inputs_[StateIn(ctx).target]->CycleDurationIn(ctx);
  }
  float PhaseIn(const GraphContext& ctx) const override {
    return inputs_[StateIn(ctx).target]->PhaseIn(ctx);
  }
  int ChildCount() const override { return static_cast<int>(inputs_.size()); }
  Node* Child(int i) const override { return inputs_[i]; }
  int ScratchDepth() const override;
  void Validate(GraphCheck& check) const override;

  // A character's cross-fade (its GraphInstance's or AnimationGraph's Context()).
  int Target(const GraphContext& ctx) const;
  bool Fading(const GraphContext& ctx) const;
  float FadeWeight(const GraphContext& ctx) const;  // weight of the target over the source, eased
  bool Inertializing(const GraphContext& ctx) const;

 protected:
  void InitState(CrossFadeState& s) const override;
  std::size_t HeapBytes(const CrossFadeState& s) const override { return s.fade.shown.HeapBytes(); }

 private:
  int Select(const GraphContext& ctx, int target) const;
  float FadeWeight(const CrossFadeState& s) const;

  const Skeleton* skeleton_;
  std::vector<Node*> inputs_;
  FloatInput selector_;
  CrossFadeNodeOptions options_;
};

}  // namespace anim
