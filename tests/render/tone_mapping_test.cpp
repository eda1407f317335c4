// The material look's exposure and tone maps (shaders/skinned.frag,
// render/shading.h): an unlit quad shows its base colour times the exposure
// through the curve, read back and compared with the curves computed here
// in double from their published definitions (the Khronos PBR Neutral
// specification; Hill's ACES fit with three.js's 1 / 0.6), and with values
// worked by hand. The flat look is not tone mapped.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

constexpr int kSize = 8;

double LinearToSrgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

// PBR_Neutral/README.md of KhronosGroup/ToneMapping, term by term.
glm::dvec3 PbrNeutral(glm::dvec3 c) {
  const double f90 = 0.04, ks = 0.8 - f90, kd = 0.15;
  const double x = std::min({c.r, c.g, c.b});
  const double f = x <= 2.0 * f90 ? x - x * x / (4.0 * f90) : f90;
  const double p = std::max({c.r - f, c.g - f, c.b - f});
  if (p <= ks) return c - f;
  const double p_n = 1.0 - (1.0 - ks) * (1.0 - ks) / (p + 1.0 - 2.0 * ks);
  const double g = 1.0 / (kd * (p - p_n) + 1.0);
  return (c - f) * (p_n / p) * g + glm::dvec3(p_n * (1.0 - g));
}

// Hill's fit (row-major, as BakingLab's ACES.hlsl writes the matrices).
glm::dvec3 AcesHill(glm::dvec3 c) {
  const double in[3][3] = {
      {0.59719, 0.35458, 0.04823}, {0.07600, 0.90834, 0.01566}, {0.02840, 0.13383, 0.83777}};
  const double out[3][3] = {
      {1.60475, -0.53108, -0.07367}, {-0.10208, 1.10813, -0.00605}, {-0.00327, -0.07276, 1.07602}};
  c /= 0.6;
  glm::dvec3 v, fitted, result;
  for (int r = 0; r < 3; ++r) v[r] = in[r][0] * c.r + in[r][1] * c.g + in[r][2] * c.b;
  for (int i = 0; i < 3; ++i) {
    fitted[i] = (v[i] * (v[i] + 0.0245786) - 0.000090537) /
                (v[i] * (0.983729 * v[i] + 0.4329510) + 0.238081);
  }
  for (int r = 0; r < 3; ++r) {
    result[r] = out[r][0] * fitted.r + out[r][1] * fitted.g + out[r][2] * fitted.b;
  }
  return result;
}

class ToneMapping : public render_test::RendererTest<render::SceneRenderer> {
 protected:
  render_test::Rgb Unlit(glm::vec3 color, render::ToneMap tone,
                         render::Shading shading = render::Shading::kMaterial) {
    anim::Model model = render_test::ModelWith(
        1, render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(color, 1.0f));
    model.materials[0].unlit = true;
    Load(model);
    const std::vector<std::uint8_t> pixels = render_test::RenderPalette(
        renderer_, {glm::mat4(1.0f)}, kSize, shading, glm::mat4(1.0f), {}, tone);
    EXPECT_FALSE(pixels.empty());
    return pixels.empty() ? render_test::Rgb{-1, -1, -1}
                          : render_test::PixelAt(pixels, kSize, 0.1f, 0.1f);
  }
};

void ExpectColor(render_test::Rgb got, glm::dvec3 linear) {
  EXPECT_NEAR(got.r, 255.0 * LinearToSrgb(linear.r), 1.5);
  EXPECT_NEAR(got.g, 255.0 * LinearToSrgb(linear.g), 1.5);
  EXPECT_NEAR(got.b, 255.0 * LinearToSrgb(linear.b), 1.5);
}

using Curve = render::ToneMapping;

// By hand: grey 0.5 loses the offset F90 = 0.04 and stays under Ks = 0.76:
// 0.46. Grey 0.9: 0.86 after the offset, above Ks, so its peak becomes
// 1 - 0.24^2 / (0.86 + 0.24 - 0.76) = 0.83059 (a grey stays grey).
TEST_F(ToneMapping, PbrNeutralKeepsColoursUnderItsKneeAndRollsOffAbove) {
  const render::ToneMap neutral{Curve::kPbrNeutral, 1.0f};
  ExpectColor(Unlit(glm::vec3(0.5f), neutral), glm::dvec3(0.46));
  ExpectColor(Unlit(glm::vec3(0.9f), neutral), glm::dvec3(0.83059));
  for (const glm::vec3 c : {glm::vec3(1.0f, 0.5f, 0.2f), glm::vec3(0.05f, 0.3f, 0.9f)}) {
    ExpectColor(Unlit(c, neutral), PbrNeutral(glm::dvec3(c)));
  }
  // Exposure first: 0.45 x 2 is the 0.9 above.
  ExpectColor(Unlit(glm::vec3(0.45f), {Curve::kPbrNeutral, 2.0f}), glm::dvec3(0.83059));
}

// By hand: ACES's matrices' rows each sum to 1, so a grey stays grey and
// only the fit acts: grey 0.5 is 0.8333 after the 1 / 0.6, and
// (v (v + 0.0245786) - 0.000090537) / (v (0.983729 v + 0.432951) + 0.238081)
// = 0.71484 / 1.28202 = 0.55759.
TEST_F(ToneMapping, AcesFollowsHillsFit) {
  const render::ToneMap aces{Curve::kAces, 1.0f};
  ExpectColor(Unlit(glm::vec3(0.5f), aces), glm::dvec3(0.55759));
  for (const glm::vec3 c : {glm::vec3(1.0f, 0.5f, 0.2f), glm::vec3(0.05f, 0.3f, 0.9f)}) {
    ExpectColor(Unlit(c, aces), AcesHill(glm::dvec3(c)));
  }
}

TEST_F(ToneMapping, NoneClampsAfterTheExposureAndTheFlatLookIsNotMapped) {
  ExpectColor(Unlit(glm::vec3(0.3f, 0.2f, 0.7f), {Curve::kNone, 2.0f}), glm::dvec3(0.6, 0.4, 1.0));
  const render_test::Rgb flat = Unlit(glm::vec3(0.5f), {}, render::Shading::kFlat);
  const render_test::Rgb flat_aces =
      Unlit(glm::vec3(0.5f), {Curve::kAces, 4.0f}, render::Shading::kFlat);
  EXPECT_EQ(flat.r, flat_aces.r);
  EXPECT_EQ(flat.g, flat_aces.g);
}

}  // namespace
