// Internal to anim_import: what one imported item costs the load's memory
// budget (gltf_budget.h), beyond the parsed document. The JSON pre-scan
// (gltf_json_scan.cpp) charges the per-item costs for every animation,
// channel, node and primitive the file declares, before tinygltf parses, so
// a file of a million of them is refused in one linear pass; the import
// steps charge what depends on the data (keys, vertices, primitives drawn by
// more than one node).
#pragma once

#include <cstddef>
#include <string>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clip.h"
#include "anim/core/transform.h"
#include "model/model.h"

namespace anim::gltf {

// A clip holds its name, tracks, cursors and events even when empty.
inline constexpr std::size_t kClipBytes = sizeof(Clip) + 512;
// A channel becomes (part of) a joint's tracks.
inline constexpr std::size_t kChannelBytes = sizeof(JointTracks) + 256;
// A key: its time and a value of up to four floats, plus CUBICSPLINE tangents.
inline constexpr std::size_t kKeyBytes = sizeof(float) + 3 * sizeof(glm::quat);
// A node: parent, local transform and matrix, name, traversal entries, and
// the skeleton joint it may become (name, parent, rest pose, offsets).
inline constexpr std::size_t kNodeBytes =
    2 * (sizeof(int) + sizeof(glm::mat4) + sizeof(std::string)) + sizeof(Transform) + 128;
// A primitive: what it holds even when empty and what drawing it costs. The
// renderer gives each primitive a vertex array and buffers, ~10 KiB each with
// Mesa (200,000 one-triangle primitives needed 2 GB and 50 s to draw), so
// the primitive count is bounded by what rendering will need.
inline constexpr std::size_t kPrimitiveBytes = sizeof(MeshPrimitive) + 12 * 1024;
// A vertex: position, normal, texcoord, colour, two sets of joints and
// weights (eight influences).
inline constexpr std::size_t kVertexBytes =
    sizeof(glm::vec3) * 2 + sizeof(glm::vec2) + sizeof(glm::vec4) * 3 + sizeof(glm::u16vec4) * 2;

}  // namespace anim::gltf
