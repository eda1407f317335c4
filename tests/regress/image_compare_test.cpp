#include "regress/image_compare.h"

#include <gtest/gtest.h>

namespace {

// A viewer-like frame: a flat background crossed every 10 pixels by
// one-pixel grid lines, and an orange block `w` x `h` at (left, top) as the
// character.
regress::Rgba8Image Frame(int block_w = 24, int block_h = 40, int left = 20, int top = 10) {
  const int w = 80, h = 60;
  regress::Rgba8Image img{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4)};
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
regress::Rgba8Image WithChangedPixels(regress::Rgba8Image img, int count, int left = 20,
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
  const long small = regress::CountSilhouettePixels(Frame());
  EXPECT_GE(small, 960 - 4 * 3);
  EXPECT_LE(small, 960 + 12 * 8);
  const long big = regress::CountSilhouettePixels(Frame(48, 40));
  EXPECT_GE(big, 1920 - 4 * 3);
  EXPECT_LE(big, 1920 + 18 * 8);
  EXPECT_EQ(regress::CountSilhouettePixels(Frame(0, 0)), 0) << "grid lines alone are background";
}

TEST(ImageCompare, IdenticalImagesPass) {
  const auto a = Frame();
  const auto r = regress::Compare(a, a, {});
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.differing_pixels, 0);
}

TEST(ImageCompare, SmallNoiseBelowTheThresholdPasses) {
  const auto a = Frame();
  auto b = a;
  for (std::size_t i = 0; i < b.pixels.size(); i += 4) b.pixels[i] += 10;  // 10 < 24 levels
  EXPECT_TRUE(regress::Compare(a, b, {}).passed);
}

TEST(ImageCompare, TheBudgetIsAFractionOfTheSilhouette) {
  // 2% of about 960 pixels is about 19: 15 changed pixels pass, 30 fail;
  // on a character twice as big the same 30 pass.
  const auto small = Frame();
  EXPECT_TRUE(regress::Compare(small, WithChangedPixels(small, 15), {}).passed);
  const auto failed = regress::Compare(small, WithChangedPixels(small, 30), {});
  EXPECT_FALSE(failed.passed);
  EXPECT_EQ(failed.differing_pixels, 30);
  EXPECT_NEAR(failed.differing_fraction, 30.0 / failed.silhouette_pixels, 1e-12);
  const auto big = Frame(48, 40);
  EXPECT_TRUE(regress::Compare(big, WithChangedPixels(big, 30), {}).passed);
}

TEST(ImageCompare, AMovedCharacterFailsAndMarksTheDifferencesInRed) {
  const auto a = Frame();
  const auto b = Frame(24, 40, 24, 10);  // 4 pixels to the right
  const auto r = regress::Compare(a, b, {});
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.max_channel_difference, 230 - 43);
  // Pixel (20, 30) was the block's in a and background in b: red, as
  // strong as its difference (187 of 255 levels) makes it.
  const std::uint8_t* d = &r.diff.pixels[4 * (30 * 80 + 20)];
  EXPECT_EQ(d[0], 128 + 127 * (230 - 43) / 255);
  EXPECT_EQ(d[1], 0);
  EXPECT_EQ(d[2], 0);
}

// Anti-aliasing aware: the character one pixel to the left (where two
// rasterisers put its edges) is forgiven, pixel by pixel; two pixels to the
// left, or a changed colour, is not.
TEST(ImageCompare, OnePixelShiftsAreForgivenWhenAskedAndNothingMore) {
  const auto a = Frame();
  regress::Tolerance shifts;
  shifts.forgive_one_pixel_shifts = true;
  const auto one = regress::Compare(a, Frame(24, 40, 19, 10), shifts);
  EXPECT_TRUE(one.passed);
  EXPECT_EQ(one.differing_pixels, 0);
  EXPECT_EQ(one.forgiven_pixels, 2 * 40);  // the block's left and right columns
  EXPECT_FALSE(regress::Compare(a, Frame(24, 40, 19, 10), {}).passed);  // not asked
  const auto two = regress::Compare(a, Frame(24, 40, 18, 10), shifts);
  EXPECT_FALSE(two.passed);
  // The four columns the edges crossed (160 pixels), but for the few where
  // a grid line beside the block happens to match.
  EXPECT_GE(two.differing_pixels, 4 * 40 - 8);
  const auto recoloured = regress::Compare(a, WithChangedPixels(a, 30), shifts);
  EXPECT_FALSE(recoloured.passed);
  EXPECT_EQ(recoloured.differing_pixels, 30);
}

// A one-pixel line along each border of the frame, moved one pixel along that
// border, is forgiven like any one-pixel shift: each end's match lies on the
// border row or column itself, beside pixels outside the image (never read).
TEST(ImageCompare, OnePixelShiftsAlongTheImageBordersAreForgiven) {
  regress::Tolerance shifts;
  shifts.forgive_one_pixel_shifts = true;
  struct Line {
    int w, h, left, top, moved_left, moved_top;
  };
  for (const Line l : {Line{24, 1, 20, 0, 19, 0}, Line{24, 1, 20, 59, 19, 59},
                       Line{1, 24, 0, 20, 0, 19}, Line{1, 24, 79, 20, 79, 19}}) {
    SCOPED_TRACE(testing::Message() << "line at " << l.left << "," << l.top);
    const auto r = regress::Compare(Frame(l.w, l.h, l.left, l.top),
                                    Frame(l.w, l.h, l.moved_left, l.moved_top), shifts);
    EXPECT_EQ(r.differing_pixels, 0);
    EXPECT_EQ(r.forgiven_pixels, 2);  // the line's two ends
  }
}

TEST(ImageCompare, WithoutASilhouetteAnyDifferenceFails) {
  const auto empty = Frame(0, 0);
  auto changed = empty;
  changed.pixels[4 * 3 + 1] += 100;
  EXPECT_FALSE(regress::Compare(empty, changed, {}).passed);
}

TEST(ImageCompare, DifferentSizesFail) {
  regress::Rgba8Image a{8, 8, std::vector<std::uint8_t>(8 * 8 * 4)};
  regress::Rgba8Image b{8, 9, std::vector<std::uint8_t>(8 * 9 * 4)};
  const auto r = regress::Compare(a, b, {});
  EXPECT_FALSE(r.same_size);
  EXPECT_FALSE(r.passed);
}

}  // namespace
