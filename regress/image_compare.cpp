#include "regress/image_compare.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>

#include <stb_image.h>
#include <stb_image_write.h>

namespace regress {

bool LoadPng(const std::string& path, Rgba8Image* image, std::string* error) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (data == nullptr) {
    *error =
        path + ": cannot read PNG (" + (stbi_failure_reason() ? stbi_failure_reason() : "?") + ")";
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

namespace {

std::uint32_t Rgb(const std::uint8_t* p) { return p[0] | (p[1] << 8) | (p[2] << 16); }

// 3x3 erosion (all neighbours set) or dilation (any neighbour set) of a mask;
// pixels outside the image count as unset.
std::vector<std::uint8_t> Morph(const std::vector<std::uint8_t>& in, int w, int h, bool erode) {
  std::vector<std::uint8_t> out(in.size(), 0);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int set = 0, seen = 0;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx, ny = y + dy;
          ++seen;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h)
            set += in[static_cast<std::size_t>(ny) * w + nx];
        }
      }
      out[static_cast<std::size_t>(y) * w + x] = erode ? set == seen : set > 0;
    }
  }
  return out;
}

}  // namespace

long CountSilhouettePixels(const Rgba8Image& image, int threshold) {
  const int w = image.width, h = image.height;
  if (w <= 0 || h <= 0) return 0;
  std::map<std::uint32_t, long> histogram;
  for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4) ++histogram[Rgb(&image.pixels[i])];
  const std::uint32_t background =
      std::max_element(histogram.begin(), histogram.end(), [](const auto& a, const auto& b) {
        return a.second < b.second;
      })->first;
  const int bg[3] = {int(background & 255), int((background >> 8) & 255), int(background >> 16)};
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(w) * h, 0);
  std::vector<std::uint8_t> window;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      int far = 0;
      for (int c = 0; c < 3; ++c) {
        window.clear();
        for (int ny = std::max(0, y - 2); ny <= std::min(h - 1, y + 2); ++ny) {
          for (int nx = std::max(0, x - 2); nx <= std::min(w - 1, x + 2); ++nx) {
            window.push_back(image.pixels[4 * (static_cast<std::size_t>(ny) * w + nx) + c]);
          }
        }
        std::nth_element(window.begin(), window.begin() + window.size() / 2, window.end());
        far = std::max(far, std::abs(int(window[window.size() / 2]) - bg[c]));
      }
      mask[static_cast<std::size_t>(y) * w + x] = far > threshold;
    }
  }
  mask = Morph(Morph(mask, w, h, true), w, h, false);
  return static_cast<long>(std::count(mask.begin(), mask.end(), 1));
}

namespace {

// Whether some pixel of `image` at most one pixel from (x, y) is within
// `threshold` of `colour` in every channel.
bool MatchesNear(const Rgba8Image& image, int x, int y, const std::uint8_t* colour, int threshold) {
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int nx = x + dx, ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= image.width || ny >= image.height) continue;
      const std::uint8_t* p = &image.pixels[4 * (static_cast<std::size_t>(ny) * image.width + nx)];
      int worst = 0;
      for (int c = 0; c < 4; ++c) worst = std::max(worst, std::abs(int(p[c]) - int(colour[c])));
      if (worst <= threshold) return true;
    }
  }
  return false;
}

}  // namespace

Comparison Compare(const Rgba8Image& expected, const Rgba8Image& actual,
                   const Tolerance& tolerance) {
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
    const int x = static_cast<int>(i % static_cast<std::size_t>(expected.width));
    const int y = static_cast<int>(i / static_cast<std::size_t>(expected.width));
    if (worst > tolerance.channel_threshold && tolerance.forgive_one_pixel_shifts &&
        MatchesNear(actual, x, y, e, tolerance.channel_threshold) &&
        MatchesNear(expected, x, y, a, tolerance.channel_threshold)) {
      ++result.forgiven_pixels;
      d[0] = 255, d[1] = 240, d[2] = 160, d[3] = 255;
    } else if (worst > tolerance.channel_threshold) {
      ++result.differing_pixels;
      // From dark red just over the threshold to full red at 255 levels.
      d[0] = static_cast<std::uint8_t>(128 + 127 * worst / 255), d[1] = 0, d[2] = 0, d[3] = 255;
    } else {
      // Faded grey so the red marks stand out against the picture.
      const std::uint8_t grey = static_cast<std::uint8_t>(128 + (e[0] + e[1] + e[2]) / 6);
      d[0] = d[1] = d[2] = grey;
      d[3] = 255;
    }
  }
  // Every differing pixel counts when there is no silhouette to measure by.
  result.silhouette_pixels = CountSilhouettePixels(expected);
  result.differing_fraction =
      result.silhouette_pixels > 0
          ? double(result.differing_pixels) / double(result.silhouette_pixels)
          : (result.differing_pixels > 0 ? 1.0 : 0.0);
  result.passed = result.differing_fraction <= tolerance.max_differing_fraction;
  return result;
}

}  // namespace regress
