// Internal to anim_import: every glTF animation becomes an anim::Clip named
// after it ("clip N" when unnamed, N being its index in the file). Channels
// targeting nodes that are not joints, and morph-weight channels of nodes
// without morph targets, are ignored with one warning per file each.
#pragma once

#include <optional>
#include <vector>

#include "anim/clips/clip.h"
#include "import/gltf_context.h"
#include "import/gltf_skeleton.h"
#include "model/clip_roles.h"
#include "model/model.h"

namespace anim::gltf {

// The material values that KHR_animation_pointer channels of any animation
// animate, each once, numbered from `first_value` on (after the morph
// weights) in the order the file first names them.
std::vector<AnimatedMaterialValue> CollectAnimatedMaterialValues(const Context& ctx,
                                                                 int first_value);

// The camera values that pointer channels animate ("/cameras/N/perspective/
// yfov"...), each once, numbered from `first_value` on (after the material
// values), each with the file's own value as its default.
std::vector<AnimatedCameraValue> CollectAnimatedCameraValues(const Context& ctx, int first_value);

// Morph-weight channels animate the run of weights of the node's
// MorphChannel (morph_channel_of_node, -1 for nodes without one); pointer
// channels a node's transform or weights, or one of `material_values`,
// `camera_values` or `node_visibility`. The
// pointers that animate anything else are named in one warning.
// `file_roles` gets, per clip, the role its extras give (or none).
std::vector<Clip> ImportClips(Context& ctx, const SkeletonMapping& mapping,
                              const std::vector<MorphChannel>& morph_channels,
                              const std::vector<int>& morph_channel_of_node,
                              const std::vector<AnimatedMaterialValue>& material_values,
                              const std::vector<AnimatedCameraValue>& camera_values,
                              const std::vector<NodeVisibility>& node_visibility,
                              std::vector<std::optional<ClipRole>>* file_roles);

}  // namespace anim::gltf
