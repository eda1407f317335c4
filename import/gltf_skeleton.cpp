#include "import/gltf_skeleton.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "anim/core/local_to_model_jobs.h"
#include "import/gltf_accessor.h"
#include "import/gltf_limits.h"

namespace anim::gltf {

namespace {

bool AllFinite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (!std::isfinite(m[c][r])) return false;
    }
  }
  return true;
}

// glm::inverse of a singular matrix divides by zero; this reports it instead.
bool TryInverse(const glm::mat4& m, glm::mat4* out) {
  const float det = glm::determinant(m);
  if (!std::isfinite(det) || std::abs(det) < 1e-30f) return false;
  *out = glm::inverse(m);
  return AllFinite(*out);
}

bool AllFinite(const Transform& t) {
  return std::isfinite(t.translation.x) && std::isfinite(t.translation.y) &&
         std::isfinite(t.translation.z) && std::isfinite(t.rotation.x) &&
         std::isfinite(t.rotation.y) && std::isfinite(t.rotation.z) &&
         std::isfinite(t.rotation.w) && std::isfinite(t.scale.x) && std::isfinite(t.scale.y) &&
         std::isfinite(t.scale.z);
}

Skeleton MakeSkeleton(std::vector<std::string> names, std::vector<int> parents,
                      std::vector<glm::mat4> offsets, std::span<const Transform> rest,
                      std::span<const Transform> bind, std::vector<glm::mat4> inverse_bind) {
  Skeleton skeleton;
  std::string error;
  if (!skeleton.Build(std::move(names), std::move(parents), std::move(offsets), rest, bind,
                      std::move(inverse_bind), &error)) {
    throw ImportError("invalid skeleton: " + error);
  }
  return skeleton;
}

void CheckJointCount(const tinygltf::Skin& skin, const std::string& skin_name) {
  if (skin.joints.empty()) throw ImportError(skin_name + " has no joints");
  if (skin.joints.size() > kMaxJoints) {
    throw ImportError(skin_name + " has " + std::to_string(skin.joints.size()) +
                      " joints; at most " + std::to_string(kMaxJoints) +
                      " are supported (JOINTS_0 holds 16-bit joint indices)");
  }
}

// Appends the skin's joints that no earlier skin listed to `joint_nodes`
// (slot_of_node marks them), checking its indices and that it lists no node
// twice.
void AddSkinJoints(const tinygltf::Skin& skin, const NodeTree& tree, const std::string& skin_name,
                   std::vector<int>* joint_nodes, std::vector<int>* slot_of_node) {
  std::vector<bool> listed(tree.NodeCount(), false);
  for (int s = 0; s < static_cast<int>(skin.joints.size()); ++s) {
    const int node = skin.joints[s];
    CheckIndex(node, tree.parent.size(), skin_name + " joint " + std::to_string(s));
    if (listed[node]) {
      throw ImportError(skin_name + " lists node " + std::to_string(node) + " twice");
    }
    listed[node] = true;
    if ((*slot_of_node)[node] >= 0) continue;  // an earlier skin's joint too
    (*slot_of_node)[node] = static_cast<int>(joint_nodes->size());
    joint_nodes->push_back(node);
  }
}

// Nodes of the shown scene that carry a mesh without a skin and have no
// joint at or above them (a helmet beside the body, a spear, the
// scenery): each becomes a joint of its own, unanimated unless a channel
// moves it, so its mesh is drawn where the scene puts it, through the one
// skinning path. Ascending node order.
std::vector<int> StaticMeshNodes(const Context& ctx, const NodeTree& tree,
                                 const std::vector<int>& slot_of_node) {
  std::vector<bool> joint_at_or_above(tree.NodeCount(), false);
  for (int node : tree.parents_first) {
    const int p = tree.parent[node];
    joint_at_or_above[node] = slot_of_node[node] >= 0 || (p >= 0 && joint_at_or_above[p]);
  }
  std::vector<bool> in_scene(tree.NodeCount(), false);
  for (int node : SceneNodesInOrder(ctx, tree)) in_scene[node] = true;
  std::vector<int> nodes;
  for (int node = 0; node < tree.NodeCount(); ++node) {
    const tinygltf::Node& n = ctx.gltf.nodes[node];
    if (n.mesh >= 0 && n.skin < 0 && in_scene[node] && !joint_at_or_above[node]) {
      nodes.push_back(node);
    }
  }
  return nodes;
}

