// The one fade of the runtime: a weight that moves from `from` to `to` over
// `duration` seconds, shaped by an ease curve (ease_curve.h). Every fade in
// the project runs one: each target of the cross-fade controller
// (cross_fade_controller.h), each action of the clip mixer (clip_mixer.h,
// its fade factor), each transition of the graph's cross-fade node and state
// machine (anim/graph/node_fade.h). How a switch starts (smooth, from a
// frozen snapshot, or inertialized) is written once too, in
// shown_pose_history.h.
#pragma once

#include "anim/core/ease_curve.h"

namespace anim {

// How a switch from one pose source to another is shown:
//   kSmooth: the source keeps playing while the new one fades in over it;
//   kFrozen: the pose shown when the switch starts is held and the new
//     source fades in over that snapshot;
//   kInertial: the new source shows at once and the offset from the pose
//     that was shown decays to nothing over the duration
//     (anim/blending/inertialization.h); no ease curve applies.
enum class TransitionMode { kSmooth, kFrozen, kInertial };
const char* TransitionModeName(TransitionMode mode);

struct Fade {
  float from = 1.0f, to = 1.0f;
  float elapsed = 0.0f, duration = 0.0f;  // seconds
  EaseCurve ease;

  // Moves from `from` to `to` over `seconds`; a duration that is not
  // finite or not positive reaches `to` at once.
  void Start(float from_value, float to_value, float seconds, const EaseCurve& curve = {});
  // Holds `value`: not fading.
  void Set(float value) { Start(value, value, 0.0f); }
  // Moves on by dt seconds, never past the end (a dt that is not finite or
  // is negative: not at all).
  void Advance(float dt);
  bool Running() const { return elapsed < duration; }
  // from + (to - from) * ease(elapsed / duration); `to` once done.
  float Value() const;
};

}  // namespace anim
