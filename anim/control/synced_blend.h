// Synchronised blending of two cycles of different lengths, for example
// Walk (1.1 s) and Run (0.7 s): both clips advance by one shared normalised
// time (phase), so a foot that lands at 30% of the walk cycle lands at 30%
// of the run cycle too, whatever the weight.
//
// With blend weight w, clip lengths l1 and l2, the blended cycle lasts
//   bl = l2 * w + l1 * (1 - w)
// and the clips play at rates s1 = l1 / bl and s2 = l2 / bl. Those rates are
// applied to this blend's own clocks only; the clips are never modified.
//
// Clips are ClipRefs (anim/compression/playback.h): raw, or compressed (each
// sampled by SampleClipRef with the blend's cursor or context for it; a
// compressed clip that does not fit the pose is left at rest).
#pragma once

#include "anim/clips/clip.h"
#include "anim/clips/clock.h"
#include "anim/clips/root_motion.h"
#include "anim/compression/playback.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

// BlendedCycleLength, SyncedRate and the shared phase: anim/clips/clock.h.

class SyncedBlend {
 public:
  // The skeleton must outlive the blend. Allocates the two scratch poses
  // and the clips' key cursors.
  explicit SyncedBlend(const Skeleton& skeleton);

  // phase_offset_b is a sync offset o: clip B is sampled at
  // normalised time phase + o (wrapped), for clips whose cycles start at
  // different events (e.g. a run that starts a little after the left foot
  // lands where the walk starts on it).
  void Start(const ClipRef& a, const ClipRef& b, float phase = 0.0f, float phase_offset_b = 0.0f);
  void SetPhaseOffsetB(float offset);
  // Another pair of clips, playing on from where the cycle is (a blend
  // space's speed moving into its next segment): the phase is kept, and B's
  // own when unsynchronised. The same pair changes nothing. Allocates
  // nothing for raw clips of the blend's skeleton (a compressed clip binds
  // a context: see CompressedClipContext::Bind).
  void Switch(const ClipRef& a, const ClipRef& b);
  // Unsynchronised, each clip advances by dt on its own clock, the blend's
  // cycle and rates are the clips' own, and the legs drift out of step: what
  // the synchronisation is for, shown. Switching back puts B in step with A
  // again (at the phase offset).
  void SetSynchronized(bool synchronized) { synchronized_ = synchronized; }
  // Root motion taken out of each clip's sampled pose before the blend, at
  // the time it was sampled (RootMotion::RemoveFromPose), for clips whose
  // root travels; Motion() is then the blended step. Null for none. Each
  // must outlive the blend or the next call.
  void SetRootMotion(const RootMotion* a, const RootMotion* b);
  // Advances the shared phase by dt / bl and writes the blend into `out`.
  // Non-finite or negative dt, or a non-finite weight, change nothing and
  // return false. weight is clamped to [0, 1].
  bool Update(float dt, float weight, SoaPose& out);
  // The same into a SoaPose (soa_pose.h), for crowds: the clips are sampled
  // into scratch_a and scratch_b (the caller's, one pair per thread say;
  // each is reset to `rest`, the skeleton's rest pose as a SoaPose, first)
  // and blended into out. Nothing is allocated; PoseA() and PoseB() are not
  // updated.
  bool Update(float dt, float weight, const SoaPose& rest, SoaPose& scratch_a, SoaPose& scratch_b,
              SoaPose& out);

  float Phase() const { return phase_.Phase(); }
  float CycleLength() const { return cycle_length_; }
  float RateA() const;  // s1 = l1 / bl for the last weight (1 unsynchronised)
  float RateB() const;  // s2 = l2 / bl
  // One clip's step in the last Update: its time before, how far its clock
  // moved in clip seconds, and where it was sampled. For events
  // (CollectCrossedEvents from `from` by `delta`) and root motion.
  struct ClipStep {
    float from = 0.0f;
    double delta = 0.0;
    float time = 0.0f;
  };
  const ClipStep& StepA() const { return step_a_; }
  const ClipStep& StepB() const { return step_b_; }
  // The last Update's root motion: each clip's Delta over its step, blended
  // with the blend's weight (BlendMotion); zero without root motions.
  MotionDelta Motion() const;
  // The two clips as last sampled by the Update above.
  const SoaPose& PoseA() const { return pose_a_; }
  const SoaPose& PoseB() const { return pose_b_; }

 private:
  // Checks the inputs, clamps the weight, advances the phases and records
  // the clips' steps; false when nothing may change.
  bool Advance(float dt, float& weight);
  // The cursors (or contexts) made the current clips', in the memory they have.
  void ResetCursors();
  // Clip B's phase: the shared one shifted by the offset, or its own.
  float PhaseB() const;

  const Skeleton* skeleton_;
  ClipRef a_, b_;
  ClipCursor cursor_a_, cursor_b_;
  CompressedClipContext context_a_, context_b_;  // bound when a_ or b_ is compressed
  SoaPose rest_;                                 // the skeleton's rest pose
  SoaPose pose_a_, pose_b_;
  const RootMotion* motion_a_ = nullptr;
  const RootMotion* motion_b_ = nullptr;
  SyncedPhase phase_;    // the shared phase, A's own when unsynchronised
  SyncedPhase phase_b_;  // B's own phase when unsynchronised
  ClipStep step_a_, step_b_;
  float weight_ = 0.0f;  // the last Update's, clamped
  float phase_offset_b_ = 0.0f;
  float cycle_length_ = 0.0f;
  bool synchronized_ = true;
};

}  // namespace anim
