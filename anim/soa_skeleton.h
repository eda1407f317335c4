// SoaSkeleton: what the structure-of-arrays crowd path needs of a skeleton,
// made once per rig: parents, the fixed offsets between joints (classified
// so identity ones cost nothing), inverse bind matrices and the rest pose as
// a SoaPose. Model-space matrices and skinning palettes from SoaPoses give
// the same results as Pose::ComputeModelMatrices and ComputePalette on the
// equivalent Pose (tests/anim/soa_test.cpp).
#pragma once

#include <span>
#include <vector>

#include "anim/skeleton.h"
#include "anim/soa_pose.h"

namespace anim {

class SoaSkeleton {
 public:
  SoaSkeleton() = default;
  explicit SoaSkeleton(const Skeleton& skeleton);

  int JointCount() const { return static_cast<int>(parents_.size()); }
  std::span<const int> Parents() const { return parents_; }
  std::span<const glm::mat4> InverseBindMatrices() const { return inverse_bind_; }
  // The rest pose: what a character's SoaPoses start from (SoaPose::CopyFrom).
  const SoaPose& RestPose() const { return rest_; }

  std::span<const OffsetKind> OffsetKinds() const { return offset_kinds_; }
  std::span<const glm::mat4> Offsets() const { return offsets_; }

  // Each inverse bind matrix's upper 3x4 part, column-major, every element
  // repeated four times (a 4x4 product multiplies a column of the other
  // matrix by each element: stored ready, it is one aligned load instead of
  // a load and a shuffle), and whether the matrix is affine (only then is
  // that part all of it).
  struct alignas(16) SplatAffine3x4 {
    float m[12][4];
    bool affine;
  };
  std::span<const SplatAffine3x4> InverseBindSplat() const { return inverse_bind_splat_; }

 private:
  std::vector<int> parents_;
  std::vector<glm::mat4> offsets_;  // one per joint (identity where the rig has none)
  std::vector<OffsetKind> offset_kinds_;
  std::vector<glm::mat4> inverse_bind_;
  std::vector<SplatAffine3x4> inverse_bind_splat_;
  SoaPose rest_;
};

// Model-space matrices of every joint of `pose` (a SoaPose of `skeleton`'s
// joint count): the local T * R * S matrices are built kSoaLanes joints at a
// time from the channel arrays, then chained to their parents in one
// forward pass. Nothing is allocated. Returns false, writing nothing, unless
// the pose and `out` have the skeleton's joint count.
bool ComputeModelMatrices(const SoaSkeleton& skeleton, const SoaPose& pose,
                          std::span<glm::mat4> out);

// Model matrices into `model_scratch`, then palette[i] = model[i] *
// inverse_bind[i] (skeleton.h's ComputePalette). Returns false, writing
// nothing, unless the pose and both spans have the skeleton's joint count.
bool ComputePalette(const SoaSkeleton& skeleton, const SoaPose& pose,
                    std::span<glm::mat4> model_scratch, std::span<glm::mat4> palette);

}  // namespace anim
