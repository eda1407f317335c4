// N-layer weighted blend, after ozz-animation's BlendingJob: every layer
// contributes in proportion to its weight (times its per-joint mask weight,
// if it has a mask); weights are normalised per joint. Where the total
// weight of a joint is below `threshold`, the rest pose fills in the missing
// weight, so fading every layer out lands on the rest pose instead of on
// garbage or a division by zero.
#pragma once

#include <span>

#include "anim/joint_mask.h"
#include "anim/pose.h"

namespace anim {

struct BlendLayer {
  const Pose* pose = nullptr;       // must share the output's hierarchy
  float weight = 0.0f;              // negative or NaN counts as 0
  const JointMask* mask = nullptr;  // optional per-joint weights
};

// Rotations are accumulated in the hemisphere of the first contributing
// layer and normalised. `out` may alias any layer's pose or `rest`.
void BlendLayers(Pose& out, std::span<const BlendLayer> layers, const Pose& rest,
                 float threshold = 0.1f);

}  // namespace anim
