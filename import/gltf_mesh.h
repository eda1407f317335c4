// Internal to anim_import: mesh primitives into MeshPrimitive, skinned to the
// imported skeleton.
//   - Skinned meshes (any skin): JOINTS_n/WEIGHTS_n, up to the eight
//     largest influences (JOINTS_0 and JOINTS_1), remapped from the skin's
//     slots to skeleton joints, weights renormalised.
//   - Meshes of nodes without a skin (props at or below a joint, static
//     meshes, which are joints of their own): rigidly bound (weight 1) to the
//     nearest joint at or above, vertices moved into bind space.
//   - Synthesised (node) skeletons: every mesh is rigidly bound to its node.
// Triangle strips and fans are triangulated; what is not drawn (points and
// lines, meshes outside the shown scene) is listed in one warning, by node
// name and reason.
#pragma once

#include <vector>

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"
#include "import/gltf_skeleton.h"
#include "model/model.h"

namespace anim::gltf {

// Mesh nodes with morph targets each get a MorphChannel (appended to
// `morph_channels`, its index in `morph_channel_of_node`, -1 elsewhere).
std::vector<MeshPrimitive> ImportMeshes(Context& ctx, const NodeTree& tree,
                                        const SkeletonMapping& mapping,
                                        std::vector<MorphChannel>* morph_channels,
                                        std::vector<int>* morph_channel_of_node);

}  // namespace anim::gltf
