// Saving clips into a copy of a glTF file: the offline end of retargeting
// (clips baked onto a model's skeleton kept as animations of its own file,
// so any glTF tool, engine or this viewer plays them without the source).
//
// The model's file is read again with tinygltf (images kept as they are, not
// decoded) and written as a single .gltf: its nodes, meshes, skins,
// materials and animations unchanged, every buffer embedded, and one new
// animation per clip: LINEAR (or STEP) samplers on the joints' nodes,
// rotation and translation channels as the clip has them, the clip's ground
// speed and events in the animation's extras (the importer reads them back).
// A joint node written as a matrix is written as translation, rotation and
// scale (glTF animates only those). Images the file references by a relative
// path stay references, so the copy must be written beside the model then.
#pragma once

#include <span>
#include <string>

#include "model/model.h"

namespace anim {

// Writes `model_path`'s file with `clips` (clips of `model`, which was
// loaded from it) added to `out_path`. False with `error` naming the file
// and the problem.
bool SaveClipsIntoGltf(const std::string& model_path, const Model& model,
                       std::span<const Clip> clips, const std::string& out_path,
                       std::string* error);

}  // namespace anim
