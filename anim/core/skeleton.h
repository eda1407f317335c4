// Skeleton: the joints of a character, fixed at load time, and the one
// skeleton type every job, sample and the renderer takes. Holds the joint
// names, the hierarchy, the rest pose (what the joints look like when no clip
// drives them) and the bind pose (the pose the mesh was skinned in) in the
// runtime's one pose layout (soa_pose.h), the inverse bind matrices, and,
// made once here rather than by each caller, what the per-frame kernels read:
// the fixed offsets between joints classified so identity ones cost nothing,
// and the inverse bind matrices ready for the palette (LocalToModelJob,
// PaletteJob: anim/core/local_to_model_jobs.h).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/core/joint_offset.h"
#include "anim/core/soa_pose.h"

namespace anim {

class Skeleton {
 public:
  // Empty (no joints) until Build.
  Skeleton() = default;
  // parents[i] < i for every joint, -1 for roots. offsets is empty or holds
  // one matrix per joint: the fixed transform of the non-joint nodes between
  // a joint and its parent joint (for a root: its non-joint ancestors, such
  // as an armature's scale). rest and bind hold one local transform per
  // joint. Checks that parents come before children and that every array
  // has one entry per joint: on failure returns false, says why in *error
  // (when not null) and leaves the skeleton empty (anim/README.md: errors).
  bool Build(std::vector<std::string> names, std::vector<int> parents,
             std::vector<glm::mat4> offsets, std::span<const Transform> rest,
             std::span<const Transform> bind, std::vector<glm::mat4> inverse_bind,
             std::string* error);
  // A hierarchy without a skin (a chain built in code, a test's joints):
  // `rest` is the bind pose too, inverse binds are identity, joints are
  // named "joint0", "joint1"...
  bool BuildHierarchy(std::span<const Transform> rest, std::vector<int> parents,
                      std::vector<glm::mat4> offsets, std::string* error);

  int JointCount() const { return static_cast<int>(names_.size()); }
  const std::string& JointName(int joint) const { return names_[joint]; }
  std::span<const std::string> JointNames() const { return names_; }
  // Index of the joint with this name, or -1.
  int FindJoint(std::string_view name) const;
  int Parent(int joint) const { return parents_[joint]; }

  // The rest pose: what the joints look like when no clip drives them and
  // what a character's poses start from each frame (SoaPose::CopyFrom
  // allocates nothing), with the character's default morph-target weights.
  const SoaPose& RestPose() const { return rest_pose_; }
  // The weights the character's morph targets show when no clip animates
  // them (Model::DefaultMorphWeights): they ride on RestPose, so every
  // pose made from it carries, samples and blends them.
  void SetDefaultMorphWeights(std::span<const float> weights) {
    rest_pose_.SetMorphWeights(weights);
  }
  // The rest pose carrying `weights` instead (a controller given its own
  // defaults; none: a pose without morph weights).
  SoaPose RestPoseWithWeights(std::span<const float> weights) const {
    SoaPose rest = rest_pose_;
    rest.SetMorphWeights(weights);
    return rest;
  }
  // parents[i] < i for every joint, -1 for roots.
  std::span<const int> Parents() const { return parents_; }
  // The pose the mesh was skinned in.
  const SoaPose& BindPose() const { return bind_pose_; }
  std::span<const glm::mat4> InverseBindMatrices() const { return inverse_bind_; }

  // The fixed transform between each joint and its parent (identity where
  // the rig has none) and its kind, for the model-space kernel.
  std::span<const OffsetKind> OffsetKinds() const { return offset_kinds_; }
  std::span<const glm::mat4> Offsets() const { return offsets_; }

  // Each inverse bind matrix's upper 3x4 part, every element repeated four
  // times (a 4x4 product multiplies a column of the other matrix by each
  // element: stored ready, it is one aligned load instead of a load and a
  // shuffle), and whether the matrix is affine (only then is that part all
  // of it). Element e (column-major: column e / 3, row e % 3) is m[Slot(e)]:
  // ordered so that the elements of columns 0 and 1 that one row of the
  // product pairs (e and e + 3), and those of columns 2 and 3, lie side by
  // side, eight floats that the eight-lane product loads at once.
  struct alignas(32) SplatAffine3x4 {
    static constexpr int Slot(int e) { return e / 6 * 6 + 2 * (e % 6 % 3) + e % 6 / 3; }
    float m[12][4];
    bool affine;
  };
  std::span<const SplatAffine3x4> InverseBindSplat() const { return inverse_bind_splat_; }

 private:
  // The offsets' kinds and the splatted inverse binds.
  void PrepareKernelData();

  std::vector<std::string> names_;
  std::vector<int> parents_;
  SoaPose rest_pose_;
  SoaPose bind_pose_;
  std::vector<glm::mat4> inverse_bind_;
  std::vector<glm::mat4> offsets_;
  std::vector<OffsetKind> offset_kinds_;
  std::vector<SplatAffine3x4> inverse_bind_splat_;
};

// Skinning palette: palette[i] = model_matrices[i] * inverse_bind[i].
// The spans are caller-owned; nothing is allocated. Returns false, writing
// nothing, unless all three have the same size.
bool ComputePalette(std::span<const glm::mat4> model_matrices,
                    std::span<const glm::mat4> inverse_bind, std::span<glm::mat4> palette);

}  // namespace anim
