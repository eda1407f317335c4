// The fade a transitioning graph node runs when it switches from one input
// to another: the cross-fade node (cross_fade_node.h) and the state machine
// (state_machine.h) both keep one per character and call it the same way.
// It is the runtime's one fade (anim/control/fade.h) and its one record of
// the pose shown (anim/control/shown_pose_history.h), with the graph's rule
// for where a switch starts: from the still-running input, from a snapshot
// of the pose on screen, or inertialized.
#pragma once

#include "anim/control/fade.h"
#include "anim/control/shown_pose_history.h"
#include "anim/core/soa_pose.h"
#include "anim/graph/node.h"

namespace anim {

struct NodeFade {
  int source = -1;  // the live input fading out (the owner's index), or -1: from the snapshot
  bool fading = false;
  Fade weight;  // the new input's weight over the source
  ShownPoseHistory shown;

  // A switch away from input `from` by `mode` over `duration` seconds,
  // shaped by `ease`. Inertial: the new input shows at once and the offset
  // from the pose on screen decays (nothing fades out). Frozen, or
  // interrupting a fade or an inertialization: fades from a snapshot of the
  // pose on screen. Else: fades from `from`, which keeps running. Returns
  // whether `from` stays live as the source (otherwise it, and any earlier
  // live source, stopped showing now).
  bool Begin(TransitionMode mode, int from, float duration, const EaseCurve& ease);
  // One frame of a fade that did not begin this frame (dt sanitised: not
  // finite or negative counts as 0).
  void Advance(float dt) { weight.Advance(dt); }
  bool Done() const { return fading && !weight.Running(); }
  void Stop() {
    fading = false;
    source = -1;
  }
  // The new input's weight: 1 when no fade runs.
  float Weight() const { return fading ? weight.Value() : 1.0f; }

  // From the owner's Write, after the new input wrote `out` (and `motion`):
  // the inertialization's offset, then, while fading, the source input
  // (written into a scratch pose) or the snapshot blended under it at
  // weight 1 - Weight(); then `out` is remembered as what was shown.
  void Write(GraphContext& ctx, const Node* source_node, SoaPose& out, MotionDelta& motion);
};

}  // namespace anim
