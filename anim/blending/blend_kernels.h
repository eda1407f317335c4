// The blending layer's per-frame kernels, without any check: each assumes
// what its job's Validate() established (non-null inputs, matching joint
// counts and span sizes). Call the jobs (blending_jobs.h, additive_jobs.h,
// mirror_job.h) or the one-line free functions over them (Blend,
// BlendLayers, AddLayer...); these are declared here only so each job's
// Run() can reach its kernel, which stays beside the code it shares in the
// file named.
#pragma once

#include <span>

#include "anim/blending/soa_layer_blend.h"
#include "anim/core/soa_pose.h"

namespace anim {

struct MirrorMap;

namespace kernels {

// soa_layer_blend.cpp: two-pose blends, whole and per joint, and the
// N-layer blend.
void Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t);
void BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights);
void BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                 float threshold);

// soa_additive.cpp and additive.cpp: additive layers and difference poses.
void Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& reference,
         float weight);
void Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference);
void AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference, float weight);

// mirror.cpp.
void MirrorPose(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                SoaPose& out);

}  // namespace kernels
}  // namespace anim