// Nodes that are not the skin's joints but that an animation channel moves,
// above a joint (an armature, a root node, a helper between two joints) or
// below one (a prop in a hand). They become joints too, so the clips move
// everything below them; static ones stay baked into the offsets (or into a
// rigid mesh's binding), so files without such channels keep the skin's
// joints alone. Nodes apart from the skin's hierarchy (a camera, another
// object) are left out. Ascending node order; channels with bad indices are
// left to ImportClips, which names them.
std::vector<int> AnimatedNonJointNodes(const Context& ctx, const NodeTree& tree,
                                       const std::vector<int>& slot_of_node) {
  const int node_count = tree.NodeCount();
  // Children before parents: a node is above a joint when a child is a
  // joint or above one; parents before children: below a joint when its
  // parent is a joint or below one. Linear in the node count, however deep.
  std::vector<bool> above_joint(node_count, false), below_joint(node_count, false);
  for (auto it = tree.parents_first.rbegin(); it != tree.parents_first.rend(); ++it) {
    const int p = tree.parent[*it];
    if (p >= 0 && (slot_of_node[*it] >= 0 || above_joint[*it])) above_joint[p] = true;
  }
  for (int node : tree.parents_first) {
    const int p = tree.parent[node];
    below_joint[node] = p >= 0 && (slot_of_node[p] >= 0 || below_joint[p]);
  }
  std::vector<bool> animated(node_count, false);
  for (const tinygltf::Animation& animation : ctx.gltf.animations) {
    for (const tinygltf::AnimationChannel& channel : animation.channels) {
      const int node = channel.target_node;
      if (node < 0 || node >= node_count) continue;
      const std::string& path = channel.target_path;
      if (path == "translation" || path == "rotation" || path == "scale") animated[node] = true;
    }
  }
  std::vector<int> nodes;
  for (int node = 0; node < node_count; ++node) {
    if (animated[node] && slot_of_node[node] < 0 && (above_joint[node] || below_joint[node])) {
      nodes.push_back(node);
    }
  }
  return nodes;
}

// Per slot: its parent joint's slot (-1 for a root) and the fixed transform
// of the non-joint nodes between them. Slots are the skin's joints followed
// by the animated non-joint nodes; `joint_nodes` holds each slot's node.
struct SlotHierarchy {
  std::vector<int> parent_slot;
  std::vector<glm::mat4> offset_of_slot;
};

// Parent joint of each slot, found through any non-joint nodes in between,
// whose matrices are multiplied into the offset (outermost first). One
// parents-first pass gives every node its nearest joint at or above it and
// the matrix from that joint's space down to the node: linear in the node
// count, however deep the hierarchy.
SlotHierarchy FindParentJoints(const std::vector<int>& joint_nodes, const NodeTree& tree,
                               const std::vector<int>& slot_of_node) {
  const int node_count = tree.NodeCount();
  std::vector<int> joint_at_or_above(node_count, -1);               // slot, or -1
  std::vector<glm::mat4> below_joint(node_count, glm::mat4(1.0f));  // joint (excl.) to node (incl.)
  for (int node : tree.parents_first) {
    if (slot_of_node[node] >= 0) {
      joint_at_or_above[node] = slot_of_node[node];
      continue;
    }
    const int p = tree.parent[node];
    if (p >= 0) {
      joint_at_or_above[node] = joint_at_or_above[p];
      below_joint[node] = below_joint[p] * tree.local_matrix[node];
    } else {
      below_joint[node] = tree.local_matrix[node];
    }
  }
  const int slots = static_cast<int>(joint_nodes.size());
  SlotHierarchy hierarchy{std::vector<int>(slots, -1),
                          std::vector<glm::mat4>(slots, glm::mat4(1.0f))};
  for (int s = 0; s < slots; ++s) {
    const int p = tree.parent[joint_nodes[s]];
    if (p < 0) continue;
    hierarchy.parent_slot[s] = joint_at_or_above[p];
    hierarchy.offset_of_slot[s] = below_joint[p];
  }
  return hierarchy;
}

