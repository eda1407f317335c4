// GPU skinning: quads bound to joints land where the palette puts them.
// Projection and view are identity, so model space is clip space and the
// expected coverage follows from the palette by hand.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "render/headless_context.h"
#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

using render_test::PixelAt;
using render_test::Rgb;

constexpr int kSize = 64;
const glm::vec4 kRed(1.0f, 0.0f, 0.0f, 1.0f);

// The quad is pure red: lit, its green stays 0; the clear colour is grey.
bool CoveredByRedQuad(Rgb c) { return c.r > 60 && c.g < 8 && c.b < 8; }
bool Background(Rgb c) { return c.g > 30 && c.b > 30; }

using SkinningTest = render_test::RendererTest<render::SceneRenderer>;

TEST_F(SkinningTest, PaletteRotationMovesQuad) {
  // A bar right of the centre, bound to joint 1 only.
  Load(render_test::ModelWith(
      2, render_test::Quad(0.1f, -0.2f, 0.9f, 0.2f, {1, 0, 0, 0}, {1, 0, 0, 0}), kRed));
  std::vector<glm::mat4> palette(2, glm::mat4(1.0f));
  auto unrotated = render_test::RenderPalette(renderer_, palette, kSize);
  ASSERT_FALSE(unrotated.empty());
  EXPECT_TRUE(CoveredByRedQuad(PixelAt(unrotated, kSize, 0.5f, 0.0f)));
  EXPECT_TRUE(Background(PixelAt(unrotated, kSize, 0.0f, 0.5f)));

  // Rotating joint 1 by 90 degrees about Z turns the bar to point up:
  // (x, y) -> (-y, x), so it now spans x in [-0.2, 0.2], y in [0.1, 0.9].
  palette[1] = glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1));
  auto rotated = render_test::RenderPalette(renderer_, palette, kSize);
  EXPECT_TRUE(CoveredByRedQuad(PixelAt(rotated, kSize, 0.0f, 0.5f)));
  EXPECT_TRUE(CoveredByRedQuad(PixelAt(rotated, kSize, 0.15f, 0.85f)));
  EXPECT_TRUE(Background(PixelAt(rotated, kSize, 0.5f, 0.0f)));
  EXPECT_TRUE(Background(PixelAt(rotated, kSize, 0.0f, -0.5f)));
  // Joint 0's matrix must not matter: no vertex is weighted on it.
  palette[0] = glm::translate(glm::mat4(1.0f), glm::vec3(5.0f, 5.0f, 0.0f));
  EXPECT_EQ(render_test::RenderPalette(renderer_, palette, kSize), rotated);
}

TEST_F(SkinningTest, FourInfluencesBlendLinearly) {
  // A small quad around the origin, a quarter on each of joints 0..3. Their
  // translations average to (0.5, -0.5): the quad must be drawn there.
  Load(render_test::ModelWith(
      4, render_test::Quad(-0.1f, -0.1f, 0.1f, 0.1f, {0, 1, 2, 3}, glm::vec4(0.25f)), kRed));
  std::vector<glm::mat4> palette = {glm::translate(glm::mat4(1.0f), glm::vec3(2.0f, 0.0f, 0.0f)),
                                    glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -2.0f, 0.0f)),
                                    glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, 0.0f)),
                                    glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, 0.0f))};
  auto pixels = render_test::RenderPalette(renderer_, palette, kSize);
  EXPECT_TRUE(CoveredByRedQuad(PixelAt(pixels, kSize, 0.5f, -0.5f)));
  EXPECT_TRUE(Background(PixelAt(pixels, kSize, 0.0f, 0.0f)));
  EXPECT_TRUE(Background(PixelAt(pixels, kSize, 0.75f, -0.5f)));
}

TEST_F(SkinningTest, ThreeHundredJointPaletteReachesTheLastJoint) {
  // Vertices split between joints 298 and 299: with a 256-entry palette
  // limit they would read garbage or zero. Halfway between (-1, 0.6) and
  // (1, 0.6) plus the quad's own offset is (0, 0.6).
  constexpr int kJoints = 300;
  Load(render_test::ModelWith(
      kJoints, render_test::Quad(-0.1f, -0.1f, 0.1f, 0.1f, {298, 299, 0, 0}, {0.5f, 0.5f, 0, 0}),
      kRed));
  std::vector<glm::mat4> palette(kJoints,
                                 glm::translate(glm::mat4(1.0f), glm::vec3(-3.0f, 0.0f, 0.0f)));
  palette[298] = glm::translate(glm::mat4(1.0f), glm::vec3(-1.0f, 0.6f, 0.0f));
  palette[299] = glm::translate(glm::mat4(1.0f), glm::vec3(1.0f, 0.6f, 0.0f));
  auto pixels = render_test::RenderPalette(renderer_, palette, kSize);
  EXPECT_TRUE(CoveredByRedQuad(PixelAt(pixels, kSize, 0.0f, 0.6f)));
  EXPECT_TRUE(Background(PixelAt(pixels, kSize, 0.0f, 0.0f)));
  EXPECT_TRUE(Background(PixelAt(pixels, kSize, 0.0f, -0.6f)));
}

TEST_F(SkinningTest, RenderingIsDeterministic) {
  Load(render_test::ModelWith(
      2, render_test::Quad(-0.5f, -0.3f, 0.4f, 0.6f, {0, 1, 0, 0}, {0.3f, 0.7f, 0, 0}), kRed));
  std::vector<glm::mat4> palette = {glm::rotate(glm::mat4(1.0f), 0.3f, glm::vec3(0, 1, 1)),
                                    glm::rotate(glm::mat4(1.0f), -0.7f, glm::vec3(1, 0, 1))};
  auto first = render_test::RenderPalette(renderer_, palette, 97);
  auto second = render_test::RenderPalette(renderer_, palette, 97);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first, second);
}

TEST_F(SkinningTest, RejectsJointIndexOutsideSkeleton) {
  std::string error;
  auto model = render_test::ModelWith(
      2, render_test::Quad(0, 0, 1, 1, {0, 5, 0, 0}, {0.5f, 0.5f, 0, 0}), kRed);
  EXPECT_FALSE(renderer_.SetModel(model, &error));
  EXPECT_NE(error.find("joint 5"), std::string::npos) << error;
}

TEST_F(SkinningTest, RejectsIndexPastVertices) {
  std::string error;
  auto model =
      render_test::ModelWith(1, render_test::Quad(0, 0, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), kRed);
  model.primitives[0].indices.push_back(4);
  EXPECT_FALSE(renderer_.SetModel(model, &error));
  EXPECT_NE(error.find("index past"), std::string::npos) << error;
}

}  // namespace
