// Blending as jobs (after ozz-animation's BlendingJob): two poses with a
// weight, optionally per joint, and N weighted layers. Plain fields in;
// Validate() names the first field that does not fit; Run() writes nothing
// unless Validate() passes. Blend (soa_pose.h), BlendWeighted and
// BlendLayers (soa_layer_blend.h) are these jobs in one call.
#pragma once

#include <span>
#include <string>

#include "anim/blending/soa_layer_blend.h"
#include "anim/core/soa_pose.h"

namespace anim {

// output = mix(a, b, weight) per joint: lerp for translation and scale,
// nlerp with the neighbourhood check for rotation (weight 0 gives a, 1 gives
// b). With joint_weights, joint j mixes by weight * joint_weights[j]
// (a feather blend). `output` may be `a` or `b`.
struct BlendJob {
  const SoaPose* a = nullptr;
  const SoaPose* b = nullptr;
  float weight = 0.0f;
  std::span<const float> joint_weights;  // empty, or one per joint
  SoaPose* output = nullptr;             // a's and b's joint count

  std::string Validate() const;
  bool Run() const;
};

// Every layer contributes in proportion to its weight (times its per-joint
// weight), normalised per joint; where a joint's total is below `threshold`
// the rest pose fills in the missing weight (soa_layer_blend.h).
struct LayerBlendJob {
  std::span<const SoaBlendLayer>
      layers;  // poses not null, each joint_weights empty or one per joint
  const SoaPose* rest = nullptr;
  float threshold = 0.1f;
  SoaPose* output = nullptr;  // not a layer's pose nor `rest`

  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
