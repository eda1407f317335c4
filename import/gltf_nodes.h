// Internal to anim_import: the glTF node hierarchy, checked to be a forest
// (every child index valid, no node with two parents, no cycles), with each
// node's local transform as an anim::Transform and as the exact matrix.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/transform.h"
#include "import/gltf_context.h"

namespace anim::gltf {

struct NodeTree {
  std::vector<int> parent;              // -1 for roots
  std::vector<Transform> local;         // rest TRS (matrix nodes decomposed)
  std::vector<glm::mat4> local_matrix;  // the node's own matrix, exact
  std::vector<std::string> names;       // "node N" when unnamed
  // Every node, parents before children (breadth first from the roots), so
  // that per-node results depending on the parent are computed in one pass:
  // no walk up the hierarchy per node, which a 100,000-deep chain would make
  // quadratic.
  std::vector<int> parents_first;

  int NodeCount() const { return static_cast<int>(parent.size()); }
};

NodeTree BuildNodeTree(const Context& ctx);

// Whether a node's matrix leaves everything where it is (within 1e-6 per
// element).
bool IsIdentityMatrix(const glm::mat4& m);

// Nodes of the scene that is shown (the default scene, else scene 0, else
// every root node), parents before children, depth first.
std::vector<int> SceneNodesInOrder(const Context& ctx, const NodeTree& tree);

}  // namespace anim::gltf
