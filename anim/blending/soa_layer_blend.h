// N-layer weighted blend, after ozz-animation's BlendingJob, and the
// per-joint weighted blend (a feather blend; with MakeMaskFromRoot's weights,
// a blend limited to one joint and its descendants): used by the graph's
// blend nodes and layers, samples 04 and 06. BlendLayers runs as loops over
// the channel arrays, four joints at a time.
#pragma once

#include <span>

#include "anim/core/soa_pose.h"

namespace anim {

struct SoaBlendLayer {
  const SoaPose* pose = nullptr;  // same joint count as the output
  float weight = 0.0f;            // negative or NaN counts as 0
  // Optional per-joint weights, one per joint (JointMask::weights): the
  // layer's weight on joint j is weight * joint_weights[j].
  std::span<const float> joint_weights;
  // The layer's weight for the pose's morph weights (SoaPose::MorphWeights),
  // which no per-joint weight applies to; negative: `weight`.
  float morph_weight = -1.0f;
};

// Every layer contributes in proportion to its weight (times its per-joint
// weight); weights are normalised per joint; where a joint's total is below
// `threshold` the rest pose fills in the missing weight. Rotations are
// summed in the hemisphere of what is already summed, then normalised.
// `out` must not alias a layer's pose or `rest`. Returns false, changing
// nothing, unless LayerBlendJob (anim/blending/blending_jobs.h), whose one-call
// form this is, validates: no null layer pose, every pose with `out`'s
// joint count, each joint_weights empty or one per joint.
bool BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                 float threshold = 0.1f);

// out = mix(a, b, t * weights[j]) per joint (transform.h's Mix: lerp, nlerp
// on a's side). `out` may alias `a` or `b`. Returns false, changing
// nothing, unless the poses have the same joint count and `weights` one per
// joint (or none: the whole blend). BlendJob (anim/blending/blending_jobs.h) in
// one call.
bool BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights);

}  // namespace anim
