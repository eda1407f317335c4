// RetargetMap: everything a retarget needs about a pair of skeletons, worked
// out once so that the per-frame job (retarget_job.h) only composes.
//
// Rotations are transferred in a shared frame, the characters' model space
// (Y up, both facing the same way once their references are matched): a
// mapped target joint turns, in model space, by the rotation its source joint
// turns by away from the source's reference pose,
//     Qt = (Qs * inverse(Qs_ref)) * Qt_ref,
// then Qt becomes a local rotation under the target's own parent. Joint axes
// and rest rotations of the two rigs never meet, so rigs exported with
// different bone axes drive each other. Translations stay the target's own
// (its bone lengths), except at the roots of the mapping (the hips, and any
// mapped joint with no mapped joint above it): their model-space travel from
// the reference is the source's, scaled by the ratio of leg lengths,
//     Pt = Pt_ref + k * (Ps - Ps_ref),   k = target leg / source leg,
// so a character twice as tall takes strides twice as long, and root motion
// read from the hips scales the same way.
//
// The reference poses: the source's is its rest pose or a pose the caller
// picks (a frame of a clip). The target's is its rest pose, or, with
// ReferenceMatch::kMatchSource (the default), its rest pose turned joint by
// joint, from the root down, until each bone points where the source's does
// in the source's reference: a source in an A-pose then drives a target
// rigged in a T-pose without lifting its arms, and a rig exported facing +X
// drives one facing +Z. A joint with two mapped children (hips: spine and
// legs; chest: neck and shoulders) is matched on both bones, so it is turned
// about its own axis too; a joint with one on that bone by the shortest arc;
// one without mapped children keeps its rest rotation under its parent.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/core/transform.h"

namespace anim {

enum class ReferenceMatch {
  kRestPoses,    // each skeleton's reference as it is
  kMatchSource,  // the target's reference turned onto the source's bones
};

// What a rest (or reference) pose's arms do: a T-pose holds them out level,
// an A-pose lowers them part way.
enum class ArmPose { kUnknown, kTPose, kAPose, kArmsDown };
struct ArmPoseReading {
  ArmPose pose = ArmPose::kUnknown;  // kUnknown: no upper and lower arm found
  float degrees_below_level = 0.0f;  // the upper arms' mean angle under horizontal
};
// Reads a pose of `skeleton` (local transforms): T under 20 degrees, A up to
// 65, arms down past that.
ArmPoseReading ReadArmPose(const Skeleton& skeleton, const SoaPose& pose);
// "T-pose (arms 2 degrees below level)", "A-pose (...)", "no arms found".
std::string DescribeArmPose(const ArmPoseReading& reading);

// The limbs the job's IK pass can pin (retarget_job.h).
enum class RetargetLimb { kLeftLeg, kRightLeg, kLeftArm, kRightArm };
inline constexpr int kRetargetLimbCount = 4;

class RetargetMap {
 public:
  // `mapping`: per target joint its source joint or -1 (joint_mapping.h;
  // CheckJointMapping's problems are refused with its message).
  // `source_reference`: a local pose of the source skeleton, or null for its
  // rest pose. On failure returns false, says why in *error and stays empty.
  // The map keeps pointers to both skeletons: they must outlive it.
  bool Build(const Skeleton& source, const Skeleton& target, std::span<const int> mapping,
             ReferenceMatch match, std::string* error, const SoaPose* source_reference = nullptr);

  bool Empty() const { return target_ == nullptr; }
  const Skeleton& Source() const { return *source_; }
  const Skeleton& Target() const { return *target_; }
  std::span<const int> Mapping() const { return mapping_; }
  ReferenceMatch Match() const { return match_; }
  // k: the target's leg length over the source's (upper plus lower leg, both
  // sides averaged), or the ratio of hip heights when either rig has no
  // legs, or 1 when neither reads.
  float TranslationScale() const { return scale_; }
  // The target's reference pose (locals): its rest pose, or that pose
  // matched onto the source's bones. What unmapped joints show.
  const SoaPose& TargetReference() const { return target_reference_; }
  const SoaPose& SourceReference() const { return source_reference_; }

