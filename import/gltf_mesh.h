// Internal to anim_import: mesh primitives into MeshPrimitive, skinned to the
// imported skeleton.
//   - Meshes of nodes using the imported skin: JOINTS_0/WEIGHTS_0 (and
//     JOINTS_1/WEIGHTS_1, reduced to the four largest influences) remapped
//     from skin slots to skeleton joints, weights renormalised.
//   - Meshes of nodes without a skin that sit at or below a joint: rigidly
//     bound (weight 1) to the nearest joint, vertices moved into bind space.
//   - Synthesised (node) skeletons: every mesh is rigidly bound to its node.
// Triangle strips and fans are triangulated; points and lines are skipped
// with a warning.
#pragma once

#include <vector>

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"
#include "import/gltf_skeleton.h"
#include "model/model.h"

namespace anim::gltf {

std::vector<MeshPrimitive> ImportMeshes(Context& ctx, const NodeTree& tree,
                                        const SkeletonMapping& mapping);

}  // namespace anim::gltf
