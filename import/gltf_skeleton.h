// Internal to anim_import: builds the anim::Skeleton, either from a glTF skin
// or, for files without one, from the scene's node hierarchy (every node a
// joint), and remembers how glTF nodes and skin slots map to joints.
#pragma once

#include <vector>

#include "anim/skeleton.h"
#include "import/gltf_context.h"
#include "import/gltf_nodes.h"

namespace anim::gltf {

struct SkeletonMapping {
  Skeleton skeleton;
  std::vector<int> joint_of_node;       // per glTF node: joint index, or -1
  std::vector<int> joint_of_skin_slot;  // per entry of skin.joints: joint index
  int skin = -1;                        // the glTF skin used, -1 when synthesised
  // Synthesised skeletons only: per joint, the rest model matrix that mesh
  // vertices of that node are moved by so that they sit in bind (= rest)
  // space; identity where that matrix is not invertible.
  std::vector<glm::mat4> bind_of_joint;
};

// The skin's joints, reordered so that parents come before children. Nodes
// above or below a joint that an animation channel moves (an animated
// armature or root node, a prop in a hand) become joints too, with the identity as inverse bind
// matrix and their rest as bind pose; JOINTS_0 never names them. Joint parents are found through
// the other non-joint nodes, whose fixed transforms become the pose offsets (for root joints: all
// their ancestors, e.g. a static armature's scale). The skinned mesh node's own transform plays no
// part (glTF spec).
SkeletonMapping BuildSkinSkeleton(Context& ctx, const NodeTree& tree, int skin);

// Every node of the shown scene becomes a joint; the inverse bind matrix of
// each is the inverse of its rest model matrix, so rest pose = bind pose.
SkeletonMapping BuildNodeSkeleton(const Context& ctx, const NodeTree& tree);

}  // namespace anim::gltf
