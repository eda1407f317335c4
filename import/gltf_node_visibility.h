// Internal to anim_import: glTF's KHR_node_visibility. A node whose
// extension says "visible": false, or whose `visible` a
// KHR_animation_pointer channel animates, gets an anim::NodeVisibility;
// every primitive learns the nearest one at or above the node drawing it.
#pragma once

#include <vector>

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"
#include "model/model.h"

namespace anim::gltf {

// The nodes that can hide what they draw, parents first, their values
// numbered from `first_value` on; sets MeshPrimitive::visibility of
// `primitives` (by their source_node). A `visible` that is not a boolean is
// read as true, with a warning naming the node.
std::vector<NodeVisibility> ImportNodeVisibility(Context& ctx, const NodeTree& tree,
                                                 int first_value,
                                                 std::vector<MeshPrimitive>* primitives);

}  // namespace anim::gltf
