#include "anim/graph/clip_node.h"

#include <algorithm>
#include <cmath>

namespace anim {

ClipNode::ClipNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                   const ClipNodeOptions& options)
    : Node(std::move(name)),
      clip_(&clip),
      options_(options),
      cursor_(clip.MakeCursor()),
      clock_(clip.StartTime(), clip.Duration(), options.loop) {
  if (options_.root_motion && options_.root_joint >= 0 &&
      options_.root_joint < skeleton.JointCount()) {
    root_motion_.emplace(RootMotion::FromClip(skeleton, clip, options_.root_joint));
  }
  Reset(0.0f);
}

void ClipNode::Reset(float phase) {
  clock_.SetPhase(phase);
  last_motion_ = {};
  start_events_pending_ = true;
}

void ClipNode::Update(float dt, float weight, GraphContext& ctx) {
  last_motion_ = {};
  const float rate = ctx.Param(options_.rate) * sync_scale_;
  if (!std::isfinite(dt) || !std::isfinite(rate)) return;
  const ClockStep step = clock_.Advance(dt, rate);
  const float from = static_cast<float>(step.from);
  if (ctx.events != nullptr && weight >= ctx.event_weight_threshold) {
    if (start_events_pending_) CollectEventsAt(*clip_, from, weight, *ctx.events);
    CollectCrossedEvents(*clip_, options_.loop, from, step.delta, weight, *ctx.events);
  }
  if (root_motion_) last_motion_ = root_motion_->Delta(from, step.delta, options_.loop);
  start_events_pending_ = false;
}

void ClipNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) {
  out.CopyFrom(*ctx.rest);  // same size: copies without allocating
  const float t = static_cast<float>(clock_.Time());
  clip_->Sample(out, t, options_.loop, &cursor_);
  if (root_motion_) {
    root_motion_->RemoveFromPose(out, ctx.skeleton->RestPose(),
                                 clip_->SampleTime(t, options_.loop));
  }
  motion = last_motion_;
}

SingleFrameNode::SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                                 float phase)
    : Node(std::move(name)), pose_(skeleton.RestPose()) {
  // Sampled straight into the structure of arrays, once.
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0f, 1.0f) : 0.0f;
  clip.Sample(pose_, clip.StartTime() + phase * clip.Duration(), LoopMode::kClamp);
}

void SingleFrameNode::Write(GraphContext&, SoaPose& out, MotionDelta& motion) {
  out.CopyFrom(pose_);
  motion = {};
}

}  // namespace anim
