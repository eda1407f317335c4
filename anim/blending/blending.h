// Where pose blending meets the hierarchy. The blends themselves run on the
// runtime's pose, SoaPose: this header's Blend (two poses, whole skeleton),
// soa_layer_blend.h's BlendLayers (N weighted layers, per-joint weights)
// and BlendWeighted (per-joint weights). A blend limited to one joint and
// its descendants (the blend root) is BlendWeighted with the weights of
// joint_mask.h's MakeMaskFromRoot: 1 in the subtree, 0 elsewhere.
#pragma once

#include <span>

#include "anim/core/skeleton.h"

namespace anim {

// True when `joint` is `root` or one of its descendants (parents[i] < i,
// -1 for roots, as Skeleton::Parents).
bool IsInHierarchy(std::span<const int> parents, int root, int joint);
bool IsInHierarchy(const Skeleton& skeleton, int root, int joint);

// The two-pose blend over the whole skeleton: out = mix(a, b,
// t) per joint, lerp for translation and scale, nlerp with the
// neighbourhood check for rotation; t = 0 gives a and t = 1 gives b exactly.
// `out` may alias `a` or `b`. Returns false, changing nothing, unless all
// three have the same joint count: BlendJob (blending_jobs.h) in
// one call.
bool Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t);

}  // namespace anim
