// Leaf nodes that read a clip: ClipNode plays it (with its events and root
// motion), SingleFrameNode holds one normalised time of it (a pose used as
// an additive reference or an aim target).
//
// Either may be given the compressed form of its clip (anim/compression/:
// the CompressedClip built from it and the decodings shared by everyone who
// plays it, both owned by the caller and outliving the graph, like the raw
// clip). The pose is then sampled from the compressed clip, within the
// builder's tolerance of the raw one; everything else still reads the raw
// clip, which the node keeps: the clock (start, duration), events, root
// motion and the clip's speed. Validate refuses a compressed clip of another
// joint count or time span than the raw clip, and decodings of another clip.
#pragma once

#include <optional>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/compression/playback.h"
#include "anim/graph/node.h"

namespace anim {

struct ClipNodeOptions {
  LoopMode loop = LoopMode::kLoop;
  FloatInput rate{-1, 1.0f};
  // Extract the root joint's horizontal motion into the motion delta and
  // play the clip in place (see anim/clips/root_motion.h). Needs a root joint.
  bool root_motion = false;
  int root_joint = 0;
  // The clip's compressed form, sampled instead of the clip when set (see
  // the top of the file).
  CompressedClipRef compressed;
};

// What each character's clip node remembers: where it is in the clip, as
// the runtime's one playing clip (anim/compression/playback.h: the clock,
// the raw clip's key cursor and the compressed form's context).
struct ClipNodeState {
  Playback playback;
  bool start_events_pending = true;  // keys at the start time fire on the first update
  MotionDelta last_motion;
};

class ClipNode : public NodeWithState<ClipNodeState> {
 public:
  ClipNode(std::string name, const Skeleton& skeleton, const Clip& clip,
           const ClipNodeOptions& options = {});
  // A clip looked up by the caller, which may have failed: null is reported
  // by the definition's Validate ("clip: is missing").
  ClipNode(std::string name, const Skeleton& skeleton, const Clip* clip,
           const ClipNodeOptions& options = {});
  const char* Kind() const override { return "clip"; }

  void ResetIn(float phase, GraphContext& ctx) const override;
  void Update(float dt, float weight, GraphContext& ctx) const override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  float CycleDurationIn(const GraphContext&) const override { return clip_->Duration(); }
  float PhaseIn(const GraphContext& ctx) const override {
    return StateIn(ctx).playback.NormalizedTime();
  }
  bool IsCompleteIn(const GraphContext& ctx) const override {
    return StateIn(ctx).playback.IsComplete();
  }
  void Validate(GraphCheck& check) const override;

  const Clip& GetClip() const { return *clip_; }
  // The compressed form it samples ({} when it plays the raw clip).
  const CompressedClipRef& Compressed() const { return options_.compressed; }
  float Time(const GraphContext& ctx) const { return StateIn(ctx).playback.time; }
  // An extra factor on the rate parameter (1 unless set), for every
  // character. The graph's synchronised blends do not use it: they scale the
  // dt they pass down.
  void SetSyncScale(float scale) { sync_scale_ = scale; }

 protected:
  void InitState(ClipNodeState& s) const override;
  std::size_t HeapBytes(const ClipNodeState& s) const override {
    // The playback is in the state block; its cursor's and context's arrays are not.
    return s.playback.ByteSize() - sizeof(Playback);
  }

 private:
  const Clip* clip_;
  int skeleton_joints_;
  ClipNodeOptions options_;
  std::optional<RootMotion> root_motion_;
  float sync_scale_ = 1.0f;
};

class SingleFrameNode : public Node {
 public:
  // With `compressed` set, the pose is sampled from it (once, here; a form
  // that Validate refuses is not sampled and leaves the raw clip's pose).
  SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip, float phase,
                  const CompressedClipRef& compressed = {});
  const char* Kind() const override { return "single_frame"; }
  void ResetIn(float, GraphContext&) const override {}
  void Update(float, float, GraphContext&) const override {}
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;
  void Validate(GraphCheck& check) const override;
  const CompressedClipRef& Compressed() const { return compressed_; }

 private:
  const Clip* clip_;
  CompressedClipRef compressed_;
  SoaPose pose_;  // sampled once at construction, shared by every character
};

}  // namespace anim
