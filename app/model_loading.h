// Opening a model for the viewer: the glTF importer plus the checks the
// viewer needs (a skeleton to animate, something to draw).
#pragma once

#include <string>

#include "anim/import/model.h"

namespace animviewer {

// On failure `error` names the file and the problem.
bool LoadModelFile(const std::string& path, anim::Model* model, std::string* error);

}  // namespace animviewer
