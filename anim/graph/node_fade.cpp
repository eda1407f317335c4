#include "anim/graph/node_fade.h"

#include "anim/blending/blending.h"
#include "anim/graph/graph_scratch.h"

namespace anim {

bool NodeFade::Begin(TransitionMode mode, int from, float duration, const EaseCurve& ease) {
  const bool inertial = mode == TransitionMode::kInertial;
  if (inertial) {
    // From whatever shows (a fade, another inertialization): no source.
    shown.RequestInertialization(duration);
    source = -1;
  } else if (fading || shown.Inertializing() || mode == TransitionMode::kFrozen) {
    shown.Freeze();  // interrupting: fade from what is on screen
    shown.StopInertialization();
    source = -1;
  } else {
    source = from;
  }
  fading = !inertial && duration > 0.0f;
  weight.Start(0.0f, 1.0f, duration, ease);
  const bool live = fading && source >= 0;
  if (!fading) source = -1;
  return live;
}

void NodeFade::Write(GraphContext& ctx, const Node* source_node, SoaPose& out,
                     MotionDelta& motion) {
  shown.ApplyInertialization(out);
  if (fading) {
    const float w = Weight();
    MotionDelta source_motion;
    if (source_node != nullptr) {
      const ScratchPose from(*ctx.scratch);
      source_node->Write(ctx, *from, source_motion);
      Blend(out, *from, out, w);
    } else {
      Blend(out, shown.Snapshot(), out, w);
    }
    motion = BlendMotion(source_motion, motion, w);
  }
  shown.Remember(out);
}

}  // namespace anim
