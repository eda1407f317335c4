// glTF alpha modes: MASK keeps a fragment only when its alpha reaches the
// cutoff (then fully opaque), BLEND composites over what is behind, and
// blended primitives are drawn farthest first whatever the file's order.
// Unlit materials keep the colours exact, so each expected pixel is the
// blend equation worked by hand on the framebuffer's (sRGB-encoded) values.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

using render_test::PixelAt;

constexpr int kSize = 16;

anim::MeshPrimitive QuadAt(float z, int material) {
  anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
  for (glm::vec3& p : quad.positions) p.z = z;
  quad.material = material;
  return quad;
}

anim::Material Unlit(glm::vec4 color, anim::AlphaMode mode) {
  anim::Material m;
  m.base_color_factor = color;
  m.unlit = true;
  m.alpha_mode = mode;
  m.double_sided = true;
  return m;
}

class AlphaModes : public render_test::RendererTest<render::SceneRenderer> {
 protected:
  render_test::Rgb Center(const anim::Model& model) {
    Load(model);
    const std::vector<std::uint8_t> pixels =
        render_test::RenderPalette(renderer_, {glm::mat4(1.0f)}, kSize, render::Shading::kMaterial);
    EXPECT_FALSE(pixels.empty());
    return pixels.empty() ? render_test::Rgb{-1, -1, -1} : PixelAt(pixels, kSize, 0.1f, 0.1f);
  }
  render_test::Rgb Background() {
    const glm::vec3 c = renderer_.lighting().clear_color_srgb * 255.0f;
    return {static_cast<int>(c.r + 0.5f), static_cast<int>(c.g + 0.5f),
            static_cast<int>(c.b + 0.5f)};
  }
};

void ExpectNear(render_test::Rgb got, double r, double g, double b) {
  EXPECT_NEAR(got.r, r, 1.5);
  EXPECT_NEAR(got.g, g, 1.5);
  EXPECT_NEAR(got.b, b, 1.5);
}

TEST_F(AlphaModes, MaskDiscardsBelowTheCutoffAndIsOpaqueAbove) {
  anim::Model model = render_test::ModelWith(1, QuadAt(0.0f, 0), glm::vec4(1.0f));
  model.materials[0] = Unlit(glm::vec4(1.0f, 0.0f, 0.0f, 0.4f), anim::AlphaMode::kMask);
  model.materials[0].alpha_cutoff = 0.5f;
  const render_test::Rgb background = Background();
  ExpectNear(Center(model), background.r, background.g, background.b);
  model.materials[0].alpha_cutoff = 0.3f;
  ExpectNear(Center(model), 255, 0, 0);  // kept, and not blended
}

TEST_F(AlphaModes, OpaqueIgnoresAlpha) {
  anim::Model model = render_test::ModelWith(1, QuadAt(0.0f, 0), glm::vec4(1.0f));
  model.materials[0] = Unlit(glm::vec4(0.0f, 0.0f, 1.0f, 0.1f), anim::AlphaMode::kOpaque);
  ExpectNear(Center(model), 0, 0, 255);
}

// An opaque blue quad at the back, a half-transparent green one in the
// middle and a half-transparent red one in front, listed red first. Drawn
// farthest first: green over blue gives (0, 127.5, 127.5), red over that
// (127.5, 63.75, 63.75). The file's order would give (63.75, 127.5, 63.75).
TEST_F(AlphaModes, BlendedPrimitivesCompositeFarthestFirst) {
  anim::Model model = render_test::ModelWith(1, QuadAt(-0.5f, 0), glm::vec4(1.0f));
  model.primitives.push_back(QuadAt(0.0f, 1));
  model.primitives.push_back(QuadAt(0.5f, 2));
  model.materials = {Unlit(glm::vec4(1.0f, 0.0f, 0.0f, 0.5f), anim::AlphaMode::kBlend),
                     Unlit(glm::vec4(0.0f, 1.0f, 0.0f, 0.5f), anim::AlphaMode::kBlend),
                     Unlit(glm::vec4(0.0f, 0.0f, 1.0f, 1.0f), anim::AlphaMode::kOpaque)};
  ExpectNear(Center(model), 127.5, 63.75, 63.75);
}

// Blended surfaces test depth but do not write it: an opaque quad in front
// hides a blended one behind it, and a blended one in front of another
// blended one does not hide it.
TEST_F(AlphaModes, BlendedSurfacesAreHiddenByOpaqueOnesInFront) {
  anim::Model model = render_test::ModelWith(1, QuadAt(0.5f, 0), glm::vec4(1.0f));
  model.primitives.push_back(QuadAt(-0.5f, 1));
  model.materials = {Unlit(glm::vec4(1.0f, 0.0f, 0.0f, 0.5f), anim::AlphaMode::kBlend),
                     Unlit(glm::vec4(0.0f, 1.0f, 0.0f, 1.0f), anim::AlphaMode::kOpaque)};
  ExpectNear(Center(model), 0, 255, 0);
}

// A material value animated through KHR_animation_pointer reaches the
// draw: the character's animated floats override the file's factor.
TEST_F(AlphaModes, AnimatedMaterialValuesOverrideTheFactors) {
  anim::Model model = render_test::ModelWith(1, QuadAt(0.0f, 0), glm::vec4(1.0f));
  model.materials[0] = Unlit(glm::vec4(1.0f, 0.0f, 0.0f, 1.0f), anim::AlphaMode::kOpaque);
  model.animated_material_values.push_back({"/materials/0/pbrMetallicRoughness/baseColorFactor", 0,
                                            anim::MaterialProperty::kBaseColorFactor, -1,
                                            2});  // after two other floats
  Load(model);
  const std::vector<float> animated = {0.5f, 0.5f, 0.0f, 1.0f, 0.0f, 1.0f};
  const std::vector<std::uint8_t> pixels = render_test::RenderPalette(
      renderer_, {glm::mat4(1.0f)}, kSize, render::Shading::kMaterial, glm::mat4(1.0f), animated);
  ASSERT_FALSE(pixels.empty());
  ExpectNear(PixelAt(pixels, kSize, 0.1f, 0.1f), 0, 255, 0);
  // Without the character's floats the file's factor stays.
  ExpectNear(Center(model), 255, 0, 0);
}

}  // namespace
