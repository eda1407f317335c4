// Internal to anim_import: the sizes past which a BVH file is refused rather
// than imported, the BVH counterpart of gltf_limits.h. A BVH header of a few
// bytes can claim a billion frames or a hierarchy nested a million deep, so
// every count is checked BEFORE anything is allocated for it, and the
// hierarchy is read with an explicit stack, never by recursion. The numbers
// are far above the public motion-capture sets (CMU: 38 joints with End
// Sites, 96 channels; LaFAN1: 22 joints, about 7,000 frames a take).
#pragma once

#include <cstddef>
#include <cstdint>

namespace anim::bvh {

// Bytes of one file (the longest CMU or LaFAN1 take is a few MiB).
inline constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{1} << 28;

// Joints, End Sites included. Also bounds the nesting depth: each level of
// nesting opens one joint.
inline constexpr std::size_t kMaxJoints = 4096;

// What one value of the MOTION section costs once imported, as an upper
// bound: the float read (4 bytes), its share of a key (a quaternion of 16
// bytes or a vec3 of 12, plus a 4-byte time, per one to three channels) and
// the clip's structure-of-arrays copy of the same keys. frames x channels x
// this must fit the load memory limit (ImportOptions::max_load_bytes).
inline constexpr std::size_t kBytesPerValue = 48;

// Frame Time, in seconds: above zero and at most this (a take sampled
// slower than one frame every ten seconds is not motion capture).
inline constexpr double kMaxFrameTime = 10.0;

}  // namespace anim::bvh