  // Per target joint, what the job reads.
  struct JointPlan {
    int source = -1;     // -1: unmapped, shows its reference local
    bool moves = false;  // a root of the mapping: its position follows the source
    glm::quat source_ref_inverse{1.0f, 0.0f, 0.0f, 0.0f};  // inverse(Qs_ref)
    glm::quat target_ref{1.0f, 0.0f, 0.0f, 0.0f};          // Qt_ref
    glm::vec3 source_ref_position{0.0f};                   // Ps_ref (moves only)
    glm::vec3 target_ref_position{0.0f};                   // Pt_ref (moves only)
    glm::quat offset_rotation{1.0f, 0.0f, 0.0f, 0.0f};     // the target's offset's rotation
    // A prop (SetProps): the mapped joint it follows, and its model matrix
    // in that joint's frame in the target's reference pose.
    int follows = -1;
    glm::mat4 follow_offset{1.0f};
  };
  std::span<const JointPlan> Plan() const { return plan_; }
  // The source's offsets' rotations, per source joint.
  std::span<const glm::quat> SourceOffsetRotations() const { return source_offset_rotations_; }

  // Props: unmapped target joints that carry something (a helmet on a slot
  // under the root, a sword on a hip socket) and must move with a mapped
  // joint that is not above them. `follows` has one entry per target joint:
  // the mapped joint it follows, or -1. Each prop keeps the model-space
  // offset from that joint it has in the target's reference pose, so a
  // helmet slot under the root rides on the head. On a problem (a prop that
  // is mapped or has mapped joints below it, a followed joint that is not
  // mapped, a wrong count) returns false,
  // says why (naming the joints) and leaves the props as they were.
  bool SetProps(std::span<const int> follows, std::string* error);
  // The props, in joint order (parents before children).
  std::span<const int> Props() const { return props_; }

  // A limb the IK pass can pin: target joints start (upper leg or arm), mid
  // and end (foot or hand), all mapped, the end's source joint, and its
  // reference positions. `usable` is false when the rig lacks one of them or
  // they are not one chain.
  struct Limb {
    bool usable = false;
    int start = -1, mid = -1, end = -1;
    int source_end = -1;
    glm::vec3 source_ref_position{0.0f};
    glm::vec3 target_ref_position{0.0f};
  };
  const Limb& LimbOf(RetargetLimb limb) const { return limbs_[static_cast<int>(limb)]; }

  // Target joints whose source the mapping lacks, and source joints that
  // drive nothing (for --info and the sample's panel).
  std::vector<int> UnmappedTargetJoints() const;
  // The bytes the map holds (its per-joint plan, the mapping, the two
  // reference poses), for reporting beside its speed.
  std::size_t ByteSize() const;
  std::vector<int> UnusedSourceJoints() const;

 private:
  // Build's steps: each target joint's plan (its reference rotations and,
  // for a root of the mapping, positions), and the limbs the IK pass can pin.
  void PlanJoints(const std::vector<glm::mat4>& source_model,
                  const std::vector<glm::mat4>& target_model,
                  const std::vector<glm::quat>& target_offsets);
  void FindLimbs(const std::vector<glm::mat4>& source_model,
                 const std::vector<glm::mat4>& target_model);

  const Skeleton* source_ = nullptr;
  const Skeleton* target_ = nullptr;
  std::vector<int> mapping_;
  ReferenceMatch match_ = ReferenceMatch::kMatchSource;
  float scale_ = 1.0f;
  SoaPose source_reference_;
  SoaPose target_reference_;
  std::vector<JointPlan> plan_;
  std::vector<int> props_;
  std::vector<glm::quat> source_offset_rotations_;
  Limb limbs_[kRetargetLimbCount];
};

// The rotation part of an offset matrix (its columns normalised): offsets
// carry an armature's rotation and scale, and the shared frame wants only
// the rotation.
glm::quat OffsetRotation(const glm::mat4& offset);

}  // namespace anim

namespace anim {

// Each joint's model-space rotation for a local pose: the parent's, then the
// joint's offset rotation (`offset_rotations`, one per joint), then its own.
// `out` has one entry per joint; allocates nothing.
void ComputeModelRotations(const Skeleton& skeleton, const SoaPose& pose,
                           std::span<const glm::quat> offset_rotations, std::span<glm::quat> out);

}  // namespace anim
