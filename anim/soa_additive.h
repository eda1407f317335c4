// Additive layering (additive.h's Add) on SoaPoses, for the crowd path:
// out = in + weight * (add - base) per joint over the whole skeleton,
// translation and scale adding the difference, rotation in * delta^weight
// with delta = inverse(base) * add and delta^weight by nlerp from the
// identity, normalised. The same arithmetic as anim::Add, four joints at a
// time; results agree within 1e-6 (tests/anim/soa_additive_test.cpp).
#pragma once

#include "anim/soa_pose.h"

namespace anim {

// `out` may alias `in` (not `add` or `base`). Weight 0 gives `in` exactly.
// Returns false, changing nothing, unless all four poses have the same
// joint count.
bool Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& base,
         float weight = 1.0f);

// Difference poses (additive.h's Subtract and AddDifference) on SoaPoses,
// over the whole skeleton: the same kernels as the Pose ones (defined in
// additive.cpp), joint by joint. `difference` and `out` may alias an input.
// Return false, changing nothing, when the joint counts differ.
bool Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference);
bool AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference, float weight = 1.0f);

}  // namespace anim
