// Local to model space and skinning palettes as jobs (after ozz-animation's
// LocalToModelJob): plain fields in, Validate() names the first field that
// does not fit, Run() writes nothing unless Validate() passes.
// ComputeModelMatrices and ComputePalette (soa_skeleton.h) are the same
// jobs in one call.
#pragma once

#include <span>
#include <string>

#include "anim/soa_pose.h"
#include "anim/soa_skeleton.h"

namespace anim {

// Model-space matrices of every joint of `input`, in the skeleton's order.
struct LocalToModelJob {
  const SoaSkeleton* skeleton = nullptr;
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
  const SoaSkeleton* skeleton = nullptr;
  const SoaPose* input = nullptr;
  std::span<glm::mat4> model;    // scratch (or wanted too): one per joint
  std::span<glm::mat4> palette;  // one per joint, not the same buffer as `model`

  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
