// Packs the mannequin (mesh, skin, clips) into a glTF 2.0 document and writes
// it with tinygltf's writer, the buffer embedded as base64 so the character
// is one self-contained file (drag-and-drop, copy, and byte-compare in tests
// all deal with a single file whose content does not depend on its name).
#pragma once

#include <string>
#include <vector>

#include "clip_data.h"
#include "shapes.h"
#include "skinning.h"

namespace mannequin {

// Returns false (and prints why to stderr) when the file cannot be written.
bool WriteMannequin(const std::string& path, const Mesh& mesh, const std::vector<SkinWeights>& skin,
                    const std::vector<ClipData>& clips);

}  // namespace mannequin
