// The image-based light's bake (render/environment_map.h) against values
// worked by hand: OpenGL's cube map directions, the irradiance of
// environments whose integrals have closed forms, and the GGX prefilter's
// mean direction at roughness 1.
#include "render/environment_map.h"

#include <cmath>

#include <gtest/gtest.h>

namespace {

using render::CubeTexelDirection;

void ExpectNear(const glm::vec3& actual, const glm::vec3& expected, float tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(EnvironmentMap, CubeTexelsFollowOpenGlsFaceTable) {
  // The texel nearest a face's first corner, on a 2-texel face, points
  // halfway between the face's centre and that corner: (s, t) = (0.25, 0.25),
  // so sc = tc = -0.5. Table 8.19: +X has sc = -z, tc = -y; -X sc = +z,
  // tc = -y; +Y sc = +x, tc = +z; -Y sc = +x, tc = -z; +Z sc = +x, tc = -y;
  // -Z sc = -x, tc = -y.
  const float n = 1.0f / std::sqrt(1.5f);  // |(1, 0.5, 0.5)|
  ExpectNear(CubeTexelDirection(0, 2, 0, 0), glm::vec3(1.0f, 0.5f, 0.5f) * n, 1e-6f);
  ExpectNear(CubeTexelDirection(1, 2, 0, 0), glm::vec3(-1.0f, 0.5f, -0.5f) * n, 1e-6f);
  ExpectNear(CubeTexelDirection(2, 2, 0, 0), glm::vec3(-0.5f, 1.0f, -0.5f) * n, 1e-6f);
  ExpectNear(CubeTexelDirection(3, 2, 0, 0), glm::vec3(-0.5f, -1.0f, 0.5f) * n, 1e-6f);
  ExpectNear(CubeTexelDirection(4, 2, 0, 0), glm::vec3(-0.5f, 0.5f, 1.0f) * n, 1e-6f);
  ExpectNear(CubeTexelDirection(5, 2, 0, 0), glm::vec3(0.5f, 0.5f, -1.0f) * n, 1e-6f);
  // x grows along sc, y along tc: the last texel of +Z is at its other corner.
  ExpectNear(CubeTexelDirection(4, 2, 1, 1), glm::vec3(0.5f, -0.5f, 1.0f) * n, 1e-6f);
}

TEST(EnvironmentMap, ConstantRadianceGivesItselfBack) {
  const auto grey = [](const glm::vec3&) { return glm::vec3(0.25f, 0.5f, 1.0f); };
  const render::EnvironmentMaps maps = render::BakeEnvironment(grey, 8, 4, 32);
  ASSERT_EQ(maps.LevelCount(), 4);
  for (int m = 0; m < maps.LevelCount(); ++m) {
    ASSERT_EQ(maps.levels[m].size(), static_cast<std::size_t>(6 * (8 >> m) * (8 >> m)));
    for (const glm::vec3& texel : maps.levels[m]) ExpectNear(texel, grey({}), 1e-5f);
  }
  // A white Lambertian surface under a uniform sky shows the sky's radiance.
  for (const glm::vec3& n : {glm::vec3(0, 1, 0), glm::vec3(0.6f, 0, -0.8f)}) {
    ExpectNear(render::EvaluateIrradianceSh(maps.irradiance_sh, n), grey({}), 1e-3f);
  }
}

TEST(EnvironmentMap, IrradianceOfALinearSky) {
  // L = a + b y: over the hemisphere around n, (1 / pi) integral of L cos
  // = a + (2 / 3) b n.y (the mean of y weighted by the cosine is 2/3 n.y).
  const float a = 0.5f, b = 0.3f;
  const auto sky = [&](const glm::vec3& d) { return glm::vec3(a + b * d.y); };
  const std::array<glm::vec3, 9> sh = render::IrradianceSh(sky, 32);
  for (const glm::vec3& n :
       {glm::vec3(0, 1, 0), glm::vec3(0, -1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0.6f, 0.8f)}) {
    EXPECT_NEAR(render::EvaluateIrradianceSh(sh, n).x, a + 2.0f / 3.0f * b * n.y, 1e-3f)
        << n.x << " " << n.y << " " << n.z;
  }
}

TEST(EnvironmentMap, IrradianceOfAQuadraticSky) {
  // L = z^2. Facing +Z: (1 / pi) 2 pi integral_0^1 mu^2 mu dmu = 1/2.
  // Facing +X: z^2 = 1/3 + (2/3) P2(z), and the cosine lobe keeps band 2 at
  // a quarter, so 1/3 + (2/3)(1/4) P2(0) = 1/3 - 1/12 = 1/4.
  const auto sky = [](const glm::vec3& d) { return glm::vec3(d.z * d.z); };
  const std::array<glm::vec3, 9> sh = render::IrradianceSh(sky, 32);
  EXPECT_NEAR(render::EvaluateIrradianceSh(sh, {0, 0, 1}).x, 0.5f, 2e-3f);
  EXPECT_NEAR(render::EvaluateIrradianceSh(sh, {1, 0, 0}).x, 0.25f, 2e-3f);
}

TEST(EnvironmentMap, PrefilterAveragesALinearSkyAsGgxWeights) {
  // L = d.z. Roughness 0 is the radiance itself. At roughness 1 (alpha 1)
  // GGX's half vectors are cosine-distributed: with h at angle u, l is at
  // 2u, and the cosine-weighted mean of cos 2u over u < pi/4 is
  // (integral s^2 ds / 2) / (integral s ds / 2) over s = cos 2u in [0, 1]:
  // (1/6) / (1/4) = 2/3.
  const auto sky = [](const glm::vec3& d) { return glm::vec3(d.z); };
  const glm::vec3 n = glm::normalize(glm::vec3(0.3f, 0.2f, 1.0f));
  EXPECT_NEAR(render::PrefilteredRadiance(sky, n, 0.0f, 256).x, n.z, 1e-6f);
  EXPECT_NEAR(render::PrefilteredRadiance(sky, n, 1.0f, 1024).x, 2.0f / 3.0f * n.z, 0.01f);
  // In between, the lobe narrows: less blur than at 1, more than at 0.
  const float half = render::PrefilteredRadiance(sky, n, 0.5f, 1024).x;
  EXPECT_LT(half, n.z);
  EXPECT_GT(half, 2.0f / 3.0f * n.z + 0.05f);
}

TEST(EnvironmentMap, StudioIsBrightAboveDarkBelowWithItsKeyBox) {
  const glm::vec3 up = render::StudioRadiance({0, 1, 0});
  const glm::vec3 down = render::StudioRadiance({0, -1, 0});
  const glm::vec3 key = render::StudioRadiance(glm::normalize(glm::vec3(-0.35f, 0.8f, 0.6f)));
  EXPECT_GT(up.g, 2.0f * down.g);
  EXPECT_GT(key.g, 3.0f * up.g);
}

}  // namespace
