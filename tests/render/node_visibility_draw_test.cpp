// KHR_node_visibility reaching the draw: a model of two unlit quads side by
// side, the left one below a node that can hide it (MeshPrimitive::
// visibility), the right one always drawn; the animated float decides,
// read back pixel by pixel.
#include <vector>

#include <gtest/gtest.h>

#include "test_scene.h"

namespace {

constexpr int kSize = 16;

class NodeVisibilityDraw : public render_test::RendererTest<render::SceneRenderer> {
 protected:
  void SetUp() override {
    RendererTest::SetUp();
    if (HasFatalFailure()) return;
    anim::Model model = render_test::ModelWith(
        1, render_test::Quad(-1, -1, 0, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f));
    model.primitives.push_back(render_test::Quad(0, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}));
    model.primitives.back().material = 0;
    model.materials[0].unlit = true;
    model.materials[0].base_color_factor = glm::vec4(1.0f, 0.0f, 0.0f, 1.0f);
    model.primitives[0].visibility = 0;
    model.node_visibility.push_back({"/nodes/0/extensions/KHR_node_visibility/visible", 0, -1, 0,
                                     /*visible=*/false});
    Load(model);
  }
  // Red where a quad is drawn; {left, right}.
  std::vector<bool> RedAt(const std::vector<float>& values) {
    const std::vector<std::uint8_t> pixels = render_test::RenderPalette(
        renderer_, {glm::mat4(1.0f)}, kSize, render::Shading::kMaterial, glm::mat4(1.0f), values);
    std::vector<bool> red;
    for (float x : {-0.5f, 0.5f}) {
      const render_test::Rgb c = render_test::PixelAt(pixels, kSize, x, 0.0f);
      red.push_back(c.r > 250 && c.g < 5 && c.b < 5);
    }
    return red;
  }
};

TEST_F(NodeVisibilityDraw, AHiddenNodesMeshIsNotDrawnAndAShownOneIs) {
  EXPECT_EQ(RedAt({}), (std::vector<bool>{false, true}));      // the file's own: hidden
  EXPECT_EQ(RedAt({1.0f}), (std::vector<bool>{true, true}));   // animated to shown
  EXPECT_EQ(RedAt({0.0f}), (std::vector<bool>{false, true}));  // animated to hidden
  EXPECT_EQ(RedAt({0.5f}), (std::vector<bool>{true, true}));   // a blend from 0.5 up shows
}

}  // namespace