// The slots in joint order, parents before children: a stable sort by depth
// keeps the file's order otherwise. Depths come from the same parents-first
// pass over the nodes.
std::vector<int> ParentsFirstOrder(const NodeTree& tree, const std::vector<int>& slot_of_node,
                                   const std::vector<int>& parent_slot) {
  const int slots = static_cast<int>(parent_slot.size());
  std::vector<int> depth(slots, 0);
  for (int node : tree.parents_first) {
    const int s = slot_of_node[node];
    if (s >= 0 && parent_slot[s] >= 0) depth[s] = depth[parent_slot[s]] + 1;
  }
  std::vector<int> order(slots);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });
  return order;
}

// Joint numbers: joint j is slot order[j].
std::vector<int> JointOfNode(const std::vector<int>& joint_nodes, const NodeTree& tree,
                             const std::vector<int>& order) {
  std::vector<int> joint_of_node(tree.NodeCount(), -1);
  for (int j = 0; j < static_cast<int>(order.size()); ++j) joint_of_node[joint_nodes[order[j]]] = j;
  return joint_of_node;
}

// Per skin slot; identity for all when the skin has none.
std::vector<glm::mat4> ReadInverseBindMatrices(Context& ctx, const tinygltf::Skin& skin,
                                               const std::string& skin_name) {
  const int slots = static_cast<int>(skin.joints.size());
  std::vector<glm::mat4> slot_inverse_bind(slots, glm::mat4(1.0f));
  if (skin.inverseBindMatrices < 0) return slot_inverse_bind;
  const AccessorData ibm =
      ReadAccessor(ctx, skin.inverseBindMatrices, skin_name + " inverseBindMatrices",
                   {TINYGLTF_TYPE_MAT4}, {TINYGLTF_COMPONENT_TYPE_FLOAT}, IntegerMode::kRaw);
  if (ibm.count < static_cast<std::size_t>(slots)) {
    throw ImportError(skin_name + " has " + std::to_string(slots) + " joints but only " +
                      std::to_string(ibm.count) + " inverse bind matrices");
  }
  for (int s = 0; s < slots; ++s) {
    glm::mat4& m = slot_inverse_bind[s];
    for (int k = 0; k < 16; ++k) m[k / 4][k % 4] = static_cast<float>(ibm.At(s, k));
    if (!AllFinite(m)) {
      throw ImportError(skin_name + " inverse bind matrix " + std::to_string(s) + " is not finite");
    }
  }
  return slot_inverse_bind;
}

// What the Skeleton is made of, per joint (in joint order, not slot order).
struct JointTable {
  std::vector<std::string> names;
  std::vector<int> parents;
  std::vector<Transform> rest;
  std::vector<glm::mat4> offsets;
  std::vector<glm::mat4> inverse_bind;
  // False for the animated non-joint nodes: JOINTS_0 never names them, their
  // inverse bind matrix is the identity and their bind pose is their rest.
  std::vector<bool> skinned;
};

// `slot_inverse_bind` has one matrix per slot; the first `skinned_slots`
// slots are skin joints.
JointTable JointsInOrder(const std::vector<int>& joint_nodes, const NodeTree& tree,
                         const std::vector<int>& order, const SlotHierarchy& hierarchy,
                         const std::vector<int>& joint_of_node,
                         const std::vector<glm::mat4>& slot_inverse_bind, int skinned_slots) {
  const int slots = static_cast<int>(order.size());
  JointTable joints{std::vector<std::string>(slots), std::vector<int>(slots),
                    std::vector<Transform>(slots),   std::vector<glm::mat4>(slots),
                    std::vector<glm::mat4>(slots),   std::vector<bool>(slots)};
  for (int j = 0; j < slots; ++j) {
    const int s = order[j];
    const int node = joint_nodes[s];
    const int parent_slot = hierarchy.parent_slot[s];
    joints.names[j] = tree.names[node];
    joints.parents[j] = parent_slot >= 0 ? joint_of_node[joint_nodes[parent_slot]] : -1;
    joints.rest[j] = tree.local[node];
    joints.offsets[j] = hierarchy.offset_of_slot[s];
    joints.skinned[j] = s < skinned_slots;
    joints.inverse_bind[j] = slot_inverse_bind[s];
  }
  return joints;
}

