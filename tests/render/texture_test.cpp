// Base colour textures: glTF's texture coordinate (0, 0) is the top-left of
// the image, and nearest filtering keeps texel colours exact.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "render/gl_loader.h"
#include "render/gpu_model.h"
#include "render/headless_context.h"
#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

using render_test::PixelAt;

TEST(Texture, TopRowOfImageAppearsAtTopOfQuad) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  render::SceneRenderer renderer;
  ASSERT_TRUE(renderer.Init(&error)) << error;

  // A quad filling the view, one joint, identity palette.
  anim::Model model = render_test::ModelWith(
      1, render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f));
  anim::Image image;  // 2 x 2: top row red, blue; bottom row green, white
  image.width = 2;
  image.height = 2;
  image.rgba = {255, 0, 0, 255, 0, 0, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255};
  model.images.push_back(image);
  model.materials[0].base_color.image = 0;
  model.materials[0].base_color.sampler.mag_filter = 0x2600;  // GL_NEAREST
  model.materials[0].base_color.sampler.min_filter = 0x2600;
  ASSERT_TRUE(renderer.SetModel(model, &error)) << error;

  const int size = 32;
  auto pixels = render_test::RenderPalette(renderer, {glm::mat4(1.0f)}, size);
  ASSERT_FALSE(pixels.empty());
  auto top_left = PixelAt(pixels, size, -0.5f, 0.5f);
  auto top_right = PixelAt(pixels, size, 0.5f, 0.5f);
  auto bottom_left = PixelAt(pixels, size, -0.5f, -0.5f);
  auto bottom_right = PixelAt(pixels, size, 0.5f, -0.5f);
  EXPECT_TRUE(top_left.r > 60 && top_left.g < 8 && top_left.b < 8);
  EXPECT_TRUE(top_right.b > 60 && top_right.r < 8 && top_right.g < 8);
  EXPECT_TRUE(bottom_left.g > 60 && bottom_left.r < 8 && bottom_left.b < 8);
  EXPECT_TRUE(bottom_right.r > 60 && bottom_right.g > 60 && bottom_right.b > 60);
}

// Materials sharing an image upload it once (per sampler setting); an
// inconsistent image refuses the model with a message naming the image.
TEST(Texture, SharedImagesAreUploadedOncePerSampler) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  anim::Model model = render_test::ModelWith(
      1, render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f));
  anim::Image image;
  image.width = 1;
  image.height = 1;
  image.rgba = {10, 20, 30, 255};
  model.images.push_back(image);
  model.materials.assign(4, model.materials[0]);
  for (anim::Material& m : model.materials) m.base_color.image = 0;
  model.materials[3].base_color.sampler.mag_filter = 0x2600;  // GL_NEAREST: another texture
  render::GpuModel gpu;
  ASSERT_TRUE(gpu.Upload(model, &error)) << error;
  EXPECT_EQ(gpu.TextureCount(), 2);

  model.images[0].rgba.pop_back();  // 3 bytes for a 1x1 RGBA image
  EXPECT_FALSE(gpu.Upload(model, &error));
  EXPECT_NE(error.find("image 0: the image's pixel data does not match its size"),
            std::string::npos)
      << error;
}

// What GL refuses (here a texture wider than GL_MAX_TEXTURE_SIZE; running
// out of memory takes the same path) refuses the model, naming the image.
TEST(Texture, ATextureGlRefusesRefusesTheModel) {
  std::string error;
  auto context = render::HeadlessContext::Create(&error);
  ASSERT_NE(context, nullptr) << error;
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  ASSERT_GT(max_size, 0);
  anim::Model model = render_test::ModelWith(
      1, render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f));
  anim::Image wide;
  wide.width = max_size + 1;
  wide.height = 1;
  wide.rgba.assign(static_cast<std::size_t>(wide.width) * 4, 200);
  model.images.push_back(wide);
  model.materials[0].base_color.image = 0;
  render::GpuModel gpu;
  EXPECT_FALSE(gpu.Upload(model, &error));
  EXPECT_NE(error.find("image 0: OpenGL refused the " + std::to_string(max_size + 1) +
                       "x1 texture (error 0x0501)"),
            std::string::npos)
      << error;
}

}  // namespace
