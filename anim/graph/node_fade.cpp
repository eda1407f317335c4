#include "anim/graph/node_fade.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blending.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

bool NodeFade::Begin(TransitionMode mode, int from, float duration) {
  const bool inertial = mode == TransitionMode::kInertial;
  if (inertial) {
    // From whatever shows (a fade, another inertialization): no source.
    shown.RequestInertialization(duration);
    source = -1;
  } else if (fading || shown.Inertializing() || mode == TransitionMode::kFrozen) {
    frozen.CopyFrom(shown.LastShown());  // interrupting: fade from what is on screen
    shown.StopInertialization();
    source = -1;
  } else {
    source = from;
  }
  fading = !inertial && duration > 0.0f;
  elapsed = 0.0f;
  const bool live = fading && source >= 0;
  if (!fading) source = -1;
  return live;
}

void NodeFade::Advance(float dt) {
  if (fading) elapsed += std::isfinite(dt) ? std::max(dt, 0.0f) : 0.0f;
}

float NodeFade::Weight(const EaseCurve& ease, float duration) const {
  if (!fading) return 1.0f;
  return ease.Evaluate(duration > 0.0f ? elapsed / duration : 1.0f);
}

void NodeFade::Write(GraphContext& ctx, const Node* source_node, float w, SoaPose& out,
                     MotionDelta& motion) {
  shown.ApplyInertialization(out);
  if (fading) {
    MotionDelta source_motion;
    if (source_node != nullptr) {
      const ScratchPose from(*ctx.scratch);
      source_node->Write(ctx, *from, source_motion);
      Blend(out, *from, out, w);
    } else {
      Blend(out, frozen, out, w);
    }
    motion = BlendMotion(source_motion, motion, w);
  }
  shown.Remember(out);
}

}  // namespace anim
