#include "import/gltf_glb.h"

#include <cstdint>

#include "import/gltf_context.h"

namespace anim::gltf {

namespace {

constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON", little-endian
constexpr std::uint32_t kBinChunk = 0x004E4942;   // "BIN\0"

std::uint32_t LittleEndian32(const unsigned char* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

}  // namespace

GltfBytes SplitGltfBytes(const unsigned char* data, std::size_t size) {
  GltfBytes out;
  const bool binary =
      size >= 4 && data[0] == 'g' && data[1] == 'l' && data[2] == 'T' && data[3] == 'F';
  if (!binary) {
    out.json = std::string_view(reinterpret_cast<const char*>(data), size);
    return out;
  }
  // Header: magic, version, total length; then chunks of (length, type, data).
  if (size < 20) throw ImportError("GLB file shorter than its 20-byte header");
  const std::uint64_t length = LittleEndian32(data + 8);
  const std::uint64_t json_length = LittleEndian32(data + 12);
  const std::uint64_t json_end = 20 + json_length;
  if (length > size || json_end > length || LittleEndian32(data + 16) != kJsonChunk) {
    throw ImportError("GLB header: the JSON chunk does not fit the file");
  }
  out.json = std::string_view(reinterpret_cast<const char*>(data + 20), json_length);
  if (json_end + 8 <= length && LittleEndian32(data + json_end + 4) == kBinChunk) {
    const std::uint64_t bin_length = LittleEndian32(data + json_end);
    if (bin_length > length - json_end - 8) {
      throw ImportError("GLB header: the BIN chunk does not fit the file");
    }
    out.bin = data + json_end + 8;
    out.bin_size = bin_length;
  }
  return out;
}

}  // namespace anim::gltf
