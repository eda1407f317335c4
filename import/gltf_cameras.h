// Internal to anim_import: the file's cameras (glTF `cameras`, placed by the
// nodes of the shown scene that name one), each on the joint nearest above
// its node (model/model.h, FileCamera). A camera whose values the
// specification forbids (a field of view outside (0, pi), a far plane not
// past the near one, a zero magnification...) is left out with one warning
// naming it and the value.
#pragma once

#include <vector>

#include "import/gltf_context.h"
#include "import/gltf_nodes.h"
#include "import/gltf_skeleton.h"
#include "model/model.h"

namespace anim::gltf {

std::vector<FileCamera> ImportCameras(Context& ctx, const NodeTree& tree,
                                      const SkeletonMapping& mapping);

}  // namespace anim::gltf
