// Pose comparison: distances and turns worked out here by hand, the joint
// that changed most (relative to its tolerance) first, and a skeleton that
// differs said so.
#include "regress/pose_compare.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace {

using regress::JointPose;

std::vector<JointPose> Pose() {
  return {{"hips", {0, 1, 0}, {1, 0, 0}, {0, 1, 0}},
          {"spine", {0, 1.2, 0}, {1, 0, 0}, {0, 1, 0}},
          {"head", {0, 1.6, 0}, {1, 0, 0}, {0, 1, 0}}};
}

TEST(PoseCompare, DistancesTurnsAndTheLargestChangeFirst) {
  const std::vector<JointPose> golden = Pose();
  std::vector<JointPose> actual = Pose();
  actual[1].position.x += 0.003;  // 3 mm
  // The head turned 0.01 rad about z: its x axis tilts by that angle.
  actual[2].x_axis = {std::cos(0.01), std::sin(0.01), 0};
  actual[2].y_axis = {-std::sin(0.01), std::cos(0.01), 0};
  const regress::PoseComparison c = regress::ComparePoses(golden, actual, {});
  ASSERT_TRUE(c.same_joints);
  EXPECT_FALSE(c.passed);
  EXPECT_NEAR(c.worst_distance, 0.003, 1e-12);
  EXPECT_NEAR(c.worst_turn, 0.01, 1e-9);
  // 3 mm is 30 tolerances of 0.1 mm; 0.01 rad is 100 of 1e-4 rad.
  ASSERT_EQ(c.joints.size(), 3u);
  EXPECT_EQ(c.joints[0].name, "head");
  EXPECT_EQ(c.joints[1].name, "spine");
  EXPECT_NEAR(c.joints[1].distance, 0.003, 1e-12);
  regress::Tolerances loose;
  loose.pose_tolerance = 0.0031;
  loose.axis_tolerance = 0.0101;
  EXPECT_TRUE(regress::ComparePoses(golden, actual, loose).passed);
  // Just under either change fails.
  regress::Tolerances tight = loose;
  tight.pose_tolerance = 0.0029;
  EXPECT_FALSE(regress::ComparePoses(golden, actual, tight).passed);
  tight = loose;
  tight.axis_tolerance = 0.0099;
  EXPECT_FALSE(regress::ComparePoses(golden, actual, tight).passed);
  EXPECT_TRUE(regress::ComparePoses(golden, golden, {}).passed);
}

TEST(PoseCompare, ASkeletonThatDiffersIsSaid) {
  std::vector<JointPose> fewer = Pose();
  fewer.pop_back();
  const regress::PoseComparison c = regress::ComparePoses(Pose(), fewer, {});
  EXPECT_FALSE(c.same_joints);
  EXPECT_FALSE(c.passed);
  EXPECT_EQ(c.problem, "the golden has 3 joints, the case 2");
  std::vector<JointPose> renamed = Pose();
  renamed[1].name = "chest";
  EXPECT_EQ(regress::ComparePoses(Pose(), renamed, {}).problem,
            "joint 1 is chest, the golden's spine");
}

TEST(PoseCompare, GoldensRoundTripAndDumpsAreRead) {
  const auto dir = std::filesystem::temp_directory_path() / "regress_pose_test";
  std::filesystem::create_directories(dir);
  std::string error;
  const std::string golden = (dir / "poses" / "a.txt").string();
  ASSERT_TRUE(regress::WritePoseGolden(golden, Pose(), &error)) << error;
  std::vector<JointPose> back;
  ASSERT_TRUE(regress::ReadPoseGolden(golden, &back, &error)) << error;
  EXPECT_TRUE(regress::ComparePoses(Pose(), back, {}).passed);
  // A dump as the viewer writes it: a model matrix per joint, column-major,
  // scaled by 2 (the axes are its directions).
  const std::string dump = (dir / "a.pose.json").string();
  std::ofstream(dump) << R"({"joints": [{"name": "hips", "model_matrix":
      [2,0,0,0, 0,2,0,0, 0,0,2,0, 0.5,1,0,1]}]})";
  std::vector<JointPose> dumped;
  ASSERT_TRUE(regress::ReadPoseDump(dump, &dumped, &error)) << error;
  ASSERT_EQ(dumped.size(), 1u);
  EXPECT_DOUBLE_EQ(dumped[0].position.x, 0.5);
  EXPECT_DOUBLE_EQ(dumped[0].x_axis.x, 1.0);
  EXPECT_DOUBLE_EQ(dumped[0].y_axis.y, 1.0);
  std::ofstream(dump) << R"({"joints": [{"name": "hips", "model_matrix": [1, 2]}]})";
  dumped.clear();
  EXPECT_FALSE(regress::ReadPoseDump(dump, &dumped, &error));
  EXPECT_EQ(error, dump + ": a joint without a name and a 16-number model_matrix");
}

}  // namespace
