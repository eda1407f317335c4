// The skeleton overlay's geometry: a dot per joint at its model-space
// position, a line from each joint to its parent.
#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "render/skeleton_overlay.h"

namespace {

TEST(SkeletonOverlay, BonesJoinJointsToParentsInWorldSpace) {
  // Root at (0, 1, 0), child 2 units above, grandchild 1 unit along x; the
  // world transform moves everything by (10, 0, 0).
  const std::vector<glm::mat4> model = {glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0)),
                                        glm::translate(glm::mat4(1.0f), glm::vec3(0, 3, 0)),
                                        glm::translate(glm::mat4(1.0f), glm::vec3(1, 3, 0))};
  const std::vector<int> parents = {-1, 0, 1};
  const glm::mat4 world = glm::translate(glm::mat4(1.0f), glm::vec3(10, 0, 0));
  std::vector<render::ColoredVertex> bones, joints;
  render::BuildSkeletonOverlay(model, parents, world, {}, &bones, &joints);
  ASSERT_EQ(joints.size(), 3u);
  ASSERT_EQ(bones.size(), 4u);  // two bones: root has no parent
  EXPECT_EQ(joints[2].position, glm::vec3(11, 3, 0));
  EXPECT_EQ(bones[0].position, glm::vec3(10, 1, 0));  // parent end of bone 0 -> 1
  EXPECT_EQ(bones[1].position, glm::vec3(10, 3, 0));
  EXPECT_EQ(bones[2].position, glm::vec3(10, 3, 0));
  EXPECT_EQ(bones[3].position, glm::vec3(11, 3, 0));
}

TEST(SkeletonOverlay, UsesPerJointColoursOnlyWhenOnePerJoint) {
  const std::vector<glm::mat4> model(2, glm::mat4(1.0f));
  const std::vector<int> parents = {-1, 0};
  const std::vector<glm::vec4> colors = {{1, 0, 0, 1}, {0, 1, 0, 1}};
  std::vector<render::ColoredVertex> bones, joints;
  render::BuildSkeletonOverlay(model, parents, glm::mat4(1.0f), colors, &bones, &joints);
  EXPECT_EQ(joints[1].color, colors[1]);
  EXPECT_EQ(bones[1].color, colors[1]);  // the bone takes its child's colour
  const std::vector<glm::vec4> too_few = {{0, 0, 1, 1}};
  render::BuildSkeletonOverlay(model, parents, glm::mat4(1.0f), too_few, &bones, &joints);
  EXPECT_NE(joints[0].color, too_few[0]);
}

}  // namespace
