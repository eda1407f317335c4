#include "render/png_writer.h"

#include <cstddef>
#include <cstring>
#include <vector>

// The implementation comes from Debian's libstb (which anim_import links for
// stb_image too), so the program carries one copy of stb, not two.
#include <stb_image_write.h>

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
  if (stbi_write_png(path.c_str(), width, height, 4, top_down.data(),
                     static_cast<int>(stride)) == 0) {
    *error = "cannot write '" + path + "' (does its folder exist and is it writable?)";
    return false;
  }
  return true;
}

}  // namespace render
