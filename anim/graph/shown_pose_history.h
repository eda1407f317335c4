// What a transitioning graph node (cross-fade node, state machine) keeps of
// its own output: the last two poses it showed and the step between them,
// so a transition can start from the pose on screen (a snapshot, with no
// pop), and the inertialized transition (anim/blending/inertialization.h) those
// transitions may use.
//
// Graph nodes are sampled once per frame, so the new input's velocity at
// the switch is not known: the offset's velocity is the shown pose's alone
// (the new input taken as still over the switch frame, as in Bollo's talk).
// The offset is recorded against the new input's first sampled pose and
// has already run one frame step on that frame, so the first frame shown
// continues the old motion instead of repeating the last pose.
#pragma once

#include <cstddef>

#include "anim/blending/inertialization.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/node.h"

namespace anim {

// Part of a node's per-character state, so it keeps only what the node's
// transitions can use: the pose shown (for snapshot fades: frozen ones and
// interruptions) and the one before it with the inertializer's offsets (for
// inertialized ones). A machine whose transitions need neither keeps
// nothing and copies nothing per frame.
class ShownPoseHistory {
 public:
  ShownPoseHistory() = default;  // keeps nothing
  ShownPoseHistory(const Skeleton& skeleton, bool keep_shown, bool keep_velocity);

  // Called from the node's Update with the frame's step (sanitised: not
  // finite or negative counts as 0).
  void BeginFrame(float dt);
  // An inertialized switch this frame: the offset is recorded by the next
  // ApplyAndRemember, from the new input's pose. duration <= 0: no offset.
  void RequestInertialization(float duration);
  void StopInertialization();
  bool Inertializing() const { return pending_ || inertial_.Active(); }
  const Inertializer& Inertialization() const { return inertial_; }

  // From the node's Write: puts what is left of an inertialized switch's
  // offset on `out` (the new input's pose in, the shown pose out).
  void ApplyInertialization(SoaPose& out);
  // From the node's Write once `out` is final: it is what was shown.
  void Remember(const SoaPose& out);
  const SoaPose& LastShown() const { return last_; }
  std::size_t HeapBytes() const;

 private:
  // The scalars every frame touches first; the poses and offsets after.
  float last_step_ = 0.0f;  // seconds between before_last_ and last_
  float frame_dt_ = 0.0f;
  float pending_duration_ = 0.0f;
  bool pending_ = false;
  bool keep_shown_ = false;
  bool keep_velocity_ = false;
  Inertializer inertial_;
  SoaPose last_, before_last_;
};

}  // namespace anim
