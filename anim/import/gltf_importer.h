// Loads a .gltf (external or embedded buffers) or .glb file into a Model.
// Never throws and never crashes on malformed input: on failure it returns
// false and `error` is "<file>: <what is wrong>".
//
// What a Model holds (details in anim/import/gltf_*.h):
//   - Skeleton: the first skin's joints, reordered parents-first; non-joint
//     nodes between joints (e.g. an "Armature" scale) become pose offsets.
//     Files without a skin get one joint per node of the shown scene, and
//     their meshes are bound rigidly to their nodes.
//   - Primitives: triangles (strips and fans triangulated; points and lines
//     skipped with a warning), at most four renormalised influences per
//     vertex. Unskinned meshes below a joint follow that joint rigidly.
//   - Clips: one per glTF animation, named after it or "clip N" (N = its
//     index in the file). Channels on non-joint nodes and morph weights are
//     ignored with one warning each per file.
//   - Materials and decoded RGBA8 base colour images.
// Draco (KHR_draco_mesh_compression) is decoded by tinygltf, compiled in the
// project with libdraco, after gltf_draco.cpp has checked the data.
#pragma once

#include <string>

#include "anim/import/model.h"

namespace anim {

bool LoadGltfModel(const std::string& path, Model* model, std::string* error);

// The same, from bytes in memory (used by tests and the fuzzer). `name` is
// used in messages; `base_dir` resolves external URIs ("" forbids them).
bool LoadGltfModelFromMemory(const std::string& name, const unsigned char* data,
                             std::size_t size, const std::string& base_dir,
                             Model* model, std::string* error);

}  // namespace anim
