// Additive blending, in two forms.
//
// An additive clip over another pose, as MakeAdditivePose and Add do in
// "Hands-On C++ Game Animation Programming" (Gabor Szauer, who calls the
// reference the additive base): per joint, result = in + (add - reference),
// where `in` is the pose being layered onto, `add` the additive clip's
// current pose and `reference` the additive clip sampled at its reference
// time (its first frame), so only the change from that frame is applied:
// translation and scale add the difference, rotation is
// in * (inverse(reference) * add), normalised. Everywhere in the runtime
// (jobs, graph nodes, layers, the mixer, crowds) this pose is the reference.
//
// A difference clip ("Game Engine Architecture", Jason Gregory): D = S - R
// made once from a source clip S and a reference clip R of equal length;
// adding D to R gives back S, and adding it with a weight to any other clip
// layers the same change on top.
#pragma once

#include <string>

#include "anim/clips/clip.h"
#include "anim/core/skeleton.h"

namespace anim {

// The additive reference pose: the rest pose with `clip` sampled at `time`
// (default: the clip's start). Called once, at load time.
SoaPose MakeAdditivePose(const Skeleton& skeleton, const Clip& clip);
SoaPose MakeAdditivePose(const Skeleton& skeleton, const Clip& clip, float time);

// Add, Subtract and AddDifference run on the runtime's pose: soa_additive.h.
// A layer limited to one joint and its descendants (a subtree) is the
// whole-skeleton result blended back over `in` with BlendWeighted
// (soa_layer_blend.h) and the weights of MakeMaskFromRoot (joint_mask.h).

// A pose with zero translation, identity rotation and zero scale: what a
// difference clip is sampled onto (joints it does not animate add nothing).
SoaPose MakeZeroDifferencePose(const Skeleton& skeleton);

}  // namespace anim
