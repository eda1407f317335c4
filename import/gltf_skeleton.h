// Internal to anim_import: builds the anim::Skeleton, either from a glTF skin
// or, for files without one, from the scene's node hierarchy (every node a
// joint), and remembers how glTF nodes and skin slots map to joints.
#pragma once

#include <vector>

#include "anim/core/skeleton.h"
#include "import/gltf_context.h"
#include "import/gltf_nodes.h"
#include "import/gltf_skin_turn.h"

namespace anim::gltf {

struct SkeletonMapping {
  Skeleton skeleton;
  std::vector<int> joint_of_node;  // per glTF node: joint index, or -1
  // Per glTF skin, per entry of its joints: the joint its vertices are skinned to.
  std::vector<std::vector<int>> joint_of_skin_slot;
  bool synthesised = false;  // built from the node hierarchy: the file has no skin
  // The first of the helper joints skins with their own inverse bind
  // matrices for a shared joint get (all after every other joint); -1: none.
  int first_helper_joint = -1;
  // Synthesised skeletons only: per joint, the rest model matrix that mesh
  // vertices of that node are moved by so that they sit in bind (= rest)
  // space; identity where that matrix is not invertible.
  std::vector<glm::mat4> bind_of_joint;
};

// Every skin's joints in one skeleton (skin 0's first, then the joints each
// later skin adds), reordered so that parents come before children. Skins
// that bind a shared joint with another inverse bind matrix get helper joints
// (gltf_skeleton.cpp, SkinSlotJoints). Nodes of the shown scene with an
// unskinned mesh and no joint above, and nodes above or below a joint that an
// animation channel moves (an animated armature or root node, a prop in a
// hand), become joints too, with the identity as inverse bind matrix and
// their rest as bind pose; JOINTS_0 never names them. Joint parents are found through
// the other non-joint nodes, whose fixed transforms become the pose offsets (for root joints: all
// their ancestors, e.g. a static armature's scale). The skinned mesh node's own transform plays no
// part (glTF spec).
// `turn`, when given, is put on the skeleton's roots outside the turn's node
// (import/gltf_skin_turn.h).
SkeletonMapping BuildSkinSkeleton(Context& ctx, const NodeTree& tree,
                                  const MissedTurn* turn = nullptr);

// Every node of the shown scene becomes a joint; the inverse bind matrix of
// each is the inverse of its rest model matrix, so rest pose = bind pose.
SkeletonMapping BuildNodeSkeleton(const Context& ctx, const NodeTree& tree);

// Per node, the nearest joint node at or above it and the matrix from the
// node's space to that joint's; with no joint above, the matrix from the
// node's space to the scene's (its rest world matrix). Filled in one
// parents-first pass: walking up from every node would be quadratic in a
// deep hierarchy.
struct NearestJoint {
  std::vector<int> joint_node;  // -1: no joint above
  std::vector<glm::mat4> node_to_joint;

  NearestJoint(const NodeTree& tree, const SkeletonMapping& mapping);
};

}  // namespace anim::gltf
