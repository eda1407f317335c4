// The image-based light in shaders/skinned.frag and the background in
// shaders/background.frag, read back from a headless render: a known
// environment (linear in the direction, so every expected value is worked
// by hand) lights a mirror and a rough surface, and fills the background.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "render/environment_map.h"
#include "render/offscreen_target.h"
#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

constexpr int kSize = 16;
// Clip z = -world z: the eye is towards +Z, as in material_shading_test.cpp.
const glm::mat4 kMirrorZ(1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, -1.0f, 0.0f,
                         0.0f, 0.0f, 0.0f, 1.0f);

// Red grows towards +X, green towards +Y, blue towards +Z.
glm::vec3 TiltedSky(const glm::vec3& d) { return glm::vec3(0.5f) + 0.4f * d; }

double LinearToSrgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

void ExpectColor(render_test::Rgb got, glm::dvec3 linear, double tolerance = 1.5) {
  EXPECT_NEAR(got.r, 255.0 * LinearToSrgb(linear.r), tolerance);
  EXPECT_NEAR(got.g, 255.0 * LinearToSrgb(linear.g), tolerance);
  EXPECT_NEAR(got.b, 255.0 * LinearToSrgb(linear.b), tolerance);
}

// Karis' fit of the split-sum integral at n.v = 1: f0 x scale + bias.
double EnvironmentBrdf(double f0, double roughness) {
  const double rx = -roughness + 1.0, ry = -0.0275 * roughness + 0.0425;
  const double rz = -0.572 * roughness + 1.04, rw = 0.022 * roughness - 0.04;
  const double a004 = std::min(rx * rx, std::exp2(-9.28)) * rx + ry;
  return f0 * (-1.04 * a004 + rz) + (1.04 * a004 + rw);
}

class EnvironmentLighting : public render_test::RendererTest<render::SceneRenderer> {
 protected:
  void SetUp() override {
    RendererTest::SetUp();
    if (HasFatalFailure()) return;
    renderer_.SetEnvironment(render::BakeEnvironment(TiltedSky, 32, 6, 512));
    renderer_.lighting().light_color = glm::vec3(0.0f);  // the environment alone
  }

  // Draws `model` (or nothing) with `projection` x `view`; rows bottom-up.
  std::vector<std::uint8_t> Draw(render::Background background, const glm::mat4& projection,
                                 const glm::mat4& view = glm::mat4(1.0f)) {
    render::OffscreenTarget target;
    std::string error;
    EXPECT_TRUE(target.Create(kSize, kSize, 4, &error)) << error;
    target.Bind();
    const std::vector<glm::mat4> palette = {glm::mat4(1.0f)};
    render::FrameInputs frame;
    frame.palette = palette;
    frame.viewport_height = kSize;
    frame.options.show_grid = false;
    frame.options.environment = render::Environment::kStudio;
    frame.options.background = background;
    frame.projection = projection;
    frame.view = view;
    EXPECT_TRUE(renderer_.Draw(frame, &error)) << error;
    return target.ReadPixels();
  }

  // A quad filling the view with `normal` and `material`, seen head on.
  render_test::Rgb Surface(const anim::Material& material, glm::vec3 normal) {
    anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
    quad.normals.assign(4, glm::normalize(normal));
    anim::Model model = render_test::ModelWith(1, quad, glm::vec4(1.0f));
    model.materials[0] = material;
    Load(model);
    return render_test::PixelAt(Draw(render::Background::kColor, kMirrorZ), kSize, 0.1f, 0.1f);
  }
};

anim::Material Metal(float roughness) {
  anim::Material m;
  m.base_color_factor = glm::vec4(1.0f);
  m.metallic_factor = 1.0f;
  m.roughness_factor = roughness;
  return m;
}

// A white mirror facing the eye reflects the sky straight back: along +Z,
// (0.5, 0.5, 0.9), times the fit's f0 scale and bias (0.99997 at roughness 0).
TEST_F(EnvironmentLighting, AMirrorReflectsTheEnvironmentBehindTheEye) {
  const double brdf = EnvironmentBrdf(1.0, 0.0);
  ExpectColor(Surface(Metal(0.0f), {0, 0, 1}), glm::dvec3(0.5, 0.5, 0.9) * brdf);
}

