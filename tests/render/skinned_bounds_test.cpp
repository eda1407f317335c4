// Bounds of the skinned mesh, checked against corners computed by hand.
#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/offline/pose.h"
#include "render/skinned_bounds.h"
#include "test_scene.h"

namespace {

void ExpectVec3Near(const glm::vec3& a, const glm::vec3& b) {
  EXPECT_NEAR(a.x, b.x, 1e-5f);
  EXPECT_NEAR(a.y, b.y, 1e-5f);
  EXPECT_NEAR(a.z, b.z, 1e-5f);
}

TEST(SkinnedBounds, FollowsThePaletteWithBlendedWeights) {
  anim::Model model = render_test::ModelWith(
      2, render_test::Quad(0.0f, 0.0f, 1.0f, 2.0f, {0, 1, 0, 0}, {0.5f, 0.5f, 0, 0}),
      glm::vec4(1.0f));
  // Joint 0 identity, joint 1 moves by (2, 0, 4): the blend moves by (1, 0, 2).
  std::vector<glm::mat4> palette = {glm::mat4(1.0f),
                                    glm::translate(glm::mat4(1.0f), glm::vec3(2, 0, 4))};
  render::Bounds b = render::SkinnedBounds(model, palette);
  ExpectVec3Near(b.min, {1.0f, 0.0f, 2.0f});
  ExpectVec3Near(b.max, {2.0f, 2.0f, 2.0f});
}

TEST(SkinnedBounds, RestPoseUsesModelMatricesTimesInverseBind) {
  // One joint whose rest pose is 90 degrees about Y at (0, 1, 0), bind pose
  // identity (inverse bind = identity): x in [0, 1] maps to z in [0, -1].
  anim::Model model = render_test::ModelWith(
      1, render_test::Quad(0.0f, 0.0f, 1.0f, 1.0f, {0, 0, 0, 0}, {1, 0, 0, 0}), glm::vec4(1.0f));
  anim::Transform rest;
  rest.translation = glm::vec3(0.0f, 1.0f, 0.0f);
  rest.rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  anim::Pose rest_pose({rest}, {-1});
  anim::Pose bind_pose({anim::Transform{}}, {-1});
  model.skeleton = anim::SkeletonOf({"j"}, rest_pose, bind_pose, {glm::mat4(1.0f)});
  render::Bounds b = render::RestPoseBounds(model);
  ExpectVec3Near(b.min, {0.0f, 1.0f, -1.0f});
  ExpectVec3Near(b.max, {0.0f, 2.0f, 0.0f});
}

TEST(SkinnedBounds, EmptyModelGivesEmptyBounds) {
  anim::Model model;
  EXPECT_TRUE(render::RestPoseBounds(model).Empty());
}

}  // namespace
