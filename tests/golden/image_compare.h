// Tolerant image comparison for golden screenshots. Software rasterisers and
// driver updates move a few edge pixels by a few levels; a real regression
// moves many pixels by a lot. So the test passes when few pixels differ by
// more than a per-channel threshold, and writes a diff image when it fails.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace golden {

struct Rgba8Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // RGBA, rows top to bottom
};

bool LoadPng(const std::string& path, Rgba8Image* image, std::string* error);
bool SavePng(const std::string& path, const Rgba8Image& image, std::string* error);

struct Tolerance {
  int channel_threshold = 24;          // a pixel "differs" when any channel moves more
  double max_differing_fraction = 0.005;  // at most 0.5% of the pixels may differ
};

struct Comparison {
  bool same_size = false;
  long differing_pixels = 0;
  double differing_fraction = 0.0;
  int max_channel_difference = 0;
  bool passed = false;
  // Grey copy of the expected image with every differing pixel in red.
  Rgba8Image diff;
};

Comparison Compare(const Rgba8Image& expected, const Rgba8Image& actual, const Tolerance& tolerance);

}  // namespace golden
