#include "image_compare.h"

#include <gtest/gtest.h>

namespace {

golden::Rgba8Image Checker(int w, int h) {
  golden::Rgba8Image img{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4)};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t v = ((x / 4 + y / 4) % 2) ? 200 : 40;
      std::uint8_t* p = &img.pixels[4 * (static_cast<std::size_t>(y) * w + x)];
      p[0] = p[1] = p[2] = v;
      p[3] = 255;
    }
  return img;
}

TEST(ImageCompare, IdenticalImagesPass) {
  const auto a = Checker(40, 30);
  const auto r = golden::Compare(a, a, {});
  EXPECT_TRUE(r.passed);
  EXPECT_EQ(r.differing_pixels, 0);
}

TEST(ImageCompare, SmallNoiseBelowTheThresholdPasses) {
  const auto a = Checker(40, 30);
  auto b = a;
  for (std::size_t i = 0; i < b.pixels.size(); i += 4) b.pixels[i] += 10;  // 10 < 24 levels
  EXPECT_TRUE(golden::Compare(a, b, {}).passed);
}

TEST(ImageCompare, AShiftedPictureFailsAndMarksTheDifferencesInRed) {
  const auto a = Checker(40, 30);
  auto b = Checker(40, 30);
  // Shift every row by 4 pixels: every checker edge moves.
  for (int y = 0; y < 30; ++y)
    for (int x = 39; x >= 4; --x)
      for (int c = 0; c < 4; ++c) b.pixels[4 * (y * 40 + x) + c] = a.pixels[4 * (y * 40 + x - 4) + c];
  const auto r = golden::Compare(a, b, {});
  EXPECT_FALSE(r.passed);
  EXPECT_GT(r.differing_fraction, 0.4);
  EXPECT_EQ(r.max_channel_difference, 160);
  // Pixel (4, 0) was 200 in a (x/4 = 1) and 40 in b (copied from x = 0).
  const std::uint8_t* d = &r.diff.pixels[4 * 4];
  EXPECT_EQ(d[0], 255);
  EXPECT_EQ(d[1], 0);
}

TEST(ImageCompare, DifferentSizesFail) {
  const auto r = golden::Compare(Checker(8, 8), Checker(8, 9), {});
  EXPECT_FALSE(r.same_size);
  EXPECT_FALSE(r.passed);
}

}  // namespace
