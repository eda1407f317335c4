// Automatic framing: every corner of the model's box must be on screen, at
// the documented default angle.
#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "render/orbit_camera.h"

namespace {

render::Bounds Box(glm::vec3 min, glm::vec3 max) {
  render::Bounds b;
  b.Extend(min);
  b.Extend(max);
  return b;
}

void ExpectAllCornersVisible(const render::OrbitCamera& camera, const render::Bounds& b,
                             float aspect) {
  const glm::mat4 view_projection = camera.Projection(aspect) * camera.View();
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y,
                           (i & 4) ? b.max.z : b.min.z);
    const glm::vec4 clip = view_projection * glm::vec4(corner, 1.0f);
    ASSERT_GT(clip.w, 0.0f);
    const glm::vec3 ndc = glm::vec3(clip) / clip.w;
    EXPECT_LE(std::abs(ndc.x), 1.0f) << "corner " << i;
    EXPECT_LE(std::abs(ndc.y), 1.0f) << "corner " << i;
    EXPECT_GE(ndc.z, -1.0f);
    EXPECT_LE(ndc.z, 1.0f);
  }
}

TEST(OrbitCamera, FramesTallCharacterInLandscapeAndPortrait) {
  const render::Bounds character = Box({-0.3f, 0.0f, -0.2f}, {0.3f, 1.7f, 0.2f});
  render::OrbitCamera camera;
  camera.Frame(character, 16.0f / 9.0f);
  ExpectAllCornersVisible(camera, character, 16.0f / 9.0f);
  camera.Frame(character, 0.5f);
  ExpectAllCornersVisible(camera, character, 0.5f);
}

TEST(OrbitCamera, FramingWorksAtAnyModelScale) {
  // Centimetre-sized models (170 units tall) must frame the same way.
  const render::Bounds big = Box({-30.0f, 0.0f, -20.0f}, {30.0f, 170.0f, 20.0f});
  render::OrbitCamera camera;
  camera.Frame(big, 1.0f);
  ExpectAllCornersVisible(camera, big, 1.0f);
  EXPECT_GT(camera.Distance(), 100.0f);
}

TEST(OrbitCamera, DefaultAngleIsFrontThreeQuarterFromAbove) {
  const render::Bounds box = Box(glm::vec3(-1.0f), glm::vec3(1.0f));
  render::OrbitCamera camera;
  camera.Frame(box, 1.0f);
  const glm::vec3 direction = glm::normalize(camera.Eye() - camera.Target());
  const float yaw = glm::degrees(std::atan2(direction.x, direction.z));
  const float pitch = glm::degrees(std::asin(direction.y));
  EXPECT_NEAR(yaw, render::OrbitCamera::kDefaultYawDegrees, 1e-3f);
  EXPECT_NEAR(pitch, render::OrbitCamera::kDefaultPitchDegrees, 1e-3f);
}

TEST(OrbitCamera, OrbitZoomAndPanMoveAsDocumented) {
  const render::Bounds box = Box(glm::vec3(-1.0f), glm::vec3(1.0f));
  render::OrbitCamera camera;
  camera.Frame(box, 1.0f);
  const float distance = camera.Distance();
  camera.Zoom(0.5f);
  EXPECT_NEAR(camera.Distance(), distance * 0.5f, 1e-5f);
  camera.Orbit(0.0f, 10.0f);  // pitch clamps below the pole
  const glm::vec3 direction = glm::normalize(camera.Eye() - camera.Target());
  EXPECT_NEAR(glm::degrees(std::asin(direction.y)), 89.0f, 1e-2f);
  // Panning keeps the eye-to-target offset.
  const glm::vec3 offset = camera.Eye() - camera.Target();
  camera.Pan(0.1f, 0.2f);
  const glm::vec3 moved = camera.Eye() - camera.Target();
  EXPECT_NEAR(glm::length(offset - moved), 0.0f, 1e-4f);
  EXPECT_GT(glm::length(camera.Target()), 0.0f);
}

}  // namespace
