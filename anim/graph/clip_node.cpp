#include "anim/graph/clip_node.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "anim/graph/graph_definition.h"

namespace anim {

ClipNode::ClipNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                   const ClipNodeOptions& options)
    : ClipNode(std::move(name), skeleton, &clip, options) {}

ClipNode::ClipNode(std::string name, const Skeleton& skeleton, const Clip* clip,
                   const ClipNodeOptions& options)
    : NodeWithState(std::move(name)),
      clip_(clip),
      skeleton_joints_(skeleton.JointCount()),
      options_(options) {
  if (clip_ != nullptr && options_.root_motion && options_.root_joint >= 0 &&
      options_.root_joint < skeleton.JointCount()) {
    root_motion_.emplace(RootMotion::FromClip(skeleton, *clip_, options_.root_joint));
  }
}

void ClipNode::InitState(ClipNodeState& s) const {
  s.clock = ClipClock(clip_->StartTime(), clip_->Duration(), options_.loop);
  s.cursor = clip_->MakeCursor();
  s.clock.SetPhase(0.0f);
}

void ClipNode::Validate(GraphCheck& check) const {
  if (clip_ == nullptr) {
    check.Fail(*this, "clip", "is missing (no clip of that name?)");
    return;
  }
  check.CheckJointCount(*this, "skeleton", skeleton_joints_);
  for (const JointTracks& jt : clip_->Tracks()) {
    if (jt.joint < 0 || jt.joint >= check.Joints()) {
      check.Fail(*this, "clip",
                 "'" + clip_->Name() + "' animates joint " + std::to_string(jt.joint) +
                     ", the skeleton has " + std::to_string(check.Joints()) + " joints");
      return;
    }
  }
  check.CheckInput(*this, "rate", options_.rate);
  if (options_.root_motion && (options_.root_joint < 0 || options_.root_joint >= check.Joints())) {
    check.Fail(*this, "root_joint",
               "joint " + std::to_string(options_.root_joint) + " is not in the skeleton (" +
                   std::to_string(check.Joints()) + " joints)");
  }
}

float ClipNode::Time() const {
  const ClipNodeState* s = BoundState();
  return s != nullptr ? static_cast<float>(s->clock.Time()) : 0.0f;
}

void ClipNode::ResetIn(float phase, GraphContext& ctx) const {
  ClipNodeState& s = StateIn(ctx);
  s.clock.SetPhase(phase);
  s.last_motion = {};
  s.start_events_pending = true;
}

void ClipNode::Update(float dt, float weight, GraphContext& ctx) const {
  ClipNodeState& s = StateIn(ctx);
  s.last_motion = {};
  const float rate = ctx.Param(options_.rate) * sync_scale_;
  if (!std::isfinite(dt) || !std::isfinite(rate)) return;
  const ClockStep step = s.clock.Advance(dt, rate);
  const float from = static_cast<float>(step.from);
  if (ctx.events != nullptr && weight >= ctx.event_weight_threshold) {
    if (s.start_events_pending) CollectEventsAt(*clip_, from, weight, *ctx.events);
    CollectCrossedEvents(*clip_, options_.loop, from, step.delta, weight, *ctx.events);
  }
  if (root_motion_) s.last_motion = root_motion_->Delta(from, step.delta, options_.loop);
  s.start_events_pending = false;
}

void ClipNode::Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const {
  ClipNodeState& s = StateIn(ctx);
  out.CopyFrom(*ctx.rest);  // same size: copies without allocating
  const float t = static_cast<float>(s.clock.Time());
  clip_->Sample(out, t, options_.loop, &s.cursor);
  if (root_motion_) {
    root_motion_->RemoveFromPose(out, ctx.skeleton->RestPose(),
                                 clip_->SampleTime(t, options_.loop));
  }
  motion = s.last_motion;
}

SingleFrameNode::SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                                 float phase)
    : Node(std::move(name)), pose_(skeleton.RestPose()) {
  // Sampled straight into the structure of arrays, once.
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0f, 1.0f) : 0.0f;
  clip.Sample(pose_, clip.StartTime() + phase * clip.Duration(), LoopMode::kClamp);
}

void SingleFrameNode::Write(GraphContext&, SoaPose& out, MotionDelta& motion) const {
  out.CopyFrom(pose_);
  motion = {};
}

}  // namespace anim
