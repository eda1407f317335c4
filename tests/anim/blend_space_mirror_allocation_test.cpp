// Blend-space weights and pose mirroring run every frame: prove they
// allocate nothing (this executable links allocation_counter, which replaces
// operator new).
#include <vector>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/blending/mirror.h"
#include "anim/control/blend_space_1d.h"
#include "anim/control/blend_space_2d.h"
#include "anim/offline/pose.h"

namespace {

TEST(BlendSpaceAllocation, WeightsAllocateNothingInAnyMode) {
  anim::BlendSpace1D line;
  ASSERT_TRUE(line.Build(std::vector<float>{0.0f, 1.4f, 3.5f}, nullptr));
  anim::BlendSpace2D triangulated, grid, collinear;
  const std::vector<glm::vec2> points = {{0, 0},     {-1, 1.4f}, {0, 1.4f}, {1, 1.4f},
                                         {-1, 3.5f}, {0, 3.5f},  {1, 3.5f}};
  ASSERT_TRUE(triangulated.Build(points, nullptr));
  ASSERT_TRUE(grid.BuildGrid(std::vector<glm::vec2>(points.begin() + 1, points.end()), nullptr));
  ASSERT_TRUE(collinear.Build(std::vector<glm::vec2>{{0, 0}, {1, 1}, {2, 2}}, nullptr));
  std::vector<float> w1(3), w7(7), w6(6), w3(3);
  float sink = 0.0f;
  const long before = test_support::AllocationCount();
  for (int k = 0; k < 2000; ++k) {
    const int column = k % 50;  // a 50 x 40 grid
    const int row = k / 50;
    const glm::vec2 p{-1.5f + 3.0f * static_cast<float>(column) / 49.0f,
                      -0.5f + 4.5f * static_cast<float>(row) / 39.0f};
    line.Weights(p.y, w1);
    sink += line.Locate(p.y).t;
    triangulated.Weights(p, w7);  // inside and outside the hull
    grid.Weights(p, w6);
    collinear.Weights(p, w3);
    sink += w1[0] + w7[0] + w6[0] + w3[0];
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_GT(sink, 0.0f);
}

TEST(BlendSpaceAllocation, MirrorPoseAllocatesNothing) {
  std::vector<anim::Transform> locals(3);
  locals[1].translation = {0.2f, 0, 0};
  locals[2].translation = {-0.2f, 0, 0};
  const anim::Pose rest(locals, {-1, 0, 0});
  const anim::Skeleton skeleton = anim::SkeletonOf({"Hips", "LeftUpLeg", "RightUpLeg"}, rest, rest,
                                                   std::vector<glm::mat4>(3, glm::mat4(1.0f)));
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(skeleton, &error)) << error;
  const anim::SoaPose& pose = skeleton.RestPose();
  anim::SoaPose out = pose;
  const long before = test_support::AllocationCount();
  for (int k = 0; k < 1000; ++k) {
    anim::MirrorPose(map, skeleton.Parents(), pose, out);
    anim::MirrorPose(map, skeleton.Parents(), out, out);  // in place
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_EQ(out.Local(1).translation.x, 0.2f);  // mirrored twice: back where it was
}

}  // namespace
