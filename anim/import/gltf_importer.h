// Loads a .gltf (external or embedded buffers) or .glb file into a Model.
// Never throws and never crashes on malformed input: on failure it returns
// false and `error` names the file and what is wrong with it.
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