bool NearlyEqual(const glm::mat4& a, const glm::mat4& b) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (std::abs(a[c][r] - b[c][r]) > 1e-5f * (1.0f + std::abs(a[c][r]))) return false;
    }
  }
  return true;
}

// Per skin and slot, the joint its vertices are skinned to. A joint's
// inverse bind matrix comes from the first skin that lists it; where a later
// skin binds the same joint with another matrix (its mesh was bound in
// another pose or another space), that skin gets a helper joint: a child of
// the joint with the identity as rest, so that it moves exactly with it,
// and the skin's own matrix, so that palette = joint's model matrix x the
// skin's inverse bind matrix, as glTF defines it per skin. Helpers are
// appended to `joints` (parents stay before children) and shared by skins
// that bind the joint alike.
std::vector<std::vector<int>> SkinSlotJoints(Context& ctx,
                                             const std::vector<std::vector<glm::mat4>>& skin_ibm,
                                             const std::vector<int>& joint_of_node,
                                             JointTable* joints) {
  const auto& skins = ctx.gltf.skins;
  std::vector<std::vector<int>> joint_of_slot(skins.size());
  std::vector<std::vector<int>> helpers_of_joint(joints->names.size());
  std::string helped;
  int helper_count = 0;
  for (std::size_t k = 0; k < skins.size(); ++k) {
    const std::vector<int>& nodes = skins[k].joints;
    joint_of_slot[k].resize(nodes.size());
    int skin_helpers = 0;
    for (std::size_t s = 0; s < nodes.size(); ++s) {
      const int joint = joint_of_node[nodes[s]];
      const glm::mat4& ibm = skin_ibm[k][s];
      int chosen = joint;
      if (!NearlyEqual(joints->inverse_bind[joint], ibm)) {
        chosen = -1;
        for (int helper : helpers_of_joint[joint]) {
          if (NearlyEqual(joints->inverse_bind[helper], ibm)) chosen = helper;
        }
      }
      if (chosen < 0) {
        chosen = static_cast<int>(joints->names.size());
        helpers_of_joint[joint].push_back(chosen);
        joints->names.push_back(joints->names[joint] + " (skin " + std::to_string(k) + ")");
        joints->parents.push_back(joint);
        joints->rest.push_back(Transform{});
        joints->offsets.push_back(glm::mat4(1.0f));
        joints->inverse_bind.push_back(ibm);
        joints->skinned.push_back(true);
        ++skin_helpers;
      }
      joint_of_slot[k][s] = chosen;
    }
    if (skin_helpers > 0) {
      helped += (helped.empty() ? "" : ", ") + std::string("skin ") + std::to_string(k) + " (" +
                std::to_string(skin_helpers) + ")";
      helper_count += skin_helpers;
    }
  }
  if (helper_count > 0) {
    ctx.Warn(
        "some skins bind joints with other inverse bind matrices than the first skin "
        "listing them; " +
        (helper_count == 1
             ? std::string("1 helper joint named \"<joint> (skin N)\" follows")
             : std::to_string(helper_count) + " helper joints named \"<joint> (skin N)\" follow") +
        " those joints for them: " + helped);
  }
  return joint_of_slot;
}

