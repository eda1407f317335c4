#include "import/gltf_nodes.h"

#include <cmath>
#include <limits>

#include <glm/gtc/type_ptr.hpp>

#include "import/gltf_rotation.h"

namespace anim::gltf {

namespace {

// Finite and within float range: converting a larger double to float is
// undefined behaviour, and the JSON may hold 1e300.
bool AllFinite(const std::vector<double>& values) {
  for (double v : values) {
    if (!(std::abs(v) <= std::numeric_limits<float>::max())) return false;
  }
  return true;
}

void ReadLocalTransform(const tinygltf::Node& node, const std::string& name, Transform* local,
                        glm::mat4* matrix) {
  if (!AllFinite(node.matrix) || !AllFinite(node.translation) || !AllFinite(node.rotation) ||
      !AllFinite(node.scale)) {
    throw ImportError(name + " has a non-finite transform");
  }
  if (!node.matrix.empty()) {
    if (node.matrix.size() != 16) throw ImportError(name + " matrix does not have 16 numbers");
    float m[16];
    for (int i = 0; i < 16; ++i) m[i] = static_cast<float>(node.matrix[i]);
    *matrix = glm::make_mat4(m);  // glTF matrices are column-major, like glm
    *local = FromMatrix(*matrix);
    return;
  }
  Transform t;
  if (!node.translation.empty()) {
    if (node.translation.size() != 3) throw ImportError(name + " translation needs 3 numbers");
    t.translation = glm::vec3(node.translation[0], node.translation[1], node.translation[2]);
  }
  if (!node.rotation.empty()) {
    if (node.rotation.size() != 4) throw ImportError(name + " rotation needs 4 numbers");
    if (!UnitQuaternion(node.rotation[0], node.rotation[1], node.rotation[2], node.rotation[3],
                        &t.rotation)) {
      throw ImportError(name + " has a zero-length rotation quaternion");
    }
  }
  if (!node.scale.empty()) {
    if (node.scale.size() != 3) throw ImportError(name + " scale needs 3 numbers");
    t.scale = glm::vec3(node.scale[0], node.scale[1], node.scale[2]);
  }
  *local = t;
  *matrix = ToMatrix(t);
}

}  // namespace

bool IsIdentityMatrix(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      if (std::abs(m[c][r] - (c == r ? 1.0f : 0.0f)) > 1e-6f) return false;
    }
  }
  return true;
}

NodeTree BuildNodeTree(const Context& ctx) {
  const auto& nodes = ctx.gltf.nodes;
  const int n = static_cast<int>(nodes.size());
  NodeTree tree;
  tree.parent.assign(n, -1);
  tree.local.resize(n);
  tree.local_matrix.resize(n);
  tree.names.resize(n);
  int singular = 0, first_singular = -1;
  for (int i = 0; i < n; ++i) {
    const std::string name = "node " + std::to_string(i);
    tree.names[i] = nodes[i].name.empty() ? name : nodes[i].name;
    ReadLocalTransform(nodes[i], name, &tree.local[i], &tree.local_matrix[i]);
    // A zero scale or a singular matrix flattens the node and everything
    // below it: legal, and sometimes meant (hiding a part), but a model that
    // draws nothing should say why.
    if (!(std::abs(glm::determinant(tree.local_matrix[i])) > 1e-12f)) {
      if (singular++ == 0) first_singular = i;
    }
    for (int child : nodes[i].children) {
      CheckIndex(child, nodes.size(), name + " child");
      if (child == i) throw ImportError(name + " lists itself as its child");
      if (tree.parent[child] != -1) {
        throw ImportError("node " + std::to_string(child) + " has two parents (nodes " +
                          std::to_string(tree.parent[child]) + " and " + std::to_string(i) + ")");
      }
      tree.parent[child] = i;
    }
  }
  // With one parent per node, the nodes reachable from the roots form a
  // forest; any node left over lies on or below a cycle. Linear in the node
  // count whatever the depth.
  tree.parents_first.reserve(n);
  for (int i = 0; i < n; ++i) {
    if (tree.parent[i] < 0) tree.parents_first.push_back(i);
  }
  for (std::size_t k = 0; k < tree.parents_first.size(); ++k) {
    for (int child : nodes[tree.parents_first[k]].children) tree.parents_first.push_back(child);
  }
  if (static_cast<int>(tree.parents_first.size()) != n) {
    std::vector<bool> reached(n, false);
    for (int node : tree.parents_first) reached[node] = true;
    int on_cycle = 0;
    while (reached[on_cycle]) ++on_cycle;
    // n steps up from an unreached node certainly end on the cycle itself.
    for (int step = 0; step < n; ++step) on_cycle = tree.parent[on_cycle];
    throw ImportError("the node hierarchy has a cycle through node " + std::to_string(on_cycle));
  }
  if (singular > 0) {
    // Through the reference: this step only reads the rest of the context.
    ctx.warnings.push_back(std::to_string(singular) +
                           " node(s) have a singular transform (a zero scale or a flat matrix; "
                           "first: node " +
                           std::to_string(first_singular) +
                           "): what they carry collapses and may not be visible");
  }
  return tree;
}

std::vector<int> SceneNodesInOrder(const Context& ctx, const NodeTree& tree) {
  std::vector<int> roots;
  const auto& scenes = ctx.gltf.scenes;
  int scene = ctx.gltf.defaultScene;
  if (scene < 0 || static_cast<std::size_t>(scene) >= scenes.size())
    scene = scenes.empty() ? -1 : 0;
  if (scene >= 0) {
    for (int root : scenes[scene].nodes) {
      CheckIndex(root, tree.parent.size(), "scene " + std::to_string(scene) + " node");
      roots.push_back(root);
    }
  } else {
    for (int i = 0; i < tree.NodeCount(); ++i) {
      if (tree.parent[i] < 0) roots.push_back(i);
    }
  }
  std::vector<int> order;
  std::vector<bool> seen(tree.parent.size(), false);
  std::vector<int> stack;
  for (int root : roots) {
    if (tree.parent[root] >= 0) {
      throw ImportError("scene node " + std::to_string(root) + " is not a root node");
    }
    stack.push_back(root);
    while (!stack.empty()) {
      const int node = stack.back();
      stack.pop_back();
      if (seen[node]) {
        throw ImportError("scene lists node " + std::to_string(node) + " twice");
      }
      seen[node] = true;
      order.push_back(node);
      const auto& children = ctx.gltf.nodes[node].children;
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(*it);
    }
  }
  return order;
}

}  // namespace anim::gltf
