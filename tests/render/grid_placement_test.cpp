// The ground grid follows a walking character while asked to, and comes
// back under the model as soon as a frame stops asking (the next sample).
#include <vector>

#include <gtest/gtest.h>

#include "render/offscreen_target.h"
#include "render/scene_renderer.h"
#include "test_scene.h"

namespace {

using GridPlacementTest = render_test::RendererTest<render::SceneRenderer>;

TEST_F(GridPlacementTest, FollowsTheFocusThenReturnsHome) {
  Load(render_test::ModelWith(
      1, render_test::Quad(-0.5f, 0.0f, 0.5f, 1.0f, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f)));
  const glm::vec3 home = renderer_.Grid().center;
  const float major = 5.0f * renderer_.Grid().cell;
  render::OffscreenTarget target;
  std::string error;
  ASSERT_TRUE(target.Create(16, 16, 1, &error)) << error;
  target.Bind();
  std::vector<glm::mat4> palette(1, glm::mat4(1.0f));
  render::FrameInputs frame;
  frame.palette = palette;
  frame.grid_follows = true;
  frame.grid_focus = home + glm::vec3(10.2f * major, 0.0f, -3.9f * major);
  ASSERT_TRUE(renderer_.Draw(frame, &error)) << error;
  // Snapped to whole major cells: 10 and -4 of them from home.
  EXPECT_NEAR(renderer_.Grid().center.x, home.x + 10.0f * major, 1e-4f);
  EXPECT_NEAR(renderer_.Grid().center.z, home.z - 4.0f * major, 1e-4f);
  frame.grid_follows = false;  // another sample: the character is home again
  ASSERT_TRUE(renderer_.Draw(frame, &error)) << error;
  EXPECT_EQ(renderer_.Grid().center, home);
}

}  // namespace
