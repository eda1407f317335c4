// Internal to anim_import: every glTF animation becomes an anim::Clip named
// after it ("clip N" when unnamed, N being its index in the file). Channels
// targeting nodes that are not joints, and morph-weight channels, are
// ignored with one warning per file each.
#pragma once

#include <vector>

#include "anim/clip.h"
#include "import/gltf_context.h"
#include "import/gltf_skeleton.h"

namespace anim::gltf {

std::vector<Clip> ImportClips(Context& ctx, const SkeletonMapping& mapping);

}  // namespace anim::gltf
