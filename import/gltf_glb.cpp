#include "import/gltf_glb.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include "import/gltf_context.h"

namespace anim::gltf {

namespace {

constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON", little-endian
constexpr std::uint32_t kBinChunk = 0x004E4942;   // "BIN\0"
constexpr std::uint64_t kHeaderBytes = 12;        // magic, version, total length
constexpr std::uint64_t kChunkHeaderBytes = 8;    // length, type

std::uint32_t LittleEndian32(const unsigned char* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

// A chunk type for a message: "JSON", "BIN", its four characters where
// they are printable, else its number.
std::string ChunkTypeName(std::uint32_t type) {
  if (type == kJsonChunk) return "JSON";
  if (type == kBinChunk) return "BIN";
  std::string name = "\"";
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<unsigned char>((type >> (8 * i)) & 0xFF);
    if (c < 0x21 || c > 0x7E) {
      char number[16];
      std::snprintf(number, sizeof number, "0x%08X", static_cast<unsigned>(type));
      return number;
    }
    name += static_cast<char>(c);
  }
  return name + "\"";
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
  // Header: magic, version, total length; then chunks of (length, type,
  // data): JSON first, BIN (at most one) directly after it, and chunks of
  // other types, which a reader ignores (glTF 2.0, "GLB File Format
  // Specification"). Every chunk's declared length is checked against the
  // file before anything reads it.
  if (size < kHeaderBytes + kChunkHeaderBytes) {
    throw ImportError("GLB file shorter than its 20-byte header");
  }
  const std::uint64_t length = LittleEndian32(data + 8);
  if (length > size) {
    throw ImportError("GLB header: the file declares " + std::to_string(length) +
                      " bytes but has " + std::to_string(size));
  }
  if (length < kHeaderBytes + kChunkHeaderBytes) {
    throw ImportError("GLB header: the declared length " + std::to_string(length) +
                      " leaves no room for the JSON chunk");
  }
  int index = 0;
  bool seen_bin = false;
  for (std::uint64_t at = kHeaderBytes; at < length; ++index) {
    const std::string chunk = "GLB chunk " + std::to_string(index);
    if (length - at < kChunkHeaderBytes) {
      throw ImportError(chunk + " at byte " + std::to_string(at) +
                        ": its 8-byte header runs past the end of the file (" +
                        std::to_string(length) + " bytes)");
    }
    const std::uint64_t chunk_length = LittleEndian32(data + at);
    const std::uint32_t type = LittleEndian32(data + at + 4);
    const std::uint64_t room = length - at - kChunkHeaderBytes;
    if (chunk_length > room) {
      throw ImportError(chunk + " (" + ChunkTypeName(type) + ") at byte " + std::to_string(at) +
                        " declares " + std::to_string(chunk_length) + " bytes but only " +
                        std::to_string(room) +
                        " are left in the file: the chunk does not fit the file");
    }
    const unsigned char* chunk_data = data + at + kChunkHeaderBytes;
    if (index == 0 && type != kJsonChunk) {
      throw ImportError("GLB header: the first chunk is " + ChunkTypeName(type) +
                        ", not JSON (the JSON chunk must come first)");
    }
    if (index == 0) {
      out.json = std::string_view(reinterpret_cast<const char*>(chunk_data), chunk_length);
    } else if (type == kJsonChunk) {
      throw ImportError(chunk + " is a second JSON chunk; a GLB file holds one");
    } else if (type == kBinChunk) {
      if (seen_bin)
        throw ImportError(chunk + " is a second BIN chunk; a GLB file holds at most one");
      if (index != 1) {
        throw ImportError(chunk + " is the BIN chunk, which must directly follow the JSON chunk");
      }
      seen_bin = true;
      out.bin = chunk_data;
      out.bin_size = chunk_length;
    }
    // Chunks of other types are ignored, as the specification says.
    if (index > 0 && type != kBinChunk) ++out.ignored_chunks;
    at += kChunkHeaderBytes + chunk_length;
  }
  return out;
}

std::vector<unsigned char> CanonicalGlb(const GltfBytes& parts) {
  const auto put32 = [](std::vector<unsigned char>& out, std::uint64_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<unsigned char>((v >> (8 * i)) & 0xFF));
  };
  const std::uint64_t bin_chunk = parts.bin != nullptr ? kChunkHeaderBytes + parts.bin_size : 0;
  const std::uint64_t length = kHeaderBytes + kChunkHeaderBytes + parts.json.size() + bin_chunk;
  std::vector<unsigned char> out;
  out.reserve(length);
  out.insert(out.end(), {'g', 'l', 'T', 'F'});
  put32(out, 2);
  put32(out, length);
  put32(out, parts.json.size());
  put32(out, kJsonChunk);
  out.insert(out.end(), parts.json.begin(), parts.json.end());
  if (parts.bin != nullptr) {
    put32(out, parts.bin_size);
    put32(out, kBinChunk);
    out.insert(out.end(), parts.bin, parts.bin + parts.bin_size);
  }
  return out;
}

}  // namespace anim::gltf
