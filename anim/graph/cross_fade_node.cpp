#include "anim/graph/cross_fade_node.h"

#include <algorithm>
#include <cmath>

#include "anim/blending.h"

namespace anim {

CrossFadeNode::CrossFadeNode(std::string name, const Skeleton& skeleton, std::vector<Node*> inputs,
                             FloatInput selector, const CrossFadeNodeOptions& options)
    : Node(std::move(name)),
      inputs_(std::move(inputs)),
      selector_(selector),
      options_(options),
      source_pose_(skeleton.RestPose()),
      frozen_(skeleton.RestPose()),
      shown_(skeleton) {}

int CrossFadeNode::Select(const GraphContext& ctx) const {
  const float v = ctx.Param(selector_);
  if (!std::isfinite(v)) return target_;
  return std::clamp(static_cast<int>(std::lround(v)), 0, static_cast<int>(inputs_.size()) - 1);
}

void CrossFadeNode::Reset(float phase) {
  started_ = false;
  fading_ = false;
  source_ = -1;
  shown_.StopInertialization();
  for (Node* n : inputs_) n->Reset(phase);
}

float CrossFadeNode::FadeWeight() const {
  if (!fading_) return 1.0f;
  return options_.ease.Evaluate(options_.duration > 0.0f ? elapsed_ / options_.duration : 1.0f);
}

void CrossFadeNode::Update(float dt, float weight, GraphContext& ctx) {
  const int selected = Select(ctx);
  shown_.BeginFrame(dt);
  if (!started_) {
    target_ = selected;  // the first frame shows the selection without a fade
    started_ = true;
  } else if (selected != target_) {
    const float phase = inputs_[target_]->Phase();
    const bool inertial = options_.mode == TransitionMode::kInertial;
    if (inertial) {
      // From whatever shows (a fade, another inertialization): no source.
      shown_.RequestInertialization(options_.duration);
      source_ = -1;
    } else if (fading_ || shown_.Inertializing() || options_.mode == TransitionMode::kFrozen) {
      frozen_.CopyFrom(shown_.LastShown());  // interrupting: fade from what is on screen
      shown_.StopInertialization();
      source_ = -1;
    } else {
      source_ = target_;
    }
    target_ = selected;
    inputs_[target_]->Reset(options_.match_phase ? phase : 0.0f);
    fading_ = !inertial;
    elapsed_ = 0.0f;
  } else if (fading_) {
    elapsed_ += std::isfinite(dt) ? std::max(dt, 0.0f) : 0.0f;
  }
  if (fading_ && elapsed_ >= options_.duration) {
    fading_ = false;
    source_ = -1;
  }
  const float w = FadeWeight();
  inputs_[target_]->Update(dt, weight * w, ctx);
  if (fading_ && source_ >= 0) inputs_[source_]->Update(dt, weight * (1.0f - w), ctx);
}

void CrossFadeNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  inputs_[target_]->Write(ctx, out, motion);
  shown_.ApplyInertialization(out);
  if (fading_) {
    const float w = FadeWeight();
    MotionDelta source_motion;
    if (source_ >= 0) {
      inputs_[source_]->Write(ctx, source_pose_, source_motion);
      Blend(out, source_pose_, out, w);
    } else {
      Blend(out, frozen_, out, w);
    }
    motion = BlendMotion(source_motion, motion, w);
  }
  shown_.Remember(out);
}

}  // namespace anim