// Bind pose from the inverse bind matrices: the joint's bind-space global
// is inverse(ibm), so its local is inverse(parent global * offset) times
// that. Where a matrix cannot be inverted the rest pose stands in.
std::vector<Transform> BindPoseFromInverseBind(Context& ctx, const JointTable& joints) {
  const int count = static_cast<int>(joints.rest.size());
  std::vector<Transform> bind(count);
  std::vector<glm::mat4> bind_global(count);
  int fallbacks = 0;
  for (int j = 0; j < count; ++j) {
    const glm::mat4 above =
        (joints.parents[j] >= 0 ? bind_global[joints.parents[j]] : glm::mat4(1.0f)) *
        joints.offsets[j];
    bind[j] = joints.rest[j];
    // A node the skin does not name has no inverse bind matrix: its
    // bind pose is where its node puts it.
    if (joints.skinned[j]) {
      glm::mat4 global, above_inverse;
      const bool invertible =
          TryInverse(joints.inverse_bind[j], &global) && TryInverse(above, &above_inverse);
      const Transform local = invertible ? FromMatrix(above_inverse * global) : Transform{};
      if (invertible && AllFinite(local)) {
        bind[j] = local;
      } else {
        ++fallbacks;
      }
    }
    bind_global[j] = above * ToMatrix(bind[j]);
  }
  if (fallbacks > 0) {
    ctx.Warn(std::to_string(fallbacks) +
             " joint(s) have non-invertible inverse bind matrices; their bind pose "
             "is the rest pose");
  }
  return bind;
}

}  // namespace

SkeletonMapping BuildSkinSkeleton(Context& ctx, const NodeTree& tree, const MissedTurn* turn) {
  const auto& skins = ctx.gltf.skins;
  // Every skin's joints (skin 0's first), the animated nodes above and below
  // them, the static mesh nodes.
  std::vector<int> slot_of_node(tree.NodeCount(), -1);
  std::vector<int> joint_nodes;
  std::vector<std::vector<glm::mat4>> skin_ibm(skins.size());
  std::vector<glm::mat4> slot_inverse_bind;
  for (std::size_t k = 0; k < skins.size(); ++k) {
    const std::string skin_name = "skin " + std::to_string(k);
    CheckJointCount(skins[k], skin_name);
    const std::size_t first_new = joint_nodes.size();
    AddSkinJoints(skins[k], tree, skin_name, &joint_nodes, &slot_of_node);
    skin_ibm[k] = ReadInverseBindMatrices(ctx, skins[k], skin_name);
    // A joint's matrix comes from the first skin that lists it.
    for (std::size_t s = 0; s < skins[k].joints.size(); ++s) {
      if (static_cast<std::size_t>(slot_of_node[skins[k].joints[s]]) >= first_new) {
        slot_inverse_bind.push_back(skin_ibm[k][s]);
      }
    }
  }
  const int skinned_slots = static_cast<int>(joint_nodes.size());
  const auto add = [&](const std::vector<int>& nodes) {
    for (int node : nodes) {
      slot_of_node[node] = static_cast<int>(joint_nodes.size());
      joint_nodes.push_back(node);
    }
  };
  // A mesh below an animated node follows that node; the animated nodes
  // above a static mesh (a spinning propeller's hub) become joints after it.
  add(AnimatedNonJointNodes(ctx, tree, slot_of_node));
  add(StaticMeshNodes(ctx, tree, slot_of_node));
  add(AnimatedNonJointNodes(ctx, tree, slot_of_node));
  if (joint_nodes.size() > kMaxJoints) {
    throw ImportError("the skins have " + std::to_string(skinned_slots) + " joints, and " +
                      std::to_string(joint_nodes.size() - skinned_slots) +
                      " other nodes (animated ones of their hierarchy, unskinned meshes) become "
                      "joints too; at most " +
                      std::to_string(kMaxJoints) + " joints are supported");
  }
  slot_inverse_bind.resize(joint_nodes.size(), glm::mat4(1.0f));
  const SlotHierarchy hierarchy = FindParentJoints(joint_nodes, tree, slot_of_node);
  const std::vector<int> order = ParentsFirstOrder(tree, slot_of_node, hierarchy.parent_slot);

  SkeletonMapping out;
  out.joint_of_node = JointOfNode(joint_nodes, tree, order);
  JointTable joints = JointsInOrder(joint_nodes, tree, order, hierarchy, out.joint_of_node,
                                    slot_inverse_bind, skinned_slots);
  const auto before_helpers = static_cast<int>(joints.names.size());
  out.joint_of_skin_slot = SkinSlotJoints(ctx, skin_ibm, out.joint_of_node, &joints);
  if (static_cast<int>(joints.names.size()) > before_helpers)
    out.first_helper_joint = before_helpers;
  if (joints.names.size() > kMaxJoints) {
    throw ImportError("the skins bind their joints in different ways, which needs " +
                      std::to_string(joints.names.size()) + " joints; at most " +
                      std::to_string(kMaxJoints) + " are supported");
  }
  std::vector<Transform> bind = BindPoseFromInverseBind(ctx, joints);
  // After the bind pose: the bind pose turns with the roots too.
  if (turn != nullptr)
    TurnRootsOutside(tree, *turn, out.joint_of_node, joints.parents, &joints.offsets);

  // Offsets all within float noise of identity are none: the skeleton then
  // skips multiplying by them.
  if (std::all_of(joints.offsets.begin(), joints.offsets.end(), IsIdentityMatrix)) {
    joints.offsets.clear();
  }
  out.skeleton =
      MakeSkeleton(std::move(joints.names), std::move(joints.parents), std::move(joints.offsets),
                   joints.rest, bind, std::move(joints.inverse_bind));
  return out;
}

