// Tolerant image comparison for golden screenshots. Software rasterisers and
// driver updates move a few edge pixels by a few levels; a real regression
// moves many pixels by a lot. So the test passes when few pixels differ by
// more than a per-channel threshold, and writes a diff image when it fails.
// "Few" is counted against the character's silhouette, not the whole image:
// a mannequin covers about 3% of a 480x360 frame, so a budget over the whole
// image would let a third of the character change unnoticed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace regress {

struct Rgba8Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // RGBA, rows top to bottom
};

bool LoadPng(const std::string& path, Rgba8Image* image, std::string* error);
bool SavePng(const std::string& path, const Rgba8Image& image, std::string* error);

struct Tolerance {
  int channel_threshold = 24;  // a pixel "differs" when any channel moves more
  // At most this many differing pixels per pixel of the expected image's
  // silhouette (CountSilhouettePixels).
  double max_differing_fraction = 0.02;
  // Anti-aliasing aware: a differing pixel is forgiven when each image's
  // pixel is matched (within the threshold) by one of the other image's
  // pixels at most one pixel away, as where two rasterisers place an edge,
  // an anti-aliased ramp or a thin line one pixel apart. Content that moved
  // further, or changed colour, still differs.
  bool forgive_one_pixel_shifts = false;
};

// The pixels of the characters in a frame of the viewer: its background is
// one flat colour (the most common one) crossed by thin grid lines. A pixel
// is the character's when the per-channel median of its 5x5 neighbourhood
// differs from the background colour by more than `threshold` levels (the
// median erases lines one or two pixels wide), and survives a 3x3 opening
// (which erases the specks left where grid lines cross).
long CountSilhouettePixels(const Rgba8Image& image, int threshold = 24);

struct Comparison {
  bool same_size = false;
  long differing_pixels = 0;
  long forgiven_pixels = 0;         // over the threshold, forgiven as one-pixel shifts
  long silhouette_pixels = 0;       // of the expected image
  double differing_fraction = 0.0;  // differing / silhouette pixels
  int max_channel_difference = 0;
  bool passed = false;
  // Grey copy of the expected image with every differing pixel in red, the
  // stronger the larger its difference (a heat map), and forgiven ones in
  // pale yellow.
  Rgba8Image diff;
};

Comparison Compare(const Rgba8Image& expected, const Rgba8Image& actual,
                   const Tolerance& tolerance);

}  // namespace regress
