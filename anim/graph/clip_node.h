// Leaf nodes that read a clip: ClipNode plays it (with its events and root
// motion), SingleFrameNode holds one normalised time of it (a pose used as
// an additive reference or an aim target).
#pragma once

#include <optional>

#include "anim/clip.h"
#include "anim/graph/node.h"

namespace anim {

struct ClipNodeOptions {
  LoopMode loop = LoopMode::kLoop;
  FloatInput rate{-1, 1.0f};
  // Extract the root joint's horizontal motion into the motion delta and
  // play the clip in place (see anim/root_motion.h). Needs a root joint.
  bool root_motion = false;
  int root_joint = 0;
};

// What each character's clip node remembers: where it is in the clip.
struct ClipNodeState {
  ClipClock clock;
  ClipCursor cursor;
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
  float PhaseIn(const GraphContext& ctx) const override { return StateIn(ctx).clock.Phase(); }
  bool IsCompleteIn(const GraphContext& ctx) const override {
    return StateIn(ctx).clock.IsComplete();
  }
  void Validate(GraphCheck& check) const override;

  const Clip& GetClip() const { return *clip_; }
  float Time(const GraphContext& ctx) const {
    return static_cast<float>(StateIn(ctx).clock.Time());
  }
  float Time() const;  // the owning AnimationGraph's character
  // An extra factor on the rate parameter (1 unless set), for every
  // character. The graph's synchronised blends do not use it: they scale the
  // dt they pass down.
  void SetSyncScale(float scale) { sync_scale_ = scale; }

 protected:
  void InitState(ClipNodeState& s) const override;
  std::size_t HeapBytes(const ClipNodeState& s) const override {
    return s.cursor.keys.capacity() * sizeof(TrackCursor);
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
  SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip, float phase);
  const char* Kind() const override { return "single_frame"; }
  void ResetIn(float, GraphContext&) const override {}
  void Update(float, float, GraphContext&) const override {}
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) const override;

 private:
  SoaPose pose_;  // sampled once at construction, shared by every character
};

}  // namespace anim