// Tipped 30 degrees towards +X, the mirror reflects the eye's ray to
// (sin 60, 0, cos 60): red 0.5 + 0.4 x 0.866, blue 0.5 + 0.4 x 0.5.
TEST_F(EnvironmentLighting, ATippedMirrorReflectsWhereTheLawOfReflectionSays) {
  const double brdf = EnvironmentBrdf(1.0, 0.0);
  const glm::vec3 normal(std::sin(0.5236f), 0.0f, std::cos(0.5236f));
  ExpectColor(Surface(Metal(0.0f), normal),
              glm::dvec3(0.5 + 0.4 * 0.8660, 0.5, 0.5 + 0.4 * 0.5) * brdf);
}

// A rough white dielectric facing +Z: the diffuse part is the irradiance
// over pi, 0.5 + (2/3) 0.4 n (IrradianceOfALinearSky), the specular part
// the roughness-1 level, 0.5 + (2/3) 0.4 n as well (the prefilter's 2/3 at
// alpha 1), times the fit at f0 0.04.
TEST_F(EnvironmentLighting, ARoughDielectricShowsIrradianceAndTheBlurredLevel) {
  anim::Material rough;
  rough.base_color_factor = glm::vec4(1.0f);
  rough.metallic_factor = 0.0f;
  rough.roughness_factor = 1.0f;
  const double blue = 0.5 + 2.0 / 3.0 * 0.4;
  const glm::dvec3 seen(0.5, 0.5, blue);
  ExpectColor(Surface(rough, {0, 0, 1}), seen + seen * EnvironmentBrdf(0.04, 1.0));
}

// The background with an orthographic view looks along the view's axis: the
// identity view-projection's rays run from clip z -1 to +1, along +Z.
TEST_F(EnvironmentLighting, TheBackgroundShowsTheEnvironmentAlongEachRay) {
  Load(render_test::ModelWith(1, anim::MeshPrimitive{}, glm::vec4(1.0f)));
  const std::vector<std::uint8_t> ortho = Draw(render::Background::kEnvironment, glm::mat4(1.0f));
  ExpectColor(render_test::PixelAt(ortho, kSize, 0.0f, 0.0f), glm::dvec3(0.5, 0.5, 0.9));
  ExpectColor(render_test::PixelAt(ortho, kSize, 0.9f, -0.9f), glm::dvec3(0.5, 0.5, 0.9));
  // A perspective of 90 degrees looking down -Z: the pixel PixelAt reads at
  // (0.5, 0) has its centre half a pixel on, at (0.5625, 0.0625), so its ray
  // runs along (0.5625, 0.0625, -1).
  const glm::mat4 lens = glm::perspective(1.5707963f, 1.0f, 0.1f, 10.0f);
  const std::vector<std::uint8_t> wide = Draw(render::Background::kEnvironment, lens);
  const glm::dvec3 ray = glm::normalize(glm::dvec3(0.5625, 0.0625, -1.0));
  ExpectColor(render_test::PixelAt(wide, kSize, 0.5f, 0.0f), glm::dvec3(0.5) + 0.4 * ray);
  // The blurred background is the roughness-0.6 level: along +Z, blue is
  // between the roughness-1 mean (2/3) and the sky itself.
  const render_test::Rgb blurred =
      render_test::PixelAt(Draw(render::Background::kBlurred, glm::mat4(1.0f)), kSize, 0, 0);
  EXPECT_LT(blurred.b, 255.0 * LinearToSrgb(0.9) - 2.0);
  EXPECT_GT(blurred.b, 255.0 * LinearToSrgb(0.5 + 2.0 / 3.0 * 0.4) + 2.0);
}

// The hemisphere stays the default: no environment is baked or bound.
TEST_F(EnvironmentLighting, TheHemisphereIsTheDefault) {
  EXPECT_EQ(render::ViewOptions{}.environment, render::Environment::kHemisphere);
  EXPECT_EQ(render::ViewOptions{}.background, render::Background::kColor);
}

}  // namespace
