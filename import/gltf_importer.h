// Loads a .gltf (external or embedded buffers) or .glb file into a Model.
// Never throws and never crashes on malformed input: on failure it returns
// false and `error` is "<file>: <what is wrong>".
//
// What a Model holds (details in import/gltf_*.h):
//   - Skeleton: the first skin's joints, reordered parents-first, plus the
//     nodes above or below them that an animation moves (an animated
//     armature or root node, a prop in a hand); static non-joint nodes
//     above or between joints (e.g. an "Armature" scale) become pose
//     offsets.
//     Files without a skin get one joint per node of the shown scene, and
//     their meshes are bound rigidly to their nodes.
//   - Primitives: triangles (strips and fans triangulated; points and lines
//     skipped with a warning), at most four renormalised influences per
//     vertex. Unskinned meshes below a joint follow that joint rigidly.
//   - Clips: one per glTF animation, named after it or "clip N" (N = its
//     index in the file). Channels on nodes apart from the skin's hierarchy
//     (neither joints nor above or below one: a camera, another object) and
//     morph weights are ignored with one warning each per file.
//   - Materials and decoded RGBA8 base colour images.
//   - Cameras on nodes of the shown scene, each on the joint nearest above
//     its node (gltf_cameras.h).
// Draco (KHR_draco_mesh_compression) is decoded by tinygltf, compiled in the
// project with libdraco, after gltf_draco.cpp has checked the data.
#pragma once

#include <cstddef>
#include <string>

#include "model/model.h"

namespace anim {

// The memory one load may use unless told otherwise: the file, its buffers
// and images, the parsed document, decoded textures and the imported model
// together. Far above any character a game ships (the Khronos samples need
// a few hundred MiB at most), far below what a hostile file could claim.
inline constexpr std::size_t kDefaultMaxLoadBytes = std::size_t{1} << 30;

struct ImportOptions {
  // A load that would need more fails with a message naming the limit.
  std::size_t max_load_bytes = kDefaultMaxLoadBytes;
  // A turn above a skinned mesh that its skeleton hangs outside of (glTF
  // draws the mesh without it; import/gltf_skin_turn.h) is put on the
  // skeleton's roots, so the character is drawn as the scene turns it.
  bool apply_scene_turn = false;
};

// External buffers and images must lie inside the file's folder (see
// import/gltf_uri.h); only regular files are read.
bool LoadGltfModel(const std::string& path, Model* model, std::string* error,
                   const ImportOptions& options = {});

// The same, from bytes in memory (used by tests and the fuzzer). `name` is
// used in messages; `base_dir` resolves external URIs ("" forbids them).
bool LoadGltfModelFromMemory(const std::string& name, const unsigned char* data, std::size_t size,
                             const std::string& base_dir, Model* model, std::string* error,
                             const ImportOptions& options = {});

}  // namespace anim
