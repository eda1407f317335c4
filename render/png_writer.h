// Writes RGBA8 pixels to a PNG file with stb_image_write.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace render {

// `pixels` has rows bottom to top (as glReadPixels returns them); the file
// gets them top to bottom, as image viewers expect. Returns false and names
// the file in `error` when it cannot be written.
bool WritePngBottomUp(const std::string& path, int width, int height,
                      std::span<const std::uint8_t> pixels, std::string* error);

}  // namespace render
