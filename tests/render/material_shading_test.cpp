// glTF's metallic-roughness BRDF (specification, appendix B) in
// shaders/skinned.frag, pixel by pixel: a quad fills the view facing the
// eye, the key light comes from a known direction, and each expected colour
// is worked out here from the appendix's formulas, independently of the
// shader. Then unlit, emissive, the hemisphere ambient and the flat look.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

using render_test::PixelAt;

constexpr double kPi = 3.14159265358979;
constexpr int kSize = 16;
// Clip z = -world z: the eye is towards +Z and x, y, +Z are right-handed.
const glm::mat4 kMirrorZ(1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, -1.0f, 0.0f,
                         0.0f, 0.0f, 0.0f, 1.0f);

double LinearToSrgb(double c) {
  c = std::clamp(c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

// The BRDF times n.l for unit vectors, one colour channel (appendix B).
double Brdf(double base, double metallic, double roughness, const glm::dvec3& n,
            const glm::dvec3& v, const glm::dvec3& l) {
  const glm::dvec3 h = glm::normalize(l + v);
  const double nl = glm::dot(n, l), nv = glm::dot(n, v), nh = glm::dot(n, h), vh = glm::dot(v, h);
  const double c_diff = base * (1.0 - metallic);
  const double f0 = 0.04 * (1.0 - metallic) + base * metallic;
  const double f = f0 + (1.0 - f0) * std::pow(1.0 - vh, 5.0);
  const double a2 = std::pow(roughness, 4.0);  // alpha = roughness^2
  const double d = a2 / (kPi * std::pow(nh * nh * (a2 - 1.0) + 1.0, 2.0));
  // Smith's joint masking-shadowing G over 4 |n.l| |n.v|.
  const double vis =
      0.5 / (nl * std::sqrt(nv * nv * (1.0 - a2) + a2) + nv * std::sqrt(nl * nl * (1.0 - a2) + a2));
  return ((1.0 - f) * c_diff / kPi + f * d * vis) * nl;
}

class MaterialShading : public render_test::RendererTest<render::SceneRenderer> {
 protected:
  // The quad fills the view with `normal` (default: towards the eye, +Z:
  // kMirrorZ makes a right-handed view, as a camera's, in which the
  // derivatives of normal mapping keep their sense), lit by `light` (irradiance light_color x pi)
  // and the hemisphere `sky` alone.
  render_test::Rgb Render(const anim::Material& material, glm::vec3 direction_to_light, float light,
                          float sky = 0.0f, render::Shading shading = render::Shading::kMaterial,
                          glm::vec3 normal = glm::vec3(0.0f, 0.0f, 1.0f)) {
    anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
    quad.normals.assign(4, normal);
    anim::Model model = render_test::ModelWith(1, quad, glm::vec4(1.0f));
    model.materials[0] = material;
    return RenderModel(model, direction_to_light, light, sky, 0.1f, shading);
  }
  // The same for a model of the test's own (with images); the pixel is read
  // at (x, 0.1) in normalised device coordinates.
  render_test::Rgb RenderModel(const anim::Model& model, glm::vec3 direction_to_light, float light,
                               float sky = 0.0f, float x = 0.1f,
                               render::Shading shading = render::Shading::kMaterial,
                               const glm::mat4& joint = glm::mat4(1.0f)) {
    Load(model);
    render::Lighting& lighting = renderer_.lighting();
    lighting.direction_to_light = direction_to_light;
    lighting.light_color = glm::vec3(light);
    lighting.sky_color = glm::vec3(sky);
    lighting.ground_color = glm::vec3(sky);
    const std::vector<std::uint8_t> pixels =
        render_test::RenderPalette(renderer_, {joint}, kSize, shading, kMirrorZ);
    EXPECT_FALSE(pixels.empty());
    return pixels.empty() ? render_test::Rgb{-1, -1, -1} : PixelAt(pixels, kSize, x, 0.1f);
  }
};

anim::Material Surface(glm::vec3 base, float metallic, float roughness) {
  anim::Material m;
  m.base_color_factor = glm::vec4(base, 1.0f);
  m.metallic_factor = metallic;
  m.roughness_factor = roughness;
  return m;
}

void ExpectColor(render_test::Rgb got, glm::dvec3 linear) {
  EXPECT_NEAR(got.r, 255.0 * LinearToSrgb(linear.r), 1.5);
  EXPECT_NEAR(got.g, 255.0 * LinearToSrgb(linear.g), 1.5);
  EXPECT_NEAR(got.b, 255.0 * LinearToSrgb(linear.b), 1.5);
}

const glm::dvec3 kToEye(0.0, 0.0, 1.0);

// Light, eye and normal in one line: F = f0, D = 1 / (pi alpha^2), V = 1/4,
// so a white dielectric of roughness 0.5 under irradiance E shows
// (0.96 / pi + 0.04 / (4 pi 0.0625)) E.
TEST_F(MaterialShading, ADielectricLitHeadOnMatchesTheAppendixByHand) {
  const render_test::Rgb got =
      Render(Surface(glm::vec3(1.0f), 0.0f, 0.5f), glm::vec3(0, 0, 1), 0.25f);
  const double by_hand = (0.96 / kPi + 0.04 / (4.0 * kPi * 0.0625)) * 0.25 * kPi;
  ExpectColor(got, glm::dvec3(by_hand));
}

// A metal has no diffuse colour; its specular is tinted by the base colour.
TEST_F(MaterialShading, AMetalReflectsItsBaseColourOnly) {
  const glm::vec3 base(1.0f, 0.5f, 0.25f);
  const render_test::Rgb got = Render(Surface(base, 1.0f, 0.5f), glm::vec3(0, 0, 1), 0.25f);
  const double specular = 1.0 / (4.0 * kPi * 0.0625) * 0.25 * kPi;  // per unit of f0 = base
  ExpectColor(got, glm::dvec3(base) * specular);
}

// Off the mirror direction every term of the appendix counts: Fresnel at
// v.h < 1, the distribution and visibility at n.h, n.l < 1.
TEST_F(MaterialShading, LightFromTheSideMatchesEveryTermOfTheAppendix) {
  const glm::dvec3 l = glm::normalize(glm::dvec3(std::sin(1.0), 0.0, std::cos(1.0)));
  for (const float roughness : {0.3f, 0.8f}) {
    for (const float metallic : {0.0f, 1.0f}) {
      const glm::vec3 base(0.9f, 0.6f, 0.3f);
      const render_test::Rgb got = Render(Surface(base, metallic, roughness), glm::vec3(l), 1.0f);
      glm::dvec3 expected;
      for (int c = 0; c < 3; ++c) {
        expected[c] = Brdf(base[c], metallic, roughness, kToEye, kToEye, l) * kPi;
      }
      SCOPED_TRACE("roughness " + std::to_string(roughness) + " metallic " +
                   std::to_string(metallic));
      ExpectColor(got, expected);
    }
  }
}

// Seen at a grazing angle (the normal 80 degrees from the eye) with the
// light in the mirror direction, Schlick's Fresnel lifts f0 = 0.04 to about
// 0.4: a black dielectric shows that specular alone.
TEST_F(MaterialShading, AtGrazingAnglesFresnelBrightensTheSpecular) {
  const double tilt = 80.0 * kPi / 180.0;
  const glm::dvec3 n(std::sin(tilt), 0.0, std::cos(tilt));
  const glm::dvec3 l = glm::reflect(-kToEye, n);
  const render_test::Rgb got = Render(Surface(glm::vec3(0.0f), 0.0f, 0.5f), glm::vec3(l), 0.1f,
                                      0.0f, render::Shading::kMaterial, glm::vec3(n));
  ExpectColor(got, glm::dvec3(Brdf(0.0, 0.0, 0.5, n, kToEye, l) * 0.1 * kPi));
}

// Behind the surface the key adds nothing: only the (here black) ambient.
TEST_F(MaterialShading, NoKeyLightFromBehind) {
  const render_test::Rgb got =
      Render(Surface(glm::vec3(1.0f), 0.0f, 0.5f), glm::vec3(0, 0, -1), 1.0f);
  ExpectColor(got, glm::dvec3(0.0));
}

// Unlit: the base colour as it is, whatever the light. Emissive adds its
// colour times KHR_materials_emissive_strength.
TEST_F(MaterialShading, UnlitShowsTheBaseColourAndEmissiveAddsItsOwn) {
  anim::Material unlit = Surface(glm::vec3(0.2f, 0.4f, 0.6f), 0.0f, 0.5f);
  unlit.unlit = true;
  ExpectColor(Render(unlit, glm::vec3(0, 0, 1), 1.0f), glm::dvec3(0.2, 0.4, 0.6));

  anim::Material glowing = Surface(glm::vec3(1.0f), 0.0f, 0.5f);
  glowing.emissive_factor = glm::vec3(0.25f, 0.125f, 0.0f);
  glowing.emissive_strength = 2.0f;
  ExpectColor(Render(glowing, glm::vec3(0, 0, -1), 1.0f), glm::dvec3(0.5, 0.25, 0.0));
}

// The hemisphere ambient: the sky and ground colours (equal here) light the
// diffuse colour, and the specular part is the same colour times Karis'
// fit of the split-sum integral, worked here for n.v = 1.
TEST_F(MaterialShading, TheHemisphereLightsDiffuseAndSpecular) {
  const double sky = 0.3;
  const double roughness = 0.5;
  // Karis' fit at n.v = 1: r = roughness c0 + c1.
  const double rx = -roughness + 1.0, ry = -0.0275 * roughness + 0.0425;
  const double rz = -0.572 * roughness + 1.04, rw = 0.022 * roughness - 0.04;
  const double a004 = std::min(rx * rx, std::exp2(-9.28)) * rx + ry;
  const double scale = -1.04 * a004 + rz, bias = 1.04 * a004 + rw;
  const render_test::Rgb got =
      Render(Surface(glm::vec3(0.5f), 0.0f, 0.5f), glm::vec3(0, 0, -1), 0.0f, sky);
  ExpectColor(got, glm::dvec3(sky * 0.5 + sky * (0.04 * scale + bias)));
}

// A one-texel image, linear data (the material textures' sampler is
// nearest: no filtering between texels).
anim::Image OneTexel(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  anim::Image image;
  image.width = 1;
  image.height = 1;
  image.rgba = {r, g, b, 255};
  return image;
}

anim::TextureRef TextureOf(int image) {
  anim::TextureRef ref;
  ref.image = image;
  ref.sampler.mag_filter = ref.sampler.min_filter = 0x2600;  // GL_NEAREST
  return ref;
}

// A white rough dielectric quad whose normal map is the one texel
// `texel`, with `tangents` (one for all four vertices) or none.
anim::Model NormalMappedQuad(glm::ivec3 texel, const glm::vec4* tangent = nullptr) {
  anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
  if (tangent != nullptr) quad.tangents.assign(4, *tangent);
  anim::Model model = render_test::ModelWith(1, quad, glm::vec4(1.0f));
  model.materials[0] = Surface(glm::vec3(1.0f), 0.0f, 0.5f);
  model.materials[0].normal = TextureOf(0);
  model.images.push_back(OneTexel(static_cast<std::uint8_t>(texel.x),
                                  static_cast<std::uint8_t>(texel.y),
                                  static_cast<std::uint8_t>(texel.z)));
  return model;
}

// The normal map, in a frame from the derivatives: the quad's u runs along
// +X and its v down the image (-Y), and glTF's normal maps point +Y up the
// image, so a texel (x, y, z) turns the normal (+Z) to (x, y, z) here. Lit from
// above right, a normal tipped right and one tipped up both catch more light.
TEST_F(MaterialShading, NormalMapsTipTheNormalTheWayTheImageSays) {
  const glm::dvec3 l = glm::normalize(glm::dvec3(0.5, 0.3, 1.0));
  for (const glm::ivec3 texel : {glm::ivec3(204, 128, 230), glm::ivec3(128, 204, 230)}) {
    const glm::dvec3 m = glm::dvec3(texel) / 255.0 * 2.0 - 1.0;
    const glm::dvec3 n = glm::normalize(m);
    const render_test::Rgb got = RenderModel(NormalMappedQuad(texel), glm::vec3(l), 1.0f);
    SCOPED_TRACE("texel " + std::to_string(texel.x) + " " + std::to_string(texel.y));
    ExpectColor(got, glm::dvec3(Brdf(1.0, 0.0, 0.5, n, kToEye, l) * kPi));
  }
}

// The file's tangents: a frame turned a quarter from the texture
// coordinates' (tangent +Y, w +1, so the bitangent is cross(+Z, +Y) = -X),
// and its mirror (w -1: bitangent +X). A texel's vector m turns the normal
// to m.x along the tangent, m.y along the bitangent and m.z along +Z:
// (-w m.y, m.x, m.z). A texel tipped "right" (204, 128) tips it up, one
// tipped "up" (128, 204) left with w +1 and right with w -1; the frame from
// derivatives would have tipped them right and up.
TEST_F(MaterialShading, TheFilesTangentsFrameTheNormalMap) {
  const glm::dvec3 l = glm::normalize(glm::dvec3(0.5, 0.3, 1.0));
  const struct {
    glm::ivec3 texel;
    float w;
  } cases[] = {{{204, 128, 230}, 1.0f}, {{128, 204, 230}, 1.0f}, {{128, 204, 230}, -1.0f}};
  for (const auto& c : cases) {
    const glm::vec4 tangent(0.0f, 1.0f, 0.0f, c.w);
    const anim::Model model = NormalMappedQuad(c.texel, &tangent);
    const glm::dvec3 m = glm::dvec3(c.texel) / 255.0 * 2.0 - 1.0;
    const glm::dvec3 n = glm::normalize(glm::dvec3(-c.w * m.y, m.x, m.z));
    SCOPED_TRACE("texel " + std::to_string(c.texel.x) + " " + std::to_string(c.texel.y) + " w " +
                 std::to_string(c.w));
    ExpectColor(RenderModel(model, glm::vec3(l), 1.0f),
                glm::dvec3(Brdf(1.0, 0.0, 0.5, n, kToEye, l) * kPi));
    // The joint turned a quarter about +Z carries the tangent with it: the
    // frame turns, (x, y) -> (-y, x), and so does the tipped normal.
    const glm::mat4 quarter = glm::rotate(glm::mat4(1.0f), 1.5707963f, glm::vec3(0, 0, 1));
    const glm::dvec3 turned = glm::normalize(glm::dvec3(-m.x, -c.w * m.y, m.z));
    ExpectColor(
        RenderModel(model, glm::vec3(l), 1.0f, 0.0f, 0.1f, render::Shading::kMaterial, quarter),
        glm::dvec3(Brdf(1.0, 0.0, 0.5, turned, kToEye, l) * kPi));
  }
}

// Tangents that agree with the texture coordinates (u along +X, v down the
// image, so tangent +X, and w +1 makes the bitangent cross(+Z, +X) = +Y, up
// the image, where glTF's normal maps point green) shade exactly as the
// frame from derivatives does: both conventions meet.
TEST_F(MaterialShading, TangentsThatAgreeWithTheTextureShadeAsTheDerivedFrame) {
  const glm::dvec3 l = glm::normalize(glm::dvec3(0.5, 0.3, 1.0));
  for (const glm::ivec3 texel : {glm::ivec3(204, 128, 230), glm::ivec3(128, 204, 230)}) {
    const glm::vec4 agreeing(1.0f, 0.0f, 0.0f, 1.0f);
    const render_test::Rgb a = RenderModel(NormalMappedQuad(texel), glm::vec3(l), 1.0f);
    const render_test::Rgb b = RenderModel(NormalMappedQuad(texel, &agreeing), glm::vec3(l), 1.0f);
    EXPECT_NEAR(a.r, b.r, 1) << texel.x << " " << texel.y;
    EXPECT_NEAR(a.g, b.g, 1);
    EXPECT_NEAR(a.b, b.b, 1);
  }
}

// Occlusion darkens the ambient only (by 1 + strength (ao - 1)); the
// metallic-roughness texture multiplies the factors (roughness in G,
// metallic in B).
TEST_F(MaterialShading, OcclusionAndMetallicRoughnessTextures) {
  anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
  anim::Model model = render_test::ModelWith(1, quad, glm::vec4(1.0f));
  model.materials[0] = Surface(glm::vec3(1.0f), 0.0f, 1.0f);
  model.materials[0].base_color_factor = glm::vec4(0.5f, 0.5f, 0.5f, 1.0f);
  model.materials[0].occlusion = TextureOf(0);
  model.materials[0].occlusion_strength = 0.5f;
  model.images.push_back(OneTexel(51, 0, 0));  // ao 0.2
  const double sky = 0.3;
  const double ao = 1.0 + 0.5 * (51.0 / 255.0 - 1.0);
  // Roughness 1, n.v = 1: Karis' fit gives scale and bias.
  const double rx = 0.0, ry = -0.0275 + 0.0425, rz = -0.572 + 1.04, rw = 0.022 - 0.04;
  const double a004 = std::min(rx * rx, std::exp2(-9.28)) * rx + ry;
  const double specular = 0.04 * (-1.04 * a004 + rz) + (1.04 * a004 + rw);
  ExpectColor(RenderModel(model, glm::vec3(0, 0, -1), 0.0f, sky),
              glm::dvec3((sky * 0.5 + sky * specular) * ao));

  // Metallic 1 and roughness 0.5 from the texture (factors 1): a metal.
  model.materials[0] = Surface(glm::vec3(1.0f, 0.5f, 0.25f), 1.0f, 1.0f);
  model.materials[0].metallic_roughness = TextureOf(0);
  model.images[0] = OneTexel(0, 128, 255);
  const double roughness = 128.0 / 255.0;
  const glm::dvec3 l(0.0, 0.0, 1.0);
  glm::dvec3 expected;
  for (int c = 0; c < 3; ++c) {
    expected[c] =
        Brdf(glm::vec3(1.0f, 0.5f, 0.25f)[c], 1.0, roughness, kToEye, kToEye, l) * 0.25 * kPi;
  }
  ExpectColor(RenderModel(model, glm::vec3(l), 0.25f), expected);
}

// KHR_texture_transform moves where a texture is read: a 2x1 image, red
// then green, offset by half its width shows green on the quad's left half.
TEST_F(MaterialShading, TextureTransformOffsetsTheLookup) {
  anim::MeshPrimitive quad = render_test::Quad(-1, -1, 1, 1, {0, 0, 0, 0}, {1, 0, 0, 0});
  anim::Model model = render_test::ModelWith(1, quad, glm::vec4(1.0f));
  model.materials[0] = Surface(glm::vec3(1.0f), 0.0f, 0.5f);
  model.materials[0].unlit = true;
  model.materials[0].base_color = TextureOf(0);
  model.materials[0].base_color.sampler.wrap_s = 0x812F;  // GL_CLAMP_TO_EDGE
  anim::Image image;
  image.width = 2;
  image.height = 1;
  image.rgba = {255, 0, 0, 255, 0, 255, 0, 255};
  model.images.push_back(image);
  ExpectColor(RenderModel(model, glm::vec3(0, 0, 1), 0.0f, 0.0f, -0.5f), glm::dvec3(1, 0, 0));
  model.materials[0].base_color.transform.offset = glm::vec2(0.5f, 0.0f);
  ExpectColor(RenderModel(model, glm::vec3(0, 0, 1), 0.0f, 0.0f, -0.5f), glm::dvec3(0, 1, 0));
}

// The flat look ignores the material: half-Lambert key, base colour only.
TEST_F(MaterialShading, FlatShadingIgnoresMetalAndRoughness) {
  const render_test::Rgb got = Render(Surface(glm::vec3(0.8f), 1.0f, 0.2f), glm::vec3(0, 0, 1),
                                      0.5f, 0.0f, render::Shading::kFlat);
  ExpectColor(got, glm::dvec3(0.8 * 0.5));  // n.l = 1: half-Lambert 1
}

}  // namespace
