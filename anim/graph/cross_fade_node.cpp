#include "anim/graph/cross_fade_node.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/graph/graph_definition.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

CrossFadeNode::CrossFadeNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                             FloatInput selector, const CrossFadeNodeOptions& options)
    : NodeWithState(std::move(name)),
      skeleton_(&skeleton),
      inputs_(std::move(inputs)),
      selector_(selector),
      options_(options) {}

void CrossFadeNode::InitState(CrossFadeState& s) const {
  // A change of input during a fade fades from the pose on screen, unless
  // every change is inertialized (which starts from the shown poses).
  const bool inertial = options_.mode == TransitionMode::kInertial;
  s.fade.shown =
      ShownPoseHistory(skeleton_->RestPose(), {.snapshot = !inertial, .velocity = inertial});
}

void CrossFadeNode::Validate(GraphCheck& check) const {
  if (inputs_.empty()) check.Fail(*this, "inputs", "there are none");
  check.CheckInput(*this, "selector", selector_);
  check.CheckJointCount(*this, "skeleton", skeleton_->JointCount());
}

int CrossFadeNode::ScratchDepth() const {
  // The target writes into the output; a live source into one scratch pose.
  int depth = 0;
  for (const Node* n : inputs_) {
    if (n != nullptr) depth = std::max(depth, 1 + n->ScratchDepth());
  }
  return depth;
}

int CrossFadeNode::Target(const GraphContext& ctx) const { return StateIn(ctx).target; }

bool CrossFadeNode::Fading(const GraphContext& ctx) const { return StateIn(ctx).fade.fading; }

bool CrossFadeNode::Inertializing(const GraphContext& ctx) const {
  return StateIn(ctx).fade.shown.Inertializing();
}

int CrossFadeNode::Select(const GraphContext& ctx, int target) const {
  const float v = ctx.Param(selector_);
  if (!std::isfinite(v)) return target;
  return std::clamp(static_cast<int>(std::lround(v)), 0, static_cast<int>(inputs_.size()) - 1);
}

void CrossFadeNode::ResetIn(float phase, GraphContext& ctx) const {
  CrossFadeState& s = StateIn(ctx);
  s.started = false;
  s.fade.Stop();
  s.fade.shown.StopInertialization();
  for (Node* n : inputs_) n->ResetIn(phase, ctx);
}

float CrossFadeNode::FadeWeight(const GraphContext& ctx) const { return FadeWeight(StateIn(ctx)); }

float CrossFadeNode::FadeWeight(const CrossFadeState& s) const { return s.fade.Weight(); }

void CrossFadeNode::Update(float dt, float weight, GraphContext& ctx) const {
  CrossFadeState& s = StateIn(ctx);
  const int selected = Select(ctx, s.target);
  s.fade.shown.BeginFrame(dt);
  if (!s.started) {
    s.target = selected;  // the first frame shows the selection without a fade
    s.started = true;
  } else if (selected != s.target) {
    const float phase = inputs_[s.target]->PhaseIn(ctx);
    s.fade.Begin(options_.mode, s.target, options_.duration, options_.ease);
    s.target = selected;
    inputs_[s.target]->ResetIn(options_.match_phase ? phase : 0.0f, ctx);
  } else {
    s.fade.Advance(dt);
  }
  if (s.fade.Done()) s.fade.Stop();
  const float w = FadeWeight(s);
  inputs_[s.target]->Update(dt, weight * w, ctx);
  if (s.fade.fading && s.fade.source >= 0) {
    inputs_[s.fade.source]->Update(dt, weight * (1.0f - w), ctx);
  }
}

void CrossFadeNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  CrossFadeState& s = StateIn(ctx);
  inputs_[s.target]->Write(ctx, out, motion);
  s.fade.Write(ctx, s.fade.source >= 0 ? inputs_[s.fade.source] : nullptr, out, motion);
}

}  // namespace anim
