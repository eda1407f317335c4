#include "anim/graph/clip_node.h"

#include <algorithm>
#include <cmath>

namespace anim {

namespace {

// Clip::WrapTime in double, as Playback::Advance does, so a clock that runs
// for an hour stays on the frame it should.
double WrapDouble(const Clip& clip, LoopMode mode, double t) {
  const double start = clip.StartTime(), duration = clip.Duration();
  if (!(duration > 0.0) || !std::isfinite(t)) return start;
  if (mode == LoopMode::kClamp) return std::clamp(t, start, start + duration);
  const double period = mode == LoopMode::kPingPong ? 2.0 * duration : duration;
  double r = std::fmod(t - start, period);
  if (r < 0.0) r += period;
  return start + r;
}

}  // namespace

ClipNode::ClipNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                   const ClipNodeOptions& options)
    : Node(std::move(name)), clip_(&clip), options_(options), cursor_(clip.MakeCursor()) {
  if (options_.root_motion && options_.root_joint >= 0 &&
      options_.root_joint < skeleton.JointCount()) {
    root_motion_.emplace(RootMotion::FromClip(skeleton, clip, options_.root_joint));
  }
  Reset(0.0f);
}

void ClipNode::Reset(float phase) {
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0f, 1.0f) : 0.0f;
  time_ = clip_->StartTime() + static_cast<double>(phase) * clip_->Duration();
  last_motion_ = {};
  start_events_pending_ = true;
}

void ClipNode::Update(float dt, float weight, GraphContext& ctx) {
  last_motion_ = {};
  const float rate = ctx.Param(options_.rate) * sync_scale_;
  if (!std::isfinite(dt) || !std::isfinite(rate)) return;
  const double delta = static_cast<double>(dt) * rate;
  last_rate_ = rate;
  const float from = static_cast<float>(time_);
  if (ctx.events != nullptr && weight >= ctx.event_weight_threshold) {
    if (start_events_pending_) CollectEventsAt(*clip_, from, weight, *ctx.events);
    CollectCrossedEvents(*clip_, options_.loop, from, delta, weight, *ctx.events);
  }
  if (root_motion_) last_motion_ = root_motion_->Delta(from, delta, options_.loop);
  start_events_pending_ = false;
  time_ = WrapDouble(*clip_, options_.loop, time_ + delta);
}

void ClipNode::Write(GraphContext& ctx, Pose& out, MotionDelta& motion) {
  out = ctx.skeleton->RestPose();  // same size: copies without allocating
  const float t = static_cast<float>(time_);
  clip_->Sample(out, t, options_.loop, &cursor_);
  if (root_motion_) root_motion_->RemoveFromPose(out, clip_->SampleTime(t, options_.loop));
  motion = last_motion_;
}

float ClipNode::Phase() const {
  if (!(clip_->Duration() > 0.0f)) return 0.0f;
  const float t = clip_->SampleTime(static_cast<float>(time_), options_.loop);
  return std::clamp((t - clip_->StartTime()) / clip_->Duration(), 0.0f, 1.0f);
}

bool ClipNode::IsComplete() const {
  if (options_.loop != LoopMode::kClamp) return false;
  return last_rate_ >= 0.0f ? time_ >= clip_->EndTime() : time_ <= clip_->StartTime();
}

SingleFrameNode::SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                                 float phase)
    : Node(std::move(name)), pose_(skeleton.RestPose()) {
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0f, 1.0f) : 0.0f;
  clip.Sample(pose_, clip.StartTime() + phase * clip.Duration(), LoopMode::kClamp);
}

void SingleFrameNode::Write(GraphContext&, Pose& out, MotionDelta& motion) {
  out = pose_;
  motion = {};
}

}  // namespace anim
