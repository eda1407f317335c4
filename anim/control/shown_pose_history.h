// What a fading owner (the cross-fade controller, the graph's cross-fade
// node and state machine) keeps of its own output: the last two poses it
// showed and the step between them, a snapshot of the pose shown, and a
// running inertialization (anim/blending/inertialization.h). So how a switch
// starts from the pose on screen is written once, here: a frozen switch (or
// an interrupted fade) fades from Freeze()'s snapshot, with no pop; an
// inertialized one records the offset from the shown pose and its velocity.
//
// An owner that samples the new source at the switch and one step after
// (the controller) gives both poses to StartInertialization, so the offset's
// velocity is the shown pose's less the new source's. Graph nodes are
// sampled once per frame, so the new input's velocity at the switch is not
// known: they RequestInertialization, the offset is recorded against the
// new input's first sampled pose (taken as still over the switch frame, as
// in Bollo's talk) and has already run one frame step on that frame, so the
// first frame shown continues the old motion instead of repeating the last
// pose.
#pragma once

#include <cstddef>

#include "anim/blending/inertialization.h"
#include "anim/core/soa_pose.h"

namespace anim {

// What an owner's switches can use, so it keeps only that: the snapshot (for
// frozen switches and interruptions) and the pose before the last with the
// inertializer's offsets (for inertialized ones). An owner whose switches
// need neither keeps nothing and copies nothing per frame.
struct ShownPoseNeeds {
  bool snapshot = false;
  bool velocity = false;
};

class ShownPoseHistory {
 public:
  ShownPoseHistory() = default;  // keeps nothing
  // `rest`: a pose of the owner's skeleton (its morph weights included).
  ShownPoseHistory(const SoaPose& rest, ShownPoseNeeds needs);

  // The owner starts over showing `shown` (no velocity, nothing running).
  void Reset(const SoaPose& shown);
  // Called at the start of the owner's update with the frame's step
  // (sanitised: not finite or negative counts as 0); moves a running
  // inertialization on by it.
  void BeginFrame(float dt);
  // From the owner's update once `out` is final: it is what was shown.
  void Remember(const SoaPose& out);
  const SoaPose& LastShown() const { return last_; }
  float LastStep() const { return last_step_; }  // seconds between the last two shown

  // A frozen switch: the pose shown now is held as the snapshot.
  void Freeze() { snapshot_.CopyFrom(last_); }
  const SoaPose& Snapshot() const { return snapshot_; }

  // An inertialized switch now, to `target` (the new source at the switch)
  // and `target_next` (one LastStep() later). duration <= 0: no offset.
  void StartInertialization(const SoaPose& target, const SoaPose& target_next, float duration);
  // An inertialized switch this frame: the offset is recorded by the next
  // ApplyInertialization, from the new input's pose.
  void RequestInertialization(float duration);
  void StopInertialization();
  bool Inertializing() const { return pending_ || inertial_.Active(); }
  const Inertializer& Inertialization() const { return inertial_; }
  // Puts what is left of an inertialized switch's offset on `out` (the new
  // source's pose in, the shown pose out).
  void ApplyInertialization(SoaPose& out);

  std::size_t HeapBytes() const;

 private:
  // The scalars every frame touches first; the poses and offsets after.
  float last_step_ = 0.0f;
  float frame_dt_ = 0.0f;
  float pending_duration_ = 0.0f;
  bool pending_ = false;
  bool keep_shown_ = false;
  bool keep_velocity_ = false;
  Inertializer inertial_;
  SoaPose last_, before_last_, snapshot_;
};

}  // namespace anim
