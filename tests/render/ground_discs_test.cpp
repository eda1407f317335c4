// Footprint discs (05 Locomotion's ground marks): triangles fanned around
// each centre, flat, just above the ground, at the radius asked; and the
// orbit camera following a character keeps its angles and distance.
#include <gtest/gtest.h>

#include "render/orbit_camera.h"
#include "render/scene_renderer.h"

namespace {

TEST(GroundDiscs, FansFlatTrianglesAtTheRadiusJustAboveTheGround) {
  const render::GroundDisc discs[] = {{{1.0f, 0.0f, 2.0f}, {0.2f, 0.4f, 0.9f, 0.8f}, 0.1f},
                                      {{-3.0f, 0.0f, 0.5f}, {0.9f, 0.5f, 0.2f, 0.8f}, 0.2f}};
  std::vector<render::ColoredVertex> triangles;
  render::BuildGroundDiscs(discs, &triangles);
  // The same number of whole triangles per disc, enough to look round.
  ASSERT_EQ(triangles.size() % 6, 0u);
  const std::size_t per_disc = triangles.size() / 2;
  ASSERT_GE(per_disc, 3u * 12u);
  for (std::size_t i = 0; i < triangles.size(); ++i) {
    const render::GroundDisc& disc = discs[i / per_disc];
    const render::ColoredVertex& v = triangles[i];
    EXPECT_EQ(v.color, disc.color);
    EXPECT_GT(v.position.y, 0.0f);  // above the grid, no z-fighting
    EXPECT_LT(v.position.y, 0.01f);
    const float r =
        glm::length(glm::vec2(v.position.x - disc.center.x, v.position.z - disc.center.z));
    // Each triangle: the centre, then two rim points.
    if (i % 3 == 0) {
      EXPECT_NEAR(r, 0.0f, 1e-6f) << i;
    } else {
      EXPECT_NEAR(r, disc.radius, 1e-5f) << i;
    }
  }
  // Reusing the buffer: no discs, no triangles.
  render::BuildGroundDiscs({}, &triangles);
  EXPECT_TRUE(triangles.empty());
}

TEST(OrbitCameraFollow, MovingTheTargetMovesTheEyeAlike) {
  render::OrbitCamera camera;
  const glm::vec3 eye = camera.Eye(), target = camera.Target();
  camera.MoveTarget({2.0f, 0.0f, -5.0f});
  const glm::vec3 moved_eye = camera.Eye();
  EXPECT_FLOAT_EQ(moved_eye.x - eye.x, 2.0f);
  EXPECT_FLOAT_EQ(moved_eye.y - eye.y, 0.0f);
  EXPECT_FLOAT_EQ(moved_eye.z - eye.z, -5.0f);
  EXPECT_EQ(camera.Target(), target + glm::vec3(2.0f, 0.0f, -5.0f));
}

}  // namespace
