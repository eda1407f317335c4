#include "render/png_writer.h"

#include <cstddef>
#include <cstring>
#include <vector>

// The implementation comes from Debian's libstb (which anim_import links for
// stb_image too), so the program carries one copy of stb, not two.
#include <stb_image_write.h>

#include "render/file_output.h"

namespace render {

bool WritePngBottomUp(const std::string& path, int width, int height,
                      std::span<const std::uint8_t> pixels, std::string* error) {
  const std::size_t stride = static_cast<std::size_t>(width) * 4;
  if (width < 1 || height < 1 || pixels.size() != stride * static_cast<std::size_t>(height)) {
    *error = "cannot write '" + path + "': pixel data does not match " + std::to_string(width) +
             "x" + std::to_string(height);
    return false;
  }
  std::vector<std::uint8_t> top_down(pixels.size());
  for (int y = 0; y < height; ++y) {
    std::memcpy(top_down.data() + stride * static_cast<std::size_t>(y),
                pixels.data() + stride * static_cast<std::size_t>(height - 1 - y), stride);
  }
  // Encoded in memory and written with every step checked: stbi_write_png
  // ignores fwrite's and fclose's results, so a full disk went unnoticed.
  std::vector<std::uint8_t> png;
  const int encoded = stbi_write_png_to_func(
      [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        out->insert(out->end(), bytes, bytes + size);
      },
      &png, width, height, 4, top_down.data(), static_cast<int>(stride));
  if (encoded == 0 || png.empty()) {
    *error = "cannot write '" + path + "': PNG encoding failed";
    return false;
  }
  return WriteFileBytes(path, png, error);
}

}  // namespace render
