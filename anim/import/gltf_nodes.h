// Internal to anim_import: the glTF node hierarchy, checked to be a forest
// (every child index valid, no node with two parents, no cycles), with each
// node's local transform as an anim::Transform and as the exact matrix.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/import/gltf_context.h"
#include "anim/transform.h"

namespace anim::gltf {

struct NodeTree {
  std::vector<int> parent;              // -1 for roots
  std::vector<Transform> local;         // rest TRS (matrix nodes decomposed)
  std::vector<glm::mat4> local_matrix;  // the node's own matrix, exact
  std::vector<std::string> names;       // "node N" when unnamed

  int NodeCount() const { return static_cast<int>(parent.size()); }
};

NodeTree BuildNodeTree(const Context& ctx);

// Nodes of the scene that is shown (the default scene, else scene 0, else
// every root node), parents before children, depth first.
std::vector<int> SceneNodesInOrder(const Context& ctx, const NodeTree& tree);

}  // namespace anim::gltf
