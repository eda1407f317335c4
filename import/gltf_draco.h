// Internal to anim_import: KHR_draco_mesh_compression.
//
// tinygltf (compiled with TINYGLTF_ENABLE_DRACO, see
// tinygltf_implementation.cpp) decodes Draco data into the primitive's
// accessors while it parses, but it trusts the file: buffer view, buffer and
// accessor indices, the Draco attribute ids and their component counts are
// used unchecked (out-of-bounds reads, a null dereference, a stack overflow
// for attributes of more than four components). CheckDracoPrimitives runs
// before tinygltf on the raw JSON and compressed bytes and refuses every such
// primitive with a message naming it. It also returns what tinygltf drops:
// the faces of Draco primitives that have no indices accessor.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "import/gltf_context.h"
#include "import/gltf_glb.h"

namespace anim::gltf {

inline constexpr const char* kDracoExtension = "KHR_draco_mesh_compression";

// Reads an external buffer file named by its URI (relative to the glTF
// file); false with `error` set when it cannot.
using ExternalBufferReader = std::function<bool(
    const std::string& uri, std::vector<unsigned char>* out, std::string* error)>;

// Throws ImportError when tinygltf must not decode a Draco primitive of the
// file. JSON that does not parse is left to tinygltf to report.
DracoFaces CheckDracoPrimitives(const GltfBytes& bytes, const ExternalBufferReader& read_external);

}  // namespace anim::gltf
