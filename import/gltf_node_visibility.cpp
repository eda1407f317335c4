#include "import/gltf_node_visibility.h"

#include <string>

#include "import/gltf_pointer.h"

namespace anim::gltf {

std::vector<NodeVisibility> ImportNodeVisibility(Context& ctx, const NodeTree& tree,
                                                 int first_value,
                                                 std::vector<MeshPrimitive>* primitives) {
  const std::size_t count = static_cast<std::size_t>(tree.NodeCount());
  std::vector<char> animated(count, 0);
  ForEachPointerAt(ctx.pointer_channels, PointerTarget::Kind::kNodeVisibility, count,
                   [&](const std::string&, const PointerTarget& target) {
                     animated[static_cast<std::size_t>(target.index)] = 1;
                   });
  std::vector<NodeVisibility> nodes;
  // Per node, the nearest NodeVisibility at or above it: parents are
  // visited first, so one pass fills it.
  std::vector<int> nearest(count, -1);
  for (int node : tree.parents_first) {
    const int parent = tree.parent[node];
    const int above = parent >= 0 ? nearest[parent] : -1;
    nearest[node] = above;
    const tinygltf::Node& in = ctx.gltf.nodes[node];
    const auto extension = in.extensions.find("KHR_node_visibility");
    const bool has_extension = extension != in.extensions.end();
    if (!has_extension && !animated[node]) continue;
    bool visible = true;
    if (has_extension && extension->second.Has("visible")) {
      const tinygltf::Value& value = extension->second.Get("visible");
      if (value.IsBool()) {
        visible = value.Get<bool>();
      } else {
        ctx.Warn("KHR_node_visibility of node \"" + tree.names[node] +
                 "\": \"visible\" is not a boolean; the node is shown");
      }
    }
    // A node shown and never animated changes nothing.
    if (visible && !animated[node]) continue;
    nearest[node] = static_cast<int>(nodes.size());
    nodes.push_back({"/nodes/" + std::to_string(node) + "/extensions/KHR_node_visibility/visible",
                     node, above, first_value++, visible});
  }
  for (MeshPrimitive& primitive : *primitives) {
    if (primitive.source_node >= 0 && static_cast<std::size_t>(primitive.source_node) < count) {
      primitive.visibility = nearest[primitive.source_node];
    }
  }
  return nodes;
}

}  // namespace anim::gltf
