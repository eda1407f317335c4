#include "image_compare.h"

#include <algorithm>
#include <cstdlib>

#include <stb_image.h>
#include <stb_image_write.h>

namespace golden {

bool LoadPng(const std::string& path, Rgba8Image* image, std::string* error) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (data == nullptr) {
    *error = path + ": cannot read PNG (" + (stbi_failure_reason() ? stbi_failure_reason() : "?") + ")";
    return false;
  }
  image->width = w;
  image->height = h;
  image->pixels.assign(data, data + static_cast<std::size_t>(w) * h * 4);
  stbi_image_free(data);
  return true;
}

bool SavePng(const std::string& path, const Rgba8Image& image, std::string* error) {
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(),
                     image.width * 4) == 0) {
    *error = path + ": cannot write PNG";
    return false;
  }
  return true;
}

Comparison Compare(const Rgba8Image& expected, const Rgba8Image& actual, const Tolerance& tolerance) {
  Comparison result;
  result.same_size = expected.width == actual.width && expected.height == actual.height &&
                     expected.pixels.size() == actual.pixels.size();
  if (!result.same_size) return result;
  result.diff = expected;
  const std::size_t count = static_cast<std::size_t>(expected.width) * expected.height;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* e = &expected.pixels[4 * i];
    const std::uint8_t* a = &actual.pixels[4 * i];
    int worst = 0;
    for (int c = 0; c < 4; ++c) worst = std::max(worst, std::abs(int(e[c]) - int(a[c])));
    result.max_channel_difference = std::max(result.max_channel_difference, worst);
    std::uint8_t* d = &result.diff.pixels[4 * i];
    if (worst > tolerance.channel_threshold) {
      ++result.differing_pixels;
      d[0] = 255, d[1] = 0, d[2] = 0, d[3] = 255;
    } else {
      // Faded grey so the red marks stand out against the picture.
      const std::uint8_t grey = static_cast<std::uint8_t>(128 + (e[0] + e[1] + e[2]) / 6);
      d[0] = d[1] = d[2] = grey;
      d[3] = 255;
    }
  }
  result.differing_fraction = count ? double(result.differing_pixels) / double(count) : 0.0;
  result.passed = result.differing_fraction <= tolerance.max_differing_fraction;
  return result;
}

}  // namespace golden
