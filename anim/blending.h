// Pose blending: a per-joint mix of two poses in joint-local space (lerp for
// translation and scale, nlerp with the quaternion neighbourhood check for
// rotation: see NlerpShortest in transform.h), optionally limited to one
// joint and its descendants (the blend root).
#pragma once

#include <span>

#include "anim/pose.h"
#include "anim/skeleton.h"

namespace anim {

// True when `joint` is `root` or one of its descendants.
bool IsInHierarchy(const Pose& pose, int root, int joint);
bool IsInHierarchy(const Skeleton& skeleton, int root, int joint);

// out = mix(a, b, t) for every joint when root < 0; otherwise only `root`
// and its descendants are blended and every other joint keeps a's transform.
// t = 0 gives a and t = 1 gives b exactly. `out` may alias `a` or `b`.
// All three poses must share one hierarchy; unless they have the same joint
// count it returns false and changes nothing.
bool Blend(Pose& out, const Pose& a, const Pose& b, float t, int root = -1);

// Feather blend (a partial-skeleton blend with a factor per joint): joint i
// is mixed with t * weights[i]. `out` may alias `a` or `b`. Returns false,
// changing nothing, unless the poses and `weights` have the same joint count.
bool BlendWeighted(Pose& out, const Pose& a, const Pose& b, float t,
                   std::span<const float> weights);

}  // namespace anim
