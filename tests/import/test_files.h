// Test helper: writing the files a test builds (models, buffers, canaries)
// and encoding PNGs with stb_image_write (libstb), independently of the
// importer's decoder.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <stb_image_write.h>

namespace gltf_test {

inline void WriteBytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

inline void WriteText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// RGBA8 pixels, rows top to bottom, as a PNG file's bytes.
inline std::vector<std::uint8_t> EncodePng(int width, int height,
                                           const std::vector<std::uint8_t>& rgba) {
  std::vector<std::uint8_t> png;
  stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        out->insert(out->end(), bytes, bytes + size);
      },
      &png, width, height, 4, rgba.data(), width * 4);
  return png;
}

}  // namespace gltf_test
