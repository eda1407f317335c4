// Per-joint blend weights in [0, 1] (a "blend mask"), used for partial-body
// blending: e.g. a punch on the upper body only, fading in down the spine.
#pragma once

#include <vector>

#include "anim/core/skeleton.h"

namespace anim {

struct JointMask {
  std::vector<float> weights;  // one per joint, each in [0, 1]
};

// Weight 1 for `root` and all its descendants, 0 elsewhere. With
// falloff_joints = n > 0 the weight ramps up over the first joints of the
// chain: a joint d levels below root gets min(1, (d + 1) / (n + 1)), so the
// root itself gets 1 / (n + 1) and joints n levels down and deeper get 1.
// An invalid root gives an all-zero mask.
JointMask MakeMaskFromRoot(const Skeleton& skeleton, int root, int falloff_joints = 0);

// Explicit weights, clamped to [0, 1]; missing entries are 0, NaN becomes 0.
JointMask MakeMaskFromWeights(const Skeleton& skeleton, const std::vector<float>& weights);

}  // namespace anim
