// Internal to anim_import: the two parts of a glTF file that matter before
// tinygltf parses it, the JSON text and (for .glb) the BIN chunk, so that
// gltf_draco.cpp can check the Draco data tinygltf is about to decode.
#pragma once

#include <cstddef>
#include <string_view>

namespace anim::gltf {

struct GltfBytes {
  std::string_view json;
  const unsigned char* bin = nullptr;  // null when the file has no BIN chunk
  std::size_t bin_size = 0;
};

// Bytes starting with "glTF" are a binary container (GLB); its chunks are
// located with the bounds tinygltf applies. Anything else is JSON text.
// Throws ImportError when a GLB header lies about its sizes.
GltfBytes SplitGltfBytes(const unsigned char* data, std::size_t size);

}  // namespace anim::gltf
