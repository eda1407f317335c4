// Internal to anim_import: a turn the character never gets. glTF draws a
// skinned mesh by its joints alone (the specification, 3.7.3: the mesh
// node's own transform is ignored), so a transform on an ancestor of the
// mesh node that is not also above the skeleton never reaches the
// character. Exporters from Z-up tools put the Z-up to Y-up turn on the
// scene's root node; where the skeleton hangs outside that node (the
// Khronos BrainStem sample), the character lies on its back for its whole
// clip. One warning per file names the node, the mesh and the turn, so the
// user is not left guessing.
#pragma once

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"

namespace anim::gltf {

void WarnOfTurnsTheSkeletonMisses(Context& ctx, const NodeTree& tree);

}  // namespace anim::gltf
