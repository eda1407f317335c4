// Internal to anim_import: the two parts of a glTF file that matter before
// tinygltf parses it, the JSON text and (for .glb) the BIN chunk, so that
// gltf_draco.cpp can check the Draco data tinygltf is about to decode.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace anim::gltf {

struct GltfBytes {
  std::string_view json;
  const unsigned char* bin = nullptr;  // null when the file has no BIN chunk
  std::size_t bin_size = 0;
  int ignored_chunks = 0;  // chunks of unknown types, which readers ignore
};

// Bytes starting with "glTF" are a binary container (GLB); its chunks are
// located with the bounds tinygltf applies. Anything else is JSON text.
// Throws ImportError when a GLB header lies about its sizes.
// Every chunk's declared length is checked against the file; the JSON
// chunk must come first, a BIN chunk (at most one) directly after it.
GltfBytes SplitGltfBytes(const unsigned char* data, std::size_t size);

// The GLB file of just the header, the JSON chunk and the BIN chunk (if
// any): what tinygltf reads when the file has chunks of other types, which
// it would refuse though the specification says to ignore them.
std::vector<unsigned char> CanonicalGlb(const GltfBytes& parts);

}  // namespace anim::gltf
