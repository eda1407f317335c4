// Left/right mirroring of a pose: the walk that starts on the left foot
// becomes one that starts on the right, a lean to the left a lean to the
// right. Joint j of the mirrored pose takes the reflected transform of its
// partner (LeftArm <-> RightArm); joints without a partner (Hips, Spine,
// Head) take their own, reflected.
//
// The reflection is across a plane through the origin of the space the root
// joint lives in (its parent space, after any armature node): by default
// the YZ plane, i.e. the character's X axis is its left-right axis.
//
// Rigs whose bind pose is not its own mirror image (real rigs often give the
// left and right arm joints axes that are not reflections of each other)
// get a per-joint correction, so that the mirrored pose deforms the mesh
// into the reflection of the original (see MirrorMap::Build).
//
// MirrorMap::Build allocates once; MirrorPose allocates nothing.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"

namespace anim {

enum class MirrorAxis { kX, kY, kZ };  // the axis the reflection negates

struct MirrorMap {
  MirrorAxis axis = MirrorAxis::kX;
  // partner[j]: the joint whose transform joint j takes; j itself for a
  // joint without a side. Always symmetric: partner[partner[j]] == j.
  std::vector<int> partner;
  // The reflection that maps the bind-pose mesh onto itself, found by Build
  // from the bind positions of the sided joints. Usually `axis`; Woman.gltf's
  // bind pose faces along X, so its left-right axis there is Z.
  MirrorAxis bind_axis = MirrorAxis::kX;
  // Per joint, the rotation D_j = M * inverse(B_p) * N * B_j (B: bind-pose
  // model matrices, p: the partner, M and N the pose and bind reflections):
  // identity for a bind pose that is its own mirror image (the mannequin), a
  // fixed turn where the rig's left and right joint axes differ (mirror.cpp
  // derives it).
  std::vector<glm::quat> bind_correction;
  // Measured by Build, for reports and tests: the largest angle (radians)
  // among the corrections, and the largest distance between a joint's bind
  // position and the reflection of its partner's (model-space units).
  float max_bind_correction_angle = 0.0f;
  float max_bind_position_asymmetry = 0.0f;

  // Finds partners by name (rig_naming.h's PartnerName: "LeftArm" and
  // "RightArm", "thigh_l" and "thigh_r", "ArmL" and "ArmR"...) and computes
  // the bind-pose corrections. Fails, with
  // `error` naming the joints, when two joints claim the same partner or a
  // partner's parent is not the mirror of the joint's parent (the skeleton
  // is not left/right symmetric, so no pose of it can be mirrored).
  // correct_bind_asymmetry = false keeps every correction at identity: the
  // plain local-space mirror, which deforms the mesh correctly only for a
  // bind pose that is its own mirror image.
  bool Build(const Skeleton& skeleton, std::string* error, MirrorAxis axis = MirrorAxis::kX,
             bool correct_bind_asymmetry = true);

  int JointCount() const { return static_cast<int>(partner.size()); }
};

// Reflection of one transform: for an X mirror, translation (x, y, z) ->
// (-x, y, z) and rotation (w, x, y, z) -> (w, x, -y, -z).
Transform MirrorTransform(const Transform& t, MirrorAxis axis);

// out = the mirror image of `in`, the hierarchy's parents given
// (Skeleton::Parents()). `out` may alias `in`. Returns false, leaving `out`
// unchanged, unless MirrorJob (anim/blending/mirror_job.h) validates: both
// poses and the parents have the map's joint count.
bool MirrorPose(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                SoaPose& out);

}  // namespace anim
