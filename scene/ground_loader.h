// A user's terrain: any static glTF mesh loaded as the ground. glTF is in
// metres; the mesh is scaled to the character's units.
#pragma once

#include <string>

#include "scene/ground.h"

namespace scene {

// Loads `path` into `ground`. False, with `error` naming the file and the
// problem (unreadable, malformed, no triangles), leaving `ground` as it was.
bool LoadGroundGltf(const std::string& path, float units_per_metre, Ground* ground,
                    std::string* error);

}  // namespace scene
