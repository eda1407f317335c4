// The per-frame kernels behind the jobs, without any check: each assumes
// what its job's Validate() established (non-null inputs, matching joint
// counts and span sizes). Call the jobs (anim/jobs/*.h) or the one-line
// free functions over them (ComputeModelMatrices, Blend, BlendLayers...);
// these are declared here only so each job's Run() can reach its kernel,
// which stays beside the code it shares in the file named.
#pragma once

#include <span>

#include "anim/soa_layer_blend.h"
#include "anim/soa_pose.h"

namespace anim {

class Skeleton;
class CompressedClip;
class CompressedClipContext;
struct MirrorMap;

namespace kernels {

// local_to_model_jobs.cpp: model matrices, and with them the palette.
void ModelMatrices(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out);
void Palette(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> model_scratch,
             std::span<glm::mat4> palette);

// soa_pose.cpp and soa_layer_blend.cpp: two-pose blends, whole and per joint,
// and the N-layer blend.
void Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t);
void BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights);
void BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                 float threshold);

// soa_additive.cpp and additive.cpp: additive layers and difference poses.
void Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& base, float weight);
void Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference);
void AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference, float weight);

// mirror.cpp.
void MirrorPose(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                SoaPose& out);

// compression/compressed_clip_sampler.cpp: `context` must be bound to `clip`.
void SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose);

}  // namespace kernels
}  // namespace anim
