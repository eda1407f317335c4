#include "image_compare.h"

#include <gtest/gtest.h>

namespace {

// A viewer-like frame: a flat background crossed every 10 pixels by
// one-pixel grid lines, and an orange block `w` x `h` at (left, top) as the
// character.
golden::Rgba8Image Frame(int block_w = 24, int block_h = 40, int left = 20, int top = 10) {
  const int w = 80, h = 60;
  golden::Rgba8Image img{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4)};
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = &img.pixels[4 * (static_cast<std::size_t>(y) * w + x)];
      const bool block = x >= left && x < left + block_w && y >= top && y < top + block_h;
      const bool line = x % 10 == 5 || y % 10 == 5;
      const std::uint8_t r = block ? 230 : line ? 150 : 43;
      const std::uint8_t g = block ? 120 : line ? 150 : 46;
      const std::uint8_t b = block ? 40 : line ? 150 : 54;
      p[0] = r, p[1] = g, p[2] = b, p[3] = 255;
    }
  }
  return img;
}

// Recolours `count` pixels of the block's first rows by 100 levels.
golden::Rgba8Image WithChangedPixels(golden::Rgba8Image img, int count, int left = 20,
                                     int top = 10) {
  for (int i = 0; i < count; ++i) {
    const int x = left + i % 20, y = top + i / 20;
    img.pixels[4 * (static_cast<std::size_t>(y) * img.width + x) + 1] += 100;
  }
  return img;
}

TEST(ImageCompare, SilhouetteCountsTheCharacterNotTheGridLines) {
  // The 24 x 40 block is 960 pixels. The median trims three pixels off each
  // corner, and where a grid line meets the block the line's last pixels
  // join it: a stub of at most 8 pixels at each of the 12 meetings (2 lines
  // across its top and bottom, 4 across its sides). The 48 x 40 block has 18.
  const long small = golden::CountSilhouettePixels(Frame());
  EXPECT_GE(small, 960 - 4 * 3);
  EXPECT_LE(small, 960 + 12 * 8);
  const long big = golden::CountSilhouettePixels(Frame(48, 40));
  EXPECT_GE(big, 1920 - 4 * 3);
  EXPECT_LE(big, 1920 + 18 * 8);
  EXPECT_EQ(golden::CountSilhouettePixels(Frame(0, 0)), 0) << "grid lines alone are background";
}

TEST(ImageCompare, IdenticalImagesPass) {
  const auto a = Frame();
  const auto r = golden::Compare(a, a, {});
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.differing_pixels, 0);
}

TEST(ImageCompare, SmallNoiseBelowTheThresholdPasses) {
  const auto a = Frame();
  auto b = a;
  for (std::size_t i = 0; i < b.pixels.size(); i += 4) b.pixels[i] += 10;  // 10 < 24 levels
  EXPECT_TRUE(golden::Compare(a, b, {}).passed);
}

TEST(ImageCompare, TheBudgetIsAFractionOfTheSilhouette) {
  // 2% of about 960 pixels is about 19: 15 changed pixels pass, 30 fail;
  // on a character twice as big the same 30 pass.
  const auto small = Frame();
  EXPECT_TRUE(golden::Compare(small, WithChangedPixels(small, 15), {}).passed);
  const auto failed = golden::Compare(small, WithChangedPixels(small, 30), {});
  EXPECT_FALSE(failed.passed);
  EXPECT_EQ(failed.differing_pixels, 30);
  EXPECT_NEAR(failed.differing_fraction, 30.0 / failed.silhouette_pixels, 1e-12);
  const auto big = Frame(48, 40);
  EXPECT_TRUE(golden::Compare(big, WithChangedPixels(big, 30), {}).passed);
}

TEST(ImageCompare, AMovedCharacterFailsAndMarksTheDifferencesInRed) {
  const auto a = Frame();
  const auto b = Frame(24, 40, 24, 10);  // 4 pixels to the right
  const auto r = golden::Compare(a, b, {});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.max_channel_difference, 230 - 43);
  // Pixel (20, 30) was the block's in a and background in b.
  const std::uint8_t* d = &r.diff.pixels[4 * (30 * 80 + 20)];
  EXPECT_EQ(d[0], 255);
  EXPECT_EQ(d[1], 0);
}

TEST(ImageCompare, WithoutASilhouetteAnyDifferenceFails) {
  const auto empty = Frame(0, 0);
  auto changed = empty;
  changed.pixels[4 * 3 + 1] += 100;
  EXPECT_FALSE(golden::Compare(empty, changed, {}).passed);
}

TEST(ImageCompare, DifferentSizesFail) {
  golden::Rgba8Image a{8, 8, std::vector<std::uint8_t>(8 * 8 * 4)};
  golden::Rgba8Image b{8, 9, std::vector<std::uint8_t>(8 * 9 * 4)};
  const auto r = golden::Compare(a, b, {});
  EXPECT_FALSE(r.same_size);
  EXPECT_FALSE(r.passed);
}

}  // namespace
