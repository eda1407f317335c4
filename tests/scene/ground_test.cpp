// Ray casts against the ground mesh, checked against intersections worked
// out by hand from the plane equations of the triangles.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "scene/ground.h"
#include "scene/ground_loader.h"
#include "scene/heightfield_ground.h"

namespace {

anim::Model Triangles(std::initializer_list<glm::vec3> corners) {
  anim::MeshPrimitive p;
  p.positions = corners;
  for (std::uint32_t i = 0; i < p.positions.size(); ++i) p.indices.push_back(i);
  anim::Model model;
  model.primitives.push_back(p);
  return model;
}

TEST(RayTriangleTest, VerticalRayHitsFlatTriangleAtItsHeight) {
  float t = -1.0f;
  ASSERT_TRUE(scene::IntersectRayTriangle({0.25f, 5.0f, 0.25f}, {0, -1, 0}, {0, 0, 0}, {1, 0, 0},
                                          {0, 0, 1}, &t));
  EXPECT_FLOAT_EQ(t, 5.0f);
  // A direction of length 2 halves the parameter.
  ASSERT_TRUE(scene::IntersectRayTriangle({0.25f, 5.0f, 0.25f}, {0, -2, 0}, {0, 0, 0}, {1, 0, 0},
                                          {0, 0, 1}, &t));
  EXPECT_FLOAT_EQ(t, 2.5f);
}

TEST(RayTriangleTest, MissesOutsideParallelAndBehind) {
  float t;
  // x + z = 1.6 > 1: past the hypotenuse.
  EXPECT_FALSE(scene::IntersectRayTriangle({0.8f, 5, 0.8f}, {0, -1, 0}, {0, 0, 0}, {1, 0, 0},
                                           {0, 0, 1}, &t));
  // In the triangle's plane, moving along it.
  EXPECT_FALSE(
      scene::IntersectRayTriangle({-1, 0, 0.2f}, {1, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0, 0, 1}, &t));
  // The triangle is below the origin but the ray points up.
  EXPECT_FALSE(
      scene::IntersectRayTriangle({0.2f, 1, 0.2f}, {0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {0, 0, 1}, &t));
  // Degenerate (collinear corners).
  EXPECT_FALSE(
      scene::IntersectRayTriangle({0.5f, 1, 0}, {0, -1, 0}, {0, 0, 0}, {1, 0, 0}, {2, 0, 0}, &t));
}

TEST(GroundTest, SlantedTriangleGivesPlaneHeightAndNormal) {
  // Plane y = x / 2 through (0,0,0), (2,1,0), (0,0,2): normal (-1/2, 1, 0)
  // normalised = (-0.4472136, 0.8944272, 0).
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(ground.Set(Triangles({{0, 0, 0}, {2, 1, 0}, {0, 0, 2}}), &error)) << error;
  scene::RayHit hit;
  ASSERT_TRUE(ground.Raycast({1.0f, 3.0f, 0.5f}, {0, -1, 0}, 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 0.5f, 1e-6f);
  EXPECT_NEAR(hit.distance, 2.5f, 1e-6f);
  EXPECT_NEAR(hit.normal.x, -0.4472136f, 1e-6f);
  EXPECT_NEAR(hit.normal.y, 0.8944272f, 1e-6f);
  EXPECT_NEAR(hit.normal.z, 0.0f, 1e-6f);
  // From below, the normal faces the ray's origin: down.
  ASSERT_TRUE(ground.Raycast({1.0f, -3.0f, 0.5f}, {0, 1, 0}, 10.0f, &hit));
  EXPECT_NEAR(hit.distance, 3.5f, 1e-6f);
  EXPECT_LT(hit.normal.y, 0.0f);
  // ProbeDown at x = 1.5, z = 0.25: y = 0.75.
  ASSERT_TRUE(ground.ProbeDown(1.5f, 0.25f, &hit));
  EXPECT_NEAR(hit.point.y, 0.75f, 1e-6f);
  EXPECT_FALSE(ground.ProbeDown(3.0f, 0.25f, &hit));  // off the edge
}

TEST(GroundTest, NearestOfStackedTrianglesWithinTheMaximumDistance) {
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(ground.Set(Triangles({{-1, 0, -1},
                                    {-1, 0, 3},
                                    {3, 0, -1},  // y = 0
                                    {-1, 1, -1},
                                    {-1, 1, 3},
                                    {3, 1, -1}}),  // y = 1
                         &error));
  scene::RayHit hit;
  ASSERT_TRUE(ground.Raycast({0, 5, 0}, {0, -1, 0}, 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 1.0f, 1e-6f);
  EXPECT_NEAR(hit.distance, 4.0f, 1e-6f);
  EXPECT_FALSE(ground.Raycast({0, 5, 0}, {0, -1, 0}, 3.9f, &hit));
  // Between the two, the lower one.
  ASSERT_TRUE(ground.Raycast({0, 0.5f, 0}, {0, -1, 0}, 10.0f, &hit));
  EXPECT_NEAR(hit.point.y, 0.0f, 1e-6f);
  // A slanted ray (the brute-force path): from (0, 0.5, 0) along (1, -1, 0)
  // meets y = 0 at x = 0.5, sqrt(0.5) away.
  ASSERT_TRUE(ground.Raycast({0, 0.5f, 0}, {1, -1, 0}, 10.0f, &hit));
  EXPECT_NEAR(hit.point.x, 0.5f, 1e-6f);
  EXPECT_NEAR(hit.distance, std::sqrt(0.5f), 1e-6f);
}

TEST(GroundTest, RefusesMeshesWithoutTrianglesOrWithBadNumbers) {
  scene::Ground ground;
  std::string error;
  EXPECT_FALSE(ground.Set(anim::Model{}, &error));
  EXPECT_NE(error.find("no triangles"), std::string::npos) << error;
  EXPECT_FALSE(ground.Set(Triangles({{0, 0, 0}, {1, NAN, 0}, {0, 0, 1}}), &error));
  EXPECT_NE(error.find("finite"), std::string::npos) << error;
  anim::Model bad = Triangles({{0, 0, 0}, {1, 0, 0}, {0, 0, 1}});
  bad.primitives[0].indices[2] = 7;
  EXPECT_FALSE(ground.Set(bad, &error));
  EXPECT_NE(error.find("index"), std::string::npos) << error;
  EXPECT_TRUE(ground.Empty());
}

TEST(HeightfieldTest, PlainSlopeProbesToThePlane) {
  scene::HeightfieldOptions options;
  options.half_extent = 4.0f;
  options.cell = 0.5f;
  options.slope_x = 0.25f;
  options.slope_z = -0.1f;
  options.units_per_metre = 2.0f;  // heights and positions doubled
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(ground.Set(scene::MakeHeightfieldGround(options), &error)) << error;
  // Plane y = 0.25 x - 0.1 z in metres; in units y' = 2 (0.25 x'/2 - 0.1 z'/2).
  const glm::vec3 normal = glm::normalize(glm::vec3(-0.25f, 1.0f, 0.1f));
  for (const glm::vec2 at : {glm::vec2(0.3f, -1.7f), glm::vec2(5.1f, 6.9f), glm::vec2(-7.9f, 0)}) {
    scene::RayHit hit;
    ASSERT_TRUE(ground.ProbeDown(at.x, at.y, &hit));
    EXPECT_NEAR(hit.point.y, 0.25f * at.x - 0.1f * at.y, 1e-5f);
    EXPECT_NEAR(glm::dot(hit.normal, normal), 1.0f, 1e-6f);
  }
}

TEST(HeightfieldTest, BumpsFollowTheHeightFunctionAtVertices) {
  const scene::HeightfieldOptions options = scene::BumpySlopedGround(1.0f);
  // sin(pi x / 1.6) sin(0.8 pi z / 1.6) at a vertex (x = 0.5, z = 1.0, on the
  // 0.25 m lattice): 0.06 * sin(0.98175) * sin(1.5708) = 0.06 * 0.83147 * 1.
  const float expected = 0.22f * 0.5f + 0.05f * 1.0f + 0.06f * 0.8314696f * 1.0f;
  EXPECT_NEAR(scene::HeightfieldHeight(options, 0.5f, 1.0f), expected, 1e-5f);
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(ground.Set(scene::MakeHeightfieldGround(options), &error));
  scene::RayHit hit;
  ASSERT_TRUE(ground.ProbeDown(0.5f, 1.0f, &hit));
  EXPECT_NEAR(hit.point.y, expected, 1e-5f);
}

TEST(GroundLoaderTest, RampFileGivesItsHandComputedHeights) {
  // assets/grounds/ramp.gltf: y = 0.2 x over [-5, 5]^2 on a node lifted 1 m.
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(
      scene::LoadGroundGltf(ANIM_SOURCE_DIR "/assets/grounds/ramp.gltf", 1.0f, &ground, &error))
      << error;
  scene::RayHit hit;
  ASSERT_TRUE(ground.ProbeDown(2.0f, -3.0f, &hit));
  EXPECT_NEAR(hit.point.y, 1.0f + 0.4f, 1e-5f);
  const glm::vec3 normal = glm::normalize(glm::vec3(-0.2f, 1.0f, 0.0f));
  EXPECT_NEAR(glm::dot(hit.normal, normal), 1.0f, 1e-6f);
  // In centimetre units everything is 100 times larger.
  ASSERT_TRUE(
      scene::LoadGroundGltf(ANIM_SOURCE_DIR "/assets/grounds/ramp.gltf", 100.0f, &ground, &error));
  ASSERT_TRUE(ground.ProbeDown(200.0f, -300.0f, &hit));
  EXPECT_NEAR(hit.point.y, 140.0f, 1e-3f);
}

TEST(GroundLoaderTest, BadFileKeepsTheCurrentGroundAndNamesTheFile) {
  scene::Ground ground;
  std::string error;
  ASSERT_TRUE(
      scene::LoadGroundGltf(ANIM_SOURCE_DIR "/assets/grounds/ramp.gltf", 1.0f, &ground, &error));
  const std::string missing = ANIM_SOURCE_DIR "/assets/grounds/no_such_ground.gltf";
  EXPECT_FALSE(scene::LoadGroundGltf(missing, 1.0f, &ground, &error));
  EXPECT_NE(error.find("no_such_ground.gltf"), std::string::npos) << error;
  // A file with only a skeleton and animation but no triangles: the graph
  // description is not glTF at all, which fails to parse.
  const std::string not_gltf = ANIM_SOURCE_DIR "/assets/graphs/mannequin_locomotion.json";
  EXPECT_FALSE(scene::LoadGroundGltf(not_gltf, 1.0f, &ground, &error));
  EXPECT_NE(error.find("mannequin_locomotion.json"), std::string::npos) << error;
  scene::RayHit hit;
  ASSERT_TRUE(ground.ProbeDown(0.0f, 0.0f, &hit));  // still the ramp
  EXPECT_NEAR(hit.point.y, 1.0f, 1e-5f);
}

}  // namespace
