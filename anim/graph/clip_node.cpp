#include "anim/graph/clip_node.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "anim/clips/sampling_job.h"
#include "anim/compression/compressed_sampling_job.h"
#include "anim/compression/playback.h"
#include "anim/core/error_text.h"
#include "anim/graph/graph_definition.h"

namespace anim {

namespace {

// "0 to 1.25 s"-style bounds for messages.
std::string SpanText(float start, float end) {
  char text[64];
  std::snprintf(text, sizeof(text), "%g to %g s", static_cast<double>(start),
                static_cast<double>(end));
  return text;
}

// The checks of a node's compressed form against its raw clip, shared by
// ClipNode and SingleFrameNode: it must be for the skeleton, span the raw
// clip's times (the clock runs on those), and its decodings be its own.
void CheckCompressedForm(GraphCheck& check, const Node& node, const Clip& clip,
                         const CompressedClipRef& compressed) {
  if (compressed.clip == nullptr) {
    if (compressed.decodings != nullptr) {
      check.Fail(node, "compressed decodings", "given without their compressed clip");
    }
    return;
  }
  const CompressedClip& c = *compressed.clip;
  check.CheckJointCount(node, "compressed clip", c.JointCount());
  if (c.StartTime() != clip.StartTime() || c.EndTime() != clip.EndTime()) {
    check.Fail(node, "compressed clip",
               Quoted(c.Name()) + " spans " + SpanText(c.StartTime(), c.EndTime()) + ", the clip " +
                   Quoted(clip.Name()) + " " + SpanText(clip.StartTime(), clip.EndTime()) +
                   " (not its compressed form)");
  }
  if (compressed.decodings != nullptr && !compressed.decodings->For(c)) {
    check.Fail(node, "compressed decodings",
               "made from compressed clip " + Quoted(compressed.decodings->Source().Name()) +
                   ", not " + Quoted(c.Name()));
  }
}

// Samples `compressed` once at `time` into `pose` (a rest pose) with a
// context of its own. False, writing nothing, without a compressed clip or
// when it does not fit (decodings of another clip, another joint count:
// Validate then refuses the node).
bool SampleCompressedOnce(const CompressedClipRef& compressed, float time, SoaPose& pose) {
  if (compressed.clip == nullptr) return false;
  CompressedClipContext context;
  if (!context.Bind(*compressed.clip, compressed.decodings).empty()) return false;
  return CompressedSamplingJob{compressed.clip, time, &context, &pose}.Run();
}

}  // namespace

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
  // Decodings of another clip leave the context unbound (and Write's
  // sampling refuses it), but Validate refuses them before any state is made.
  s.playback.Start(ClipRef(clip_, options_.compressed), options_.loop);
}

void ClipNode::Validate(GraphCheck& check) const {
  if (clip_ == nullptr) {
    check.Fail(*this, "clip", "is missing (no clip of that name?)");
    return;
  }
  check.CheckJointCount(*this, "skeleton", skeleton_joints_);
  if (!ClipFitsJoints(*clip_, check.Joints())) {
    check.Fail(*this, "clip", ClipJointsMismatch(*clip_, check.Joints(), "the skeleton"));
    return;
  }
  CheckCompressedForm(check, *this, *clip_, options_.compressed);
  check.CheckInput(*this, "rate", options_.rate);
  if (options_.root_motion && (options_.root_joint < 0 || options_.root_joint >= check.Joints())) {
    check.Fail(*this, "root_joint",
               "joint " + std::to_string(options_.root_joint) + " is not in the skeleton (" +
                   std::to_string(check.Joints()) + " joints)");
  }
}

void ClipNode::ResetIn(float phase, GraphContext& ctx) const {
  ClipNodeState& s = StateIn(ctx);
  s.playback.SetPhase(phase);
  s.last_motion = {};
  s.start_events_pending = true;
}

void ClipNode::Update(float dt, float weight, GraphContext& ctx) const {
  ClipNodeState& s = StateIn(ctx);
  s.last_motion = {};
  s.playback.rate = ctx.Param(options_.rate) * sync_scale_;
  ClockStep step;
  if (!s.playback.Step(dt, &step)) return;  // a non-finite dt or rate moves nothing
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
  const float sample_time = s.playback.SampleTime();
  // Either form over the rest pose (SampleClipRef, as Playback::Advance
  // samples): the channels the compressed clip omits are those equal to the
  // rest pose, so the raw clip's channels come out within the tolerance and
  // every other channel at rest; morph weights come from the raw clip's own
  // tracks.
  SampleClipRef(s.playback.Source(), s.playback.time, sample_time, s.playback.mode,
                s.playback.cursor, s.playback.context, out);
  if (root_motion_) root_motion_->RemoveFromPose(out, *ctx.skeleton, sample_time);
  motion = s.last_motion;
}

SingleFrameNode::SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip,
                                 float phase, const CompressedClipRef& compressed)
    : Node(std::move(name)), clip_(&clip), compressed_(compressed), pose_(skeleton.RestPose()) {
  // Sampled straight into the structure of arrays, once.
  phase = std::isfinite(phase) ? std::clamp(phase, 0.0f, 1.0f) : 0.0f;
  const float time = clip.TimeAtPhase(phase);
  if (SampleCompressedOnce(compressed, time, pose_)) {
    SampleMorphWeights(clip.MorphWeights(), clip.SampleTime(time, LoopMode::kClamp),
                       pose_.MorphWeights());
  } else {
    clip.Sample(pose_, time, LoopMode::kClamp);
  }
}

void SingleFrameNode::Validate(GraphCheck& check) const {
  CheckCompressedForm(check, *this, *clip_, compressed_);
}

void SingleFrameNode::Write(GraphContext&, SoaPose& out, MotionDelta& motion) const {
  out.CopyFrom(pose_);
  motion = {};
}

}  // namespace anim
