// ClipMixer: every clip of a character as an action with its own clock,
// weight, rate, loop mode and fades, all mixed into one pose each update, as
// three.js's AnimationMixer mixes its AnimationActions (its blending example
// weighs idle, walk and run freely and cross-fades any clip to any other).
//
// Mixing, per update:
//   full-body actions: each contributes in proportion to its effective
//     weight (weight x fade factor); when their weights sum to 1 or more
//     they are normalised, below 1 the rest pose fills the missing weight
//     (BlendLayers with a threshold of 1), so one action at 0.3 shows 30 %
//     of the way from the rest pose to its clip;
//   additive actions: then added on top, each as its change from its clip's
//     first frame (additive.h), scaled by its effective weight;
//   morph-target weights (morph_weights.h) ride in the poses and mix the
//     same way: the defaults fill what full-body weights leave, additive
//     actions add their change.
// Fades move an action's fade factor linearly to 0 or 1 over their
// duration (the runtime's one fade, fade.h); a fade out that reaches 0
// stops the action.
//
// Clips are raw, or ClipRefs (anim/compression/playback.h) that may be
// compressed, each action's Playback sampling its own form; morph weights
// are the raw clip's.
//
// Nothing is allocated after construction: each action owns its pose, its
// additive reference and its weights (and, compressed, its context, bound
// at construction); the layer list is sized for all clips.
#pragma once

#include <span>
#include <vector>

#include "anim/blending/soa_layer_blend.h"
#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/control/fade.h"
#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

struct MixerAction {
  ClipRef clip;
  Playback playback;
  bool playing = false;
  bool additive = false;  // added on top as a change from its first frame
  float weight = 1.0f;    // the user's weight (any value >= 0)
  // The fade factor (fade.Value()) and where it is going.
  Fade fade;

  // weight x fade factor; 0 when stopped.
  float EffectiveWeight() const { return playing ? weight * fade.Value() : 0.0f; }
  bool Fading() const { return fade.Running(); }
};

class ClipMixer {
 public:
  // The skeleton and clips must outlive the mixer. `default_morph_weights`:
  // the character's weights where no clip animates them; empty without
  // morph targets.
  ClipMixer(const Skeleton& skeleton, std::span<const Clip> clips,
            std::span<const float> default_morph_weights = {});
  // The same over clips that may be compressed. An action's additive
  // reference is its form sampled at its start.
  ClipMixer(const Skeleton& skeleton, std::span<const ClipRef> clips,
            std::span<const float> default_morph_weights = {});

  int ActionCount() const { return static_cast<int>(actions_.size()); }
  const MixerAction& Action(int i) const { return actions_[i]; }

  // Starts action i from its clip's start at fade factor 1 (already
  // playing: from the start again). Out-of-range indices are ignored here
  // and below.
  void Play(int i);
  // Stops action i at once.
  void Stop(int i);
  // Starts action i (if stopped, from its start at factor 0) and raises its
  // factor to 1 over `seconds`.
  void FadeIn(int i, float seconds);
  // Lowers action i's factor to 0 over `seconds`, then stops it.
  void FadeOut(int i, float seconds);
  // `from` fades out and `to` fades in (from its start) over the same
  // seconds: three.js's crossFadeTo without time warping.
  void CrossFade(int from, int to, float seconds);
  void PlayAll();
  void StopAll();  // the rest pose (bind pose) shows

  void SetWeight(int i, float weight);  // negative or NaN: 0
  void SetRate(int i, float rate);      // non-finite: ignored
  void SetLoopMode(int i, LoopMode mode);
  void SetAdditive(int i, bool additive);

  // Advances every playing action's clock and fade by dt and mixes the
  // pose. A NaN, infinite or negative dt changes nothing and returns false.
  bool Update(float dt);

  const SoaPose& CurrentPose() const { return pose_; }
  std::span<const float> CurrentMorphWeights() const { return pose_.MorphWeights(); }

 private:
  struct Slot {
    SoaPose pose;       // the action's clip sampled now (its morph weights included)
    SoaPose reference;  // its first frame: the additive reference
  };
  bool Valid(int i) const { return i >= 0 && i < ActionCount(); }
  void StartFade(int i, float to, float seconds);
  void Sample(int i, float dt);

  SoaPose rest_;  // the skeleton's rest pose, carrying the default weights
  std::vector<MixerAction> actions_;
  std::vector<Slot> slots_;
  std::vector<SoaBlendLayer> layers_;  // capacity: one per clip
  SoaPose pose_;
};

}  // namespace anim
