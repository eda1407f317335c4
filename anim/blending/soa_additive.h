// Additive layering (additive.h explains the two forms):
// out = in + weight * (add - reference) per joint over the whole skeleton,
// translation and scale adding the difference, rotation in * delta^weight
// with delta = inverse(reference) * add and delta^weight by nlerp from the
// identity, normalised; four joints at a time. A layer on one subtree is
// this blended back over `in` with BlendWeighted (soa_layer_blend.h) and
// MakeMaskFromRoot's weights.
#pragma once

#include "anim/core/soa_pose.h"

namespace anim {

// `out` may alias `in` (not `add` or `reference`). Weight 0 gives `in` exactly.
// Returns false, changing nothing, unless all four poses have the same
// joint count (and `out` is not `add` or `reference`): AdditiveJob
// (anim/blending/additive_jobs.h) in one call.
bool Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& reference,
         float weight = 1.0f);

// Difference poses (additive.h's difference clips), over the whole
// skeleton, joint by joint (defined in additive.cpp). `difference` and
// `out` may alias an input.
// Return false, changing nothing, when the joint counts differ: SubtractJob
// and AddDifferenceJob in one call.
bool Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference);
bool AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference, float weight = 1.0f);

}  // namespace anim
