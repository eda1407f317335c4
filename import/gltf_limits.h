// Internal to anim_import: the sizes past which a file is refused rather
// than imported. glTF lets a few bytes of JSON claim gigabytes (an accessor
// count, one mesh drawn by a thousand nodes, a channel per joint sharing one
// huge sampler), so every import step that multiplies data checks a budget
// BEFORE allocating; a hostile file then fails in milliseconds with a message
// instead of exhausting memory. The numbers are far above any character a
// game uses (the Khronos samples peak at a few hundred joints and ~1M
// vertices) and low enough that the worst accepted file stays around 1 GB.
#pragma once

#include <cstddef>
#include <cstdint>

namespace anim::gltf {

// Bytes of one file: the model itself and each external buffer or image.
inline constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{1} << 31;

// Skeleton joints. JOINTS_0 holds at most UNSIGNED_SHORT indices (0..65535)
// and MeshPrimitive::joints is u16, so no vertex could address more.
// (The renderer's own limit, GL_MAX_TEXTURE_BUFFER_SIZE / 4 joints, is at
// least 16384 by the GL 4.5 minimum and 33 million on Mesa.)
inline constexpr std::size_t kMaxJoints = 65536;

// Vertices over all imported primitives (each costs ~72 bytes of output).
inline constexpr std::size_t kMaxTotalVertices = std::size_t{1} << 23;

// Triangle corners (indices) over all imported primitives.
inline constexpr std::size_t kMaxTotalIndices = std::size_t{1} << 25;

// Keyframes (times; CUBICSPLINE values count once per key) over all
// imported animation channels.
inline constexpr std::size_t kMaxTotalKeys = std::size_t{1} << 23;

// Nesting of arrays and objects in the JSON. tinygltf converts "extras" and
// "extensions" into its Value type recursively, one stack frame per level,
// so a file of 100,000 '[' would overflow the stack; real files nest < 20.
inline constexpr int kMaxJsonDepth = 512;

}  // namespace anim::gltf
