// Blended primitives are sorted farthest first from where their anchors
// are in the current pose; the eye comes from the view-projection matrix.
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "render/blend_order.h"

namespace {

TEST(BlendOrder, TheEyeOfAPerspectiveViewIsTheCameraPosition) {
  const glm::vec3 camera(1.0f, 2.0f, 5.0f);
  const glm::mat4 view = glm::lookAt(camera, glm::vec3(0.0f), glm::vec3(0, 1, 0));
  const glm::mat4 projection = glm::perspective(0.8f, 1.5f, 0.1f, 100.0f);
  const glm::vec4 eye = render::EyeOf(projection * view);
  EXPECT_NEAR(eye.w, 1.0f, 1e-6f);
  EXPECT_NEAR(glm::distance(glm::vec3(eye), camera), 0.0f, 1e-3f);
}

TEST(BlendOrder, AnOrthographicEyeIsTheDirectionTowardsTheViewer) {
  // The identity: clip z = -1 is nearest, so the viewer is towards -Z.
  const glm::vec4 eye = render::EyeOf(glm::mat4(1.0f));
  EXPECT_EQ(eye, glm::vec4(0.0f, 0.0f, -1.0f, 0.0f));
}

TEST(BlendOrder, TheAnchorIsTheCentroidOnTheHeaviestJoint) {
  anim::MeshPrimitive p;
  p.positions = {{0, 0, 0}, {2, 0, 0}, {0, 4, 0}, {2, 4, 0}};
  p.joints.assign(4, glm::u16vec4(1, 3, 0, 0));
  p.weights = {{0.9f, 0.1f, 0, 0}, {0.2f, 0.8f, 0, 0}, {0.2f, 0.8f, 0, 0}, {0.3f, 0.7f, 0, 0}};
  const render::PrimitiveAnchor anchor = render::AnchorOf(p);
  EXPECT_EQ(anchor.centroid, glm::vec3(1.0f, 2.0f, 0.0f));
  EXPECT_EQ(anchor.joint, 3);  // 2.4 of weight against 1.6
  EXPECT_EQ(render::AnchorOf(anim::MeshPrimitive()).joint, -1);
}

// Three primitives listed nearest first; the posed joint carries the
// middle one behind the others, so it is drawn first.
TEST(BlendOrder, FarthestFirstFromThePosedAnchors) {
  const std::vector<render::PrimitiveAnchor> anchors = {
      {glm::vec3(0, 0, 1), -1}, {glm::vec3(0, 0, 0), 0}, {glm::vec3(0, 0, -1), -1}};
  const std::vector<glm::mat4> palette = {
      glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, 0.0f, -5.0f))};
  const glm::vec4 eye(0.0f, 0.0f, 10.0f, 1.0f);
  std::vector<int> order = {0, 1, 2};
  render::SortBackToFront(anchors, palette, glm::mat4(1.0f), eye, &order);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 0}));
  // Seen from the other side, the other way round.
  order = {0, 1, 2};
  render::SortBackToFront(anchors, palette, glm::mat4(1.0f), glm::vec4(0, 0, -10, 1), &order);
  EXPECT_EQ(order, (std::vector<int>{0, 2, 1}));
  // An orthographic eye sorts along its direction.
  order = {0, 1, 2};
  render::SortBackToFront(anchors, {}, glm::mat4(1.0f), glm::vec4(0, 0, 1, 0), &order);
  EXPECT_EQ(order, (std::vector<int>{2, 1, 0}));
}

}  // namespace
