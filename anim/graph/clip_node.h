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

class ClipNode : public Node {
 public:
  ClipNode(std::string name, const Skeleton& skeleton, const Clip& clip,
           const ClipNodeOptions& options = {});
  const char* Kind() const override { return "clip"; }

  void Reset(float phase) override;
  void Update(float dt, float weight, GraphContext& ctx) override;
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) override;
  float CycleDuration() const override { return clip_->Duration(); }
  float Phase() const override { return clock_.Phase(); }
  bool IsComplete() const override { return clock_.IsComplete(); }

  const Clip& GetClip() const { return *clip_; }
  float Time() const { return static_cast<float>(clock_.Time()); }
  // An extra factor on the rate parameter (1 unless set). The graph's
  // synchronised blends do not use it: they scale the dt they pass down.
  void SetSyncScale(float scale) { sync_scale_ = scale; }

 private:
  const Clip* clip_;
  ClipNodeOptions options_;
  std::optional<RootMotion> root_motion_;
  ClipCursor cursor_;
  ClipClock clock_;
  float sync_scale_ = 1.0f;
  bool start_events_pending_ = true;  // keys at the start time fire on the first update
  MotionDelta last_motion_;
};

class SingleFrameNode : public Node {
 public:
  SingleFrameNode(std::string name, const Skeleton& skeleton, const Clip& clip, float phase);
  const char* Kind() const override { return "single_frame"; }
  void Reset(float) override {}
  void Update(float, float, GraphContext&) override {}
  void Write(GraphContext& ctx, SoaPose& out, MotionDelta& motion) override;

 private:
  SoaPose pose_;  // sampled once at construction
};

}  // namespace anim
