#include "import/gltf_skin_turn.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>

namespace anim::gltf {

namespace {

// "turns it -90 degrees about (1, 0, 0)", or "moves it" for a matrix that
// does not turn.
std::string WhatItDoes(const glm::mat4& m) {
  glm::mat3 r(m);
  for (int c = 0; c < 3; ++c) {
    const float length = glm::length(r[c]);
    if (length > 0.0f) r[c] /= length;
  }
  const glm::quat q = glm::normalize(glm::quat_cast(r));
  const float angle = 2.0f * std::acos(std::min(1.0f, std::abs(q.w)));
  if (!(angle > 1e-4f)) return "moves it";
  glm::vec3 axis = glm::normalize(glm::vec3(q.x, q.y, q.z));
  if (q.w < 0.0f) axis = -axis;
  for (int i = 0; i < 3; ++i) {
    if (std::abs(axis[i]) < 5e-3f) axis[i] = 0.0f;  // no "-0" or "1e-09" in the message
  }
  char text[96];
  std::snprintf(text, sizeof text, "turns it %.0f degrees about (%.2g, %.2g, %.2g)",
                glm::degrees(angle), axis.x, axis.y, axis.z);
  return text;
}

// Per node, the outermost ancestor (the node itself excluded) with a
// transform that is not above any joint of `skin`, or -1. One pass in each
// direction over the nodes: linear, however deep the hierarchy.
std::vector<int> TurnsMissedBySkin(const Context& ctx, const NodeTree& tree, int skin) {
  const int count = tree.NodeCount();
  std::vector<bool> above_joint(count, false);
  for (int joint : ctx.gltf.skins[skin].joints) {
    if (joint >= 0 && joint < count) above_joint[joint] = true;
  }
  for (auto it = tree.parents_first.rbegin(); it != tree.parents_first.rend(); ++it) {
    const int p = tree.parent[*it];
    if (p >= 0 && above_joint[*it]) above_joint[p] = true;
  }
  std::vector<int> missed(count, -1);
  for (int node : tree.parents_first) {
    const int p = tree.parent[node];
    if (p < 0) continue;
    missed[node] = missed[p] >= 0                                               ? missed[p]
                   : !above_joint[p] && !IsIdentityMatrix(tree.local_matrix[p]) ? p
                                                                                : -1;
  }
  return missed;
}

}  // namespace

std::optional<MissedTurn> FindTurnTheSkeletonMisses(const Context& ctx, const NodeTree& tree) {
  // Worked out per skin the first time a mesh node of the scene uses it.
  std::vector<std::vector<int>> missed(ctx.gltf.skins.size());
  for (int node : SceneNodesInOrder(ctx, tree)) {
    const tinygltf::Node& n = ctx.gltf.nodes[node];
    if (n.mesh < 0 || n.skin < 0 || n.skin >= static_cast<int>(ctx.gltf.skins.size())) continue;
    if (missed[n.skin].empty()) missed[n.skin] = TurnsMissedBySkin(ctx, tree, n.skin);
    const int turn = missed[n.skin][node];
    if (turn < 0) continue;
    MissedTurn found{turn, node, n.skin, glm::mat4(1.0f)};
    // The whole path from the turn down to the mesh's parent is what is lost.
    std::vector<int> path;
    for (int a = tree.parent[node]; a >= 0 && a != tree.parent[turn]; a = tree.parent[a]) {
      path.push_back(a);
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      found.lost = found.lost * tree.local_matrix[*it];
    }
    return found;
  }
  return std::nullopt;
}

void WarnOfMissedTurn(Context& ctx, const NodeTree& tree, const MissedTurn& turn, bool applied) {
  const std::string what = "node '" + tree.names[turn.turn_node] + "' " + WhatItDoes(turn.lost) +
                           " above the skinned mesh '" + tree.names[turn.mesh_node] +
                           "', but skin " + std::to_string(turn.skin) +
                           "'s skeleton is outside it; ";
  ctx.Warn(what + (applied ? "the turn is applied to the skeleton's roots, as asked "
                             "(--apply-scene-turn), so the character is drawn as the scene turns "
                             "its mesh, not as glTF draws a skinned mesh"
                           : "glTF draws a skinned mesh by its joints alone, so the character is "
                             "drawn without that (it may lie on its side or back); "
                             "--apply-scene-turn, or 'Apply the scene's turn' under this warning, "
                             "draws it with the turn"));
}

void TurnRootsOutside(const NodeTree& tree, const MissedTurn& turn,
                      const std::vector<int>& joint_of_node, const std::vector<int>& parents,
                      std::vector<glm::mat4>* offsets) {
  // Per node, parents first: whether it is the turn node or below it.
  std::vector<bool> below(tree.NodeCount(), false);
  for (int node : tree.parents_first) {
    const int p = tree.parent[node];
    below[node] = node == turn.turn_node || (p >= 0 && below[p]);
  }
  for (int node = 0; node < tree.NodeCount(); ++node) {
    const int j = node < static_cast<int>(joint_of_node.size()) ? joint_of_node[node] : -1;
    if (j < 0 || parents[j] >= 0 || below[node]) continue;
    (*offsets)[j] = turn.lost * (*offsets)[j];
  }
}

}  // namespace anim::gltf
