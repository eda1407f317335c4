// Off-screen target size checks and PNG output orientation.
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "render/headless_context.h"
#include "render/offscreen_target.h"
#include "render/png_writer.h"

namespace {

TEST(OffscreenTarget, RejectsBadSizes) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  render::OffscreenTarget target;
  EXPECT_FALSE(target.Create(0, 10, 4, &error));
  EXPECT_NE(error.find("0x10"), std::string::npos) << error;
  EXPECT_FALSE(target.Create(10, 1 << 20, 4, &error));
  EXPECT_TRUE(target.Create(17, 9, 4, &error)) << error;
  EXPECT_EQ(target.ReadPixels().size(), 17u * 9u * 4u);
  // 4x MSAA when the implementation offers it (llvmpipe does).
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  EXPECT_EQ(target.samples(), max_samples >= 4 ? 4 : (max_samples >= 2 ? max_samples : 0));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST(OffscreenTarget, ClearColourReadsBackInEveryPixel) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  render::OffscreenTarget target;
  ASSERT_TRUE(target.Create(8, 8, 4, &error)) << error;
  target.Bind();
  glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  auto pixels = target.ReadPixels();
  for (std::size_t i = 0; i < pixels.size(); i += 4) {
    ASSERT_EQ(pixels[i], 51);  // 0.2 * 255
    ASSERT_EQ(pixels[i + 1], 102);
    ASSERT_EQ(pixels[i + 2], 153);
    ASSERT_EQ(pixels[i + 3], 255);
  }
}

TEST(PngWriter, WritesRowsTopDown) {
  // Bottom-up input: first row black, second row white. The file's first
  // (top) row must be the white one.
  const std::vector<std::uint8_t> pixels = {0,   0,   0,   255, 0,   0,   0,   255,
                                            255, 255, 255, 255, 255, 255, 255, 255};
  const std::string path =
      (std::filesystem::temp_directory_path() / "render_png_writer_test.png").string();
  std::string error;
  ASSERT_TRUE(render::WritePngBottomUp(path, 2, 2, pixels, &error)) << error;
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(w, 2);
  EXPECT_EQ(h, 2);
  EXPECT_EQ(data[0], 255);  // top row white
  EXPECT_EQ(data[8], 0);    // bottom row black
  stbi_image_free(data);
  std::remove(path.c_str());
}

TEST(PngWriter, NamesUnwritablePath) {
  const std::vector<std::uint8_t> pixels(4, 0);
  std::string error;
  EXPECT_FALSE(render::WritePngBottomUp("/nonexistent-dir/x.png", 1, 1, pixels, &error));
  EXPECT_NE(error.find("/nonexistent-dir/x.png"), std::string::npos) << error;
}

}  // namespace
