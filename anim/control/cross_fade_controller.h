// CrossFadeController: plays one clip and fades to others through a queue of
// targets, after the controller of the same name in "Hands-On C++ Game
// Animation Programming" (Gabor Szauer). Every target is sampled and blended
// over the pose below it each update; when a target's fade completes it
// becomes the current clip and everything below it is dropped.
//
// Beyond that design: an ease curve per fade (ease_curve.h), smooth, frozen
// or inertialized transitions (in a smooth one the source keeps playing
// while the target fades in; in a frozen one the pose shown when the fade
// starts is cached and held; an inertialized one drops the queue, plays
// only the new clip and decays the offset from the pose shown: see
// inertialization.h), and a start phase for the target: p2 = p1 * scale + offset,
// where p1 is the normalised time (0 at the clip's start, 1 at its end) of
// the clip fading out and p2 that of the target. A fade never changes a
// clip's length or playback rate.
//
// Morph-target weights (morph_weights.h) ride in the poses (SoaPose::
// MorphWeights): given the character's default weights, each playback
// samples its clip's weight tracks over them, and every fade, snapshot and
// inertialization treats them as it treats the joints (an inertialized
// switch decays each weight's offset like a joint's).
//
// Each target's weight is the runtime's one fade (fade.h); the pose shown,
// its snapshot for frozen fades and the inertialization are the one record
// of what was shown (shown_pose_history.h), which the graph's transitions
// use too. This controller's own rule is the queue: a smooth or frozen fade
// started during another one stacks on top of it.
//
// Clips are ClipRefs (anim/compression/playback.h): a raw clip (a `const
// Clip*` converts), or a compressed clip with the raw clip it was built
// from, whose morph weights it plays; every playback samples its own form.
//
// Nothing is allocated after construction for raw clips: poses, weights and
// key cursors for every queue slot are made up front (cursors sized for one
// track set per joint). A queue slot's sampling context is sized when it
// first plays a compressed clip (Playback::Start), and again only for a
// compressed clip with more tracks; Update allocates nothing.
#pragma once

#include <span>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/control/fade.h"
#include "anim/control/shown_pose_history.h"
#include "anim/core/ease_curve.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

struct FadeOptions {
  float duration = 0.25f;  // seconds; <= 0 switches on the next update
  EaseCurve ease;
  TransitionMode mode = TransitionMode::kSmooth;
  // Where the target starts, as normalised time in [0, 1] ...
  float start_phase = 0.0f;
  // ... or, with match_phase, p2 = p1 * phase_scale + phase_offset (wrapped
  // into [0, 1)), p1 being the normalised time of the clip on top of the
  // queue (the last target, or the current clip).
  bool match_phase = false;
  float phase_scale = 1.0f;
  float phase_offset = 0.0f;
  LoopMode loop = LoopMode::kLoop;
  float rate = 1.0f;
};

struct CrossFadeTarget {
  Playback playback;
  // The target's own sampled pose (structure of arrays, soa_pose.h, like
  // everything the controller samples and blends; morph weights included).
  SoaPose pose;
  Fade fade;  // its weight over the pose below it, 0 to 1, eased
  TransitionMode mode = TransitionMode::kSmooth;

  float Weight() const { return fade.Value(); }
};

enum class FadeResult {
  kQueued,         // a new target is fading in
  kPlayed,         // nothing was playing, so the clip simply started
  kAlreadyTarget,  // the clip is already the last target (or current, with no queue)
  kQueueFull,      // max_targets fades are running; wait for one to finish (an inertial
                   // switch is never refused: it drops them)
  kInvalid,        // null clip or a non-finite option
};

class CrossFadeController {
 public:
  static constexpr int kDefaultMaxTargets = 8;

  // The skeleton must outlive the controller. `default_morph_weights`: the
  // character's weights where no clip animates them (Model::
  // DefaultMorphWeights); empty for a character without morph targets.
  explicit CrossFadeController(const Skeleton& skeleton, int max_targets = kDefaultMaxTargets,
                               std::span<const float> default_morph_weights = {});

  // Plays `clip` from its start, clearing every fade.
  void Play(const ClipRef& clip, LoopMode mode = LoopMode::kLoop, float rate = 1.0f);
  FadeResult FadeTo(const ClipRef& clip, const FadeOptions& options);
  // Advances every playback by dt and rebuilds the pose. A NaN, infinite or
  // negative dt changes nothing and returns false.
  bool Update(float dt);

  // The pose shown (jobs/local_to_model_jobs.h's ComputePalette turns it into a
  // skinning palette).
  const SoaPose& CurrentPose() const { return soa_pose_; }
  // The morph-target weights shown with it (as many as the defaults given).
  std::span<const float> CurrentMorphWeights() const { return soa_pose_.MorphWeights(); }
  const Clip* CurrentClip() const { return current_.clip; }  // the raw clip
  ClipRef CurrentSource() const { return current_.Source(); }
  const Playback& Current() const { return current_; }
  Playback& Current() { return current_; }  // e.g. to change the rate
  int TargetCount() const { return target_count_; }
  const CrossFadeTarget& Target(int i) const { return targets_[i]; }
  int MaxTargets() const { return static_cast<int>(targets_.size()); }
  // The running inertialized transition (Active() is false when none).
  const Inertializer& Inertialization() const { return shown_.Inertialization(); }
  // How many clips the last Update sampled: one per live playback shown.
  int ClipsSampled() const { return clips_sampled_; }

 private:
  // The rest pose (with the default weights), then the playback advanced
  // by dt and sampled over it.
  void SampleInto(Playback& playback, SoaPose& pose, float dt);
  void PromoteFinishedTargets();
  FadeResult Inertialize(const ClipRef& clip, float phase, const FadeOptions& options);

  SoaPose rest_;  // the skeleton's rest pose, carrying the default weights
  Playback current_;
  // What is shown: built every update (sampling and blending four joints
  // at a time).
  SoaPose soa_pose_;
  std::vector<CrossFadeTarget> targets_;  // fixed size; the first target_count_ are live
  int target_count_ = 0;
  // The poses shown (the last two, and the snapshot the highest frozen
  // target fades from) and the running inertialization; scratch poses for
  // the new clip at an inertialized switch and one step after it.
  ShownPoseHistory shown_;
  SoaPose switch_target_, switch_target_next_;
  int clips_sampled_ = 0;
};

}  // namespace anim
