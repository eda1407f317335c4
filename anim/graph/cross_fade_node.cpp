#include "anim/graph/cross_fade_node.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"
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
  if (!inertial) s.frozen = skeleton_->SoaRestPose();
  s.shown = ShownPoseHistory(*skeleton_, true, inertial);
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

int CrossFadeNode::Target() const {
  const CrossFadeState* s = BoundState();
  return s != nullptr ? s->target : 0;
}

bool CrossFadeNode::Fading() const {
  const CrossFadeState* s = BoundState();
  return s != nullptr && s->fading;
}

bool CrossFadeNode::Inertializing() const {
  const CrossFadeState* s = BoundState();
  return s != nullptr && s->shown.Inertializing();
}

int CrossFadeNode::Select(const GraphContext& ctx, int target) const {
  const float v = ctx.Param(selector_);
  if (!std::isfinite(v)) return target;
  return std::clamp(static_cast<int>(std::lround(v)), 0, static_cast<int>(inputs_.size()) - 1);
}

void CrossFadeNode::ResetIn(float phase, GraphContext& ctx) const {
  CrossFadeState& s = StateIn(ctx);
  s.started = false;
  s.fading = false;
  s.source = -1;
  s.shown.StopInertialization();
  for (Node* n : inputs_) n->ResetIn(phase, ctx);
}

float CrossFadeNode::FadeWeight() const {
  const CrossFadeState* s = BoundState();
  return s != nullptr ? FadeWeight(*s) : 1.0f;
}

float CrossFadeNode::FadeWeight(const CrossFadeState& s) const {
  if (!s.fading) return 1.0f;
  return options_.ease.Evaluate(options_.duration > 0.0f ? s.elapsed / options_.duration : 1.0f);
}

void CrossFadeNode::Update(float dt, float weight, GraphContext& ctx) const {
  CrossFadeState& s = StateIn(ctx);
  const int selected = Select(ctx, s.target);
  s.shown.BeginFrame(dt);
  if (!s.started) {
    s.target = selected;  // the first frame shows the selection without a fade
    s.started = true;
  } else if (selected != s.target) {
    const float phase = inputs_[s.target]->PhaseIn(ctx);
    const bool inertial = options_.mode == TransitionMode::kInertial;
    if (inertial) {
      // From whatever shows (a fade, another inertialization): no source.
      s.shown.RequestInertialization(options_.duration);
      s.source = -1;
    } else if (s.fading || s.shown.Inertializing() || options_.mode == TransitionMode::kFrozen) {
      s.frozen.CopyFrom(s.shown.LastShown());  // interrupting: fade from what is on screen
      s.shown.StopInertialization();
      s.source = -1;
    } else {
      s.source = s.target;
    }
    s.target = selected;
    inputs_[s.target]->ResetIn(options_.match_phase ? phase : 0.0f, ctx);
    s.fading = !inertial;
    s.elapsed = 0.0f;
  } else if (s.fading) {
    s.elapsed += std::isfinite(dt) ? std::max(dt, 0.0f) : 0.0f;
  }
  if (s.fading && s.elapsed >= options_.duration) {
    s.fading = false;
    s.source = -1;
  }
  const float w = FadeWeight(s);
  inputs_[s.target]->Update(dt, weight * w, ctx);
  if (s.fading && s.source >= 0) inputs_[s.source]->Update(dt, weight * (1.0f - w), ctx);
}

void CrossFadeNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  CrossFadeState& s = StateIn(ctx);
  inputs_[s.target]->Write(ctx, out, motion);
  s.shown.ApplyInertialization(out);
  if (s.fading) {
    const float w = FadeWeight(s);
    MotionDelta source_motion;
    if (s.source >= 0) {
      const ScratchPose source(*ctx.scratch);
      inputs_[s.source]->Write(ctx, *source, source_motion);
      Blend(out, *source, out, w);
    } else {
      Blend(out, s.frozen, out, w);
    }
    motion = BlendMotion(source_motion, motion, w);
  }
  s.shown.Remember(out);
}

}  // namespace anim
