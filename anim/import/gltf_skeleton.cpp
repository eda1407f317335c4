#include "anim/import/gltf_skeleton.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "anim/import/gltf_accessor.h"
#include "anim/import/gltf_limits.h"

namespace anim::gltf {

namespace {

bool IsIdentity(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (std::abs(m[c][r] - (c == r ? 1.0f : 0.0f)) > 1e-6f) return false;
    }
  }
  return true;
}

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

Skeleton MakeSkeleton(std::vector<std::string> names, Pose rest, Pose bind,
                      std::vector<glm::mat4> inverse_bind) {
  Skeleton skeleton(std::move(names), std::move(rest), std::move(bind), std::move(inverse_bind));
  if (!skeleton.error().empty()) throw ImportError("invalid skeleton: " + skeleton.error());
  return skeleton;
}

}  // namespace

SkeletonMapping BuildSkinSkeleton(Context& ctx, const NodeTree& tree, int skin_index) {
  const tinygltf::Skin& skin = ctx.gltf.skins[skin_index];
  const std::string skin_name = "skin " + std::to_string(skin_index);
  const int slots = static_cast<int>(skin.joints.size());
  if (slots == 0) throw ImportError(skin_name + " has no joints");
  if (skin.joints.size() > kMaxJoints) {
    throw ImportError(skin_name + " has " + std::to_string(skin.joints.size()) +
                      " joints; at most " + std::to_string(kMaxJoints) +
                      " are supported (JOINTS_0 holds 16-bit joint indices)");
  }

  std::vector<int> slot_of_node(tree.NodeCount(), -1);
  for (int s = 0; s < slots; ++s) {
    const int node = skin.joints[s];
    CheckIndex(node, tree.parent.size(), skin_name + " joint " + std::to_string(s));
    if (slot_of_node[node] >= 0) {
      throw ImportError(skin_name + " lists node " + std::to_string(node) + " twice");
    }
    slot_of_node[node] = s;
  }

  // Parent joint of each slot, found through any non-joint nodes in between,
  // whose matrices are multiplied into the offset (outermost first). One
  // parents-first pass gives every node its nearest joint at or above it and
  // the matrix from that joint's space down to the node: linear in the node
  // count, however deep the hierarchy.
  const int node_count = tree.NodeCount();
  std::vector<int> joint_at_or_above(node_count, -1);          // slot, or -1
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
  std::vector<int> parent_slot(slots, -1);
  std::vector<glm::mat4> offset_of_slot(slots, glm::mat4(1.0f));
  for (int s = 0; s < slots; ++s) {
    const int p = tree.parent[skin.joints[s]];
    if (p < 0) continue;
    parent_slot[s] = joint_at_or_above[p];
    offset_of_slot[s] = below_joint[p];
  }

  // Parents before children: a stable sort by depth keeps the file's order
  // otherwise. Depths come from the same parents-first pass over the nodes.
  std::vector<int> depth(slots, 0);
  for (int node : tree.parents_first) {
    const int s = slot_of_node[node];
    if (s >= 0 && parent_slot[s] >= 0) depth[s] = depth[parent_slot[s]] + 1;
  }
  std::vector<int> order(slots);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return depth[a] < depth[b]; });

  SkeletonMapping out;
  out.skin = skin_index;
  out.joint_of_node.assign(tree.NodeCount(), -1);
  out.joint_of_skin_slot.assign(slots, -1);
  for (int j = 0; j < slots; ++j) {
    out.joint_of_skin_slot[order[j]] = j;
    out.joint_of_node[skin.joints[order[j]]] = j;
  }

  std::vector<glm::mat4> slot_inverse_bind(slots, glm::mat4(1.0f));
  if (skin.inverseBindMatrices >= 0) {
    const AccessorData ibm = ReadAccessor(ctx, skin.inverseBindMatrices,
                                          skin_name + " inverseBindMatrices", {TINYGLTF_TYPE_MAT4},
                                          {TINYGLTF_COMPONENT_TYPE_FLOAT}, IntegerMode::kRaw);
    if (ibm.count < static_cast<std::size_t>(slots)) {
      throw ImportError(skin_name + " has " + std::to_string(slots) + " joints but only " +
                        std::to_string(ibm.count) + " inverse bind matrices");
    }
    for (int s = 0; s < slots; ++s) {
      glm::mat4& m = slot_inverse_bind[s];
      for (int k = 0; k < 16; ++k) m[k / 4][k % 4] = static_cast<float>(ibm.At(s, k));
      if (!AllFinite(m)) {
        throw ImportError(skin_name + " inverse bind matrix " + std::to_string(s) +
                          " is not finite");
      }
    }
  }

  std::vector<std::string> names(slots);
  std::vector<int> parents(slots);
  std::vector<Transform> rest(slots);
  std::vector<glm::mat4> offsets(slots);
  std::vector<glm::mat4> inverse_bind(slots);
  bool any_offset = false;
  for (int j = 0; j < slots; ++j) {
    const int s = order[j];
    const int node = skin.joints[s];
    names[j] = tree.names[node];
    parents[j] = parent_slot[s] >= 0 ? out.joint_of_skin_slot[parent_slot[s]] : -1;
    rest[j] = tree.local[node];
    offsets[j] = offset_of_slot[s];
    inverse_bind[j] = slot_inverse_bind[s];
    any_offset = any_offset || !IsIdentity(offsets[j]);
  }

  // Bind pose from the inverse bind matrices: the joint's bind-space global
  // is inverse(ibm), so its local is inverse(parent global * offset) times
  // that. Where a matrix cannot be inverted the rest pose stands in.
  std::vector<Transform> bind(slots);
  std::vector<glm::mat4> bind_global(slots);
  int fallbacks = 0;
  for (int j = 0; j < slots; ++j) {
    const glm::mat4 above =
        (parents[j] >= 0 ? bind_global[parents[j]] : glm::mat4(1.0f)) * offsets[j];
    glm::mat4 global, above_inverse;
    bind[j] = rest[j];
    if (TryInverse(inverse_bind[j], &global) && TryInverse(above, &above_inverse)) {
      const Transform local = FromMatrix(above_inverse * global);
      if (AllFinite(local)) bind[j] = local;
      else ++fallbacks;
    } else {
      ++fallbacks;
    }
    bind_global[j] = above * ToMatrix(bind[j]);
  }
  if (fallbacks > 0) {
    ctx.Warn(std::to_string(fallbacks) +
                           " joint(s) have non-invertible inverse bind matrices; their bind pose "
                           "is the rest pose");
  }

  if (!any_offset) offsets.clear();
  Pose rest_pose(std::move(rest), parents, offsets);
  Pose bind_pose(std::move(bind), parents, offsets);
  out.skeleton = MakeSkeleton(std::move(names), std::move(rest_pose), std::move(bind_pose),
                              std::move(inverse_bind));
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
  Pose rest_pose(rest, parents);
  std::vector<glm::mat4> model(n);
  rest_pose.ComputeModelMatrices(model);
  std::vector<glm::mat4> inverse_bind(n, glm::mat4(1.0f));
  out.bind_of_joint.assign(n, glm::mat4(1.0f));
  for (int j = 0; j < n; ++j) {
    if (TryInverse(model[j], &inverse_bind[j])) out.bind_of_joint[j] = model[j];
    else inverse_bind[j] = glm::mat4(1.0f);
  }
  out.skeleton = MakeSkeleton(std::move(names), rest_pose, rest_pose, std::move(inverse_bind));
  return out;
}

}  // namespace anim::gltf