SkeletonMapping BuildNodeSkeleton(const Context& ctx, const NodeTree& tree) {
  const std::vector<int> nodes = SceneNodesInOrder(ctx, tree);
  if (nodes.empty()) throw ImportError("the scene has no nodes");
  if (nodes.size() > kMaxJoints) {
    throw ImportError("the file has no skin, so each of its " + std::to_string(nodes.size()) +
                      " scene nodes would become a joint; at most " + std::to_string(kMaxJoints) +
                      " joints are supported (16-bit joint indices)");
  }
  const int n = static_cast<int>(nodes.size());

  SkeletonMapping out;
  out.synthesised = true;
  out.joint_of_node.assign(tree.NodeCount(), -1);
  for (int j = 0; j < n; ++j) out.joint_of_node[nodes[j]] = j;

  std::vector<std::string> names(n);
  std::vector<int> parents(n);
  std::vector<Transform> rest(n);
  for (int j = 0; j < n; ++j) {
    names[j] = tree.names[nodes[j]];
    const int p = tree.parent[nodes[j]];
    parents[j] = p >= 0 ? out.joint_of_node[p] : -1;
    rest[j] = tree.local[nodes[j]];
  }
  // The nodes' model matrices in their rest pose are their bind matrices.
  std::vector<glm::mat4> model(n);
  Skeleton hierarchy;
  std::string error;
  if (!hierarchy.BuildHierarchy(rest, parents, {}, &error)) {
    throw ImportError("invalid node hierarchy: " + error);
  }
  ComputeModelMatrices(hierarchy, hierarchy.RestPose(), model);
  std::vector<glm::mat4> inverse_bind(n, glm::mat4(1.0f));
  out.bind_of_joint.assign(n, glm::mat4(1.0f));
  for (int j = 0; j < n; ++j) {
    if (TryInverse(model[j], &inverse_bind[j])) {
      out.bind_of_joint[j] = model[j];
    } else {
      inverse_bind[j] = glm::mat4(1.0f);
    }
  }
  out.skeleton =
      MakeSkeleton(std::move(names), std::move(parents), {}, rest, rest, std::move(inverse_bind));
  return out;
}

NearestJoint::NearestJoint(const NodeTree& tree, const SkeletonMapping& mapping)
    : joint_node(tree.NodeCount(), -1), node_to_joint(tree.NodeCount(), glm::mat4(1.0f)) {
  for (int node : tree.parents_first) {
    if (mapping.joint_of_node[node] >= 0) {
      joint_node[node] = node;
      continue;
    }
    const int p = tree.parent[node];
    if (p < 0) {
      node_to_joint[node] = tree.local_matrix[node];
      continue;
    }
    joint_node[node] = joint_node[p];
    node_to_joint[node] = node_to_joint[p] * tree.local_matrix[node];
  }
}

}  // namespace anim::gltf
