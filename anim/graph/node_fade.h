// The fade a transitioning graph node runs when it switches from one input
// to another: the cross-fade node (cross_fade_node.h) and the state machine
// (state_machine.h) both keep one per character and call it the same way,
// so how a switch starts (from the still-running input, from a snapshot of
// the pose on screen, or inertialized), how its weight grows and how the
// two poses are mixed is written once.
#pragma once

#include "anim/control/cross_fade_controller.h"  // TransitionMode
#include "anim/core/ease_curve.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/node.h"
#include "anim/graph/shown_pose_history.h"

namespace anim {

struct NodeFade {
  int source = -1;  // the live input fading out (the owner's index), or -1: from `frozen`
  bool fading = false;
  float elapsed = 0.0f;
  SoaPose frozen;  // the snapshot a fade starts from (sized by the owner when it can be asked)
  ShownPoseHistory shown;

  // A switch away from input `from` by `mode` over `duration` seconds.
  // Inertial: the new input shows at once and the offset from the pose on
  // screen decays (nothing fades out). Frozen, or interrupting a fade or an
  // inertialization: fades from a snapshot of the pose on screen. Else:
  // fades from `from`, which keeps running. Returns whether `from` stays
  // live as the source (otherwise it, and any earlier live source, stopped
  // showing now).
  bool Begin(TransitionMode mode, int from, float duration);
  // One frame of a fade that did not begin this frame (dt sanitised by the
  // caller or here: not finite or negative counts as 0).
  void Advance(float dt);
  bool Done(float duration) const { return fading && elapsed >= duration; }
  void Stop() {
    fading = false;
    source = -1;
  }
  // The new input's weight: 1 when no fade runs.
  float Weight(const EaseCurve& ease, float duration) const;

  // From the owner's Write, after the new input wrote `out` (and `motion`):
  // the inertialization's offset, then, while fading, the source input
  // (written into a scratch pose) or the snapshot blended under it at
  // weight 1 - w; then `out` is remembered as what was shown.
  void Write(GraphContext& ctx, const Node* source_node, float w, SoaPose& out,
             MotionDelta& motion);
};

}  // namespace anim
