// Local to model space and skinning palettes as jobs (after ozz-animation's
// LocalToModelJob): plain fields in, Validate() names the first field that
// does not fit, Run() writes nothing unless Validate() passes.
// ComputeModelMatrices and ComputePalette below are the same jobs in one
// call.
#pragma once

#include <span>
#include <string>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

// Model-space matrices of every joint of `input`, in the skeleton's order.
struct LocalToModelJob {
  const Skeleton* skeleton = nullptr;
  const SoaPose* input = nullptr;  // the skeleton's joint count
  std::span<glm::mat4> output;     // one matrix per joint

  // "" when the job can run, else the first problem: a null skeleton or
  // input, or an input or output whose size is not the skeleton's.
  std::string Validate() const;
  // False, writing nothing, when Validate() fails.
  bool Run() const;
};

// Model matrices into `model`, then palette[i] = model[i] * inverse bind[i]
// (what skinning uploads).
struct PaletteJob {
  const Skeleton* skeleton = nullptr;
  const SoaPose* input = nullptr;
  std::span<glm::mat4> model;    // scratch (or wanted too): one per joint
  std::span<glm::mat4> palette;  // one per joint, not the same buffer as `model`

  std::string Validate() const;
  bool Run() const;
};

// Model-space matrices of every joint of `pose` (a SoaPose of `skeleton`'s
// joint count): the local T * R * S matrices are built kSoaLanes joints at a
// time from the channel arrays, then chained to their parents in one
// forward pass. Nothing is allocated. Returns false, writing nothing, unless
// the pose and `out` have the skeleton's joint count: LocalToModelJob in one
// call. The results equal Pose::ComputeModelMatrices (offline/pose.h), a plain
// loop, on the same locals
// (tests/anim/soa_test.cpp).
bool ComputeModelMatrices(const Skeleton& skeleton, const SoaPose& pose, std::span<glm::mat4> out);

// Model matrices into `model_scratch`, then palette[i] = model[i] *
// inverse_bind[i] (skeleton.h's ComputePalette). Returns false, writing
// nothing, unless the pose and both spans have the skeleton's joint count
// (and are two buffers): PaletteJob in one call.
bool ComputePalette(const Skeleton& skeleton, const SoaPose& pose,
                    std::span<glm::mat4> model_scratch, std::span<glm::mat4> palette);

// One joint's model matrix: the product of the offsets and locals from its
// root down to it (in float, the same per-joint product as
// ComputeModelMatrices, without the matrices of joints off the chain).
// For code that needs one joint per frame, such as root motion's root;
// `joint` must be one of the skeleton's, and the pose its joint count.
glm::mat4 ModelMatrixOf(const Skeleton& skeleton, const SoaPose& pose, int joint);

}  // namespace anim
