// Tiny hand-made models for the render tests: quads bound to joints of a
// flat skeleton, so expected pixels follow from the palette by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include "model/model.h"
#include "render/headless_context.h"
#include "render/scene_renderer.h"

namespace render_test {

// A skeleton of `joints` root joints at the origin (identity bind pose).
anim::Skeleton FlatSkeleton(int joints);

// A double-sided quad in the plane z = 0 spanning [x0, x1] x [y0, y1],
// every vertex weighted over `joints` with `weights`, normal +Z, texture
// coordinates (0, 0) at the top-left corner as glTF defines them.
anim::MeshPrimitive Quad(float x0, float y0, float x1, float y1, glm::u16vec4 joints,
                         glm::vec4 weights);

// A model holding `primitive` with one double-sided material.
anim::Model ModelWith(int joints, anim::MeshPrimitive primitive, glm::vec4 base_color);

// Draws with an identity view and projection (model space = clip space) into
// an off-screen target of size x size pixels; returns RGBA rows bottom-up.
// Flat shading unless told: most render tests are about where pixels land.
// The identity view looks along +Z (the eye is at -Z infinity: EyeOf), a
// mirror image of a camera's right-handed view; `projection` can undo that.
std::vector<std::uint8_t> RenderPalette(render::SceneRenderer& renderer,
                                        const std::vector<glm::mat4>& palette, int size,
                                        render::Shading shading = render::Shading::kFlat,
                                        const glm::mat4& projection = glm::mat4(1.0f),
                                        std::span<const float> morph_weights = {},
                                        const render::ToneMap& tone_map = {});

// A fixture with a headless GL context; every test must leave GL without
// errors (a wrong enum or size in the renderer shows up here even when the
// pixels happen to look right).
class GlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    context_ = render::HeadlessContext::Create(&error);
    ASSERT_NE(context_, nullptr) << error;
  }
  void TearDown() override {
    if (context_ != nullptr) {
      EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    }
  }
  std::unique_ptr<render::HeadlessContext> context_;
};

// GlTest plus a renderer (SceneRenderer, CrowdRenderer: anything with
// Init(error) and SetModel(model, error)) set up in it.
template <typename Renderer>
class RendererTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (HasFatalFailure()) return;
    std::string error;
    ASSERT_TRUE(renderer_.Init(&error)) << error;
  }
  void Load(const anim::Model& model) {
    std::string error;
    ASSERT_TRUE(renderer_.SetModel(model, &error)) << error;
  }
  Renderer renderer_;
};

struct Rgb {
  int r, g, b;
};
// Pixel at normalised device coordinates (x, y) in [-1, 1].
Rgb PixelAt(const std::vector<std::uint8_t>& pixels, int size, float x, float y);

}  // namespace render_test
