// Writes the meshes a character shows as JSON (--dump-mesh), so that users
// and tests can compare whole meshes, not only joints: for each drawn
// primitive, its glTF mesh and primitive index, the node that draws it, its
// vertex count, its vertex positions in the scene's space after its morph
// targets and skinning with the character's weights and palette at the shown
// time (linear blend or dual quaternion, as --skinning says), and their
// bounds; and each morph channel's target names and weights.
#pragma once

#include <string>

#include "anim/core/dual_quaternion.h"
#include "app/animated_character.h"
#include "app/pose_json.h"

namespace animviewer {

std::string MeshToJson(const AnimatedCharacter& character, const PoseDumpInfo& info,
                       anim::SkinningMethod skinning);

// MeshToJson into a file; false with a message naming the file on failure.
bool WriteMeshJson(const std::string& path, const AnimatedCharacter& character,
                   const PoseDumpInfo& info, anim::SkinningMethod skinning, std::string* error);

}  // namespace animviewer
