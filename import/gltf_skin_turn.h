// Internal to anim_import: a turn the character never gets. glTF draws a
// skinned mesh by its joints alone (the specification, 3.7.3: the mesh
// node's own transform is ignored), so a transform on an ancestor of the
// mesh node that is not also above the skeleton never reaches the
// character. Exporters from Z-up tools put the Z-up to Y-up turn on the
// scene's root node; where the skeleton hangs outside that node (the
// Khronos BrainStem sample), the character lies on its back for its whole
// clip. One warning per file names the node, the mesh and the turn, so the
// user is not left guessing, and says how to have it applied
// (ImportOptions::apply_scene_turn).
#pragma once

#include <optional>
#include <vector>

#include <glm/mat4x4.hpp>

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"

namespace anim::gltf {

struct MissedTurn {
  int turn_node = -1;  // the outermost ancestor of the mesh node the skeleton misses
  int mesh_node = -1;
  int skin = -1;
  // The transforms from the turn node down to the mesh node's parent.
  glm::mat4 lost{1.0f};
};

// The first skinned mesh node of the shown scene (in scene order) with such
// a turn above it, if any.
std::optional<MissedTurn> FindTurnTheSkeletonMisses(const Context& ctx, const NodeTree& tree);

// The file's one warning about `turn`: what it does and to what, and
// whether it was applied or how to have it applied.
void WarnOfMissedTurn(Context& ctx, const NodeTree& tree, const MissedTurn& turn, bool applied);

// Puts `turn.lost` before the offset of every root joint (parent -1) whose
// node is not the turn node or below it (those have it already), so the
// whole character turns as the scene turns its mesh.
void TurnRootsOutside(const NodeTree& tree, const MissedTurn& turn,
                      const std::vector<int>& joint_of_node, const std::vector<int>& parents,
                      std::vector<glm::mat4>* offsets);

}  // namespace anim::gltf
