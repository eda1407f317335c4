// Features measured on hand-made clips whose motion is known exactly: a
// character walking straight at 1 m/s with one foot planted, and one turning
// on the spot at 90 degrees a second. Expected values are worked out by hand
// from those descriptions.
#include "anim/offline/motion_database_builder.h"

#include <gtest/gtest.h>

#include "walker_rig.h"

namespace {

using anim::FeatureGroup;
using anim::kFeatureCount;
using namespace anim_test;

constexpr float kPi = 3.14159265358979f;

glm::vec3 Group3(const float* row, FeatureGroup g) {
  const int f = anim::GroupSpan(g).first;
  return {row[f], row[f + 1], row[f + 2]};
}

struct Built {
  anim::MotionRows rows;
  const float* Row(int r) const { return rows.raw.data() + r * kFeatureCount; }
};

Built Extract(const anim::Skeleton& skeleton, const anim::Clip& clip, anim::LoopMode mode) {
  const anim::RootMotion motion = anim::RootMotion::FromClip(skeleton, clip, 0);
  EXPECT_EQ(motion.GetSource(), anim::RootMotion::Source::kExtracted);
  const anim::MotionClip source{&clip, &motion, mode};
  std::string error;
  const auto joints = anim::FindMotionJoints(skeleton, &error);
  EXPECT_TRUE(joints) << error;
  Built built;
  EXPECT_TRUE(anim::ExtractMotionRows(skeleton, {&source, 1}, *joints, 10.0f, &built.rows, &error))
      << error;
  return built;
}

TEST(MotionDatabaseBuilder, APlantedFootIsStillAndTheTrajectoryRunsAhead) {
  const anim::Skeleton skeleton = Walker();
  const Built built = Extract(skeleton, WalkClip(), anim::LoopMode::kClamp);
  // Frames every 0.1 s from 0 to 2: 21; those with a second left (0 to 1)
  // may be jumped to.
  ASSERT_EQ(built.rows.frames.size(), 21u);
  ASSERT_EQ(built.rows.ranges.size(), 1u);
  EXPECT_EQ(built.rows.ranges[0].begin, 0);
  EXPECT_EQ(built.rows.ranges[0].end, 11);
  const float* row = built.Row(5);  // t = 0.5: the character is at z = 0.5
  EXPECT_FLOAT_EQ(built.rows.frames[5].time, 0.5f);
  ExpectVecNear(Group3(row, FeatureGroup::kLeftFootPosition), {0.1f, 0.0f, -0.3f}, 1e-4f);
  ExpectVecNear(Group3(row, FeatureGroup::kRightFootPosition), {-0.1f, 0.0f, 0.0f}, 1e-4f);
  ExpectVecNear(Group3(row, FeatureGroup::kLeftFootVelocity), {0.0f, 0.0f, 0.0f}, 1e-3f);
  ExpectVecNear(Group3(row, FeatureGroup::kRightFootVelocity), {0.0f, 0.0f, 1.0f}, 1e-3f);
  ExpectVecNear(Group3(row, FeatureGroup::kHipsVelocity), {0.0f, 0.0f, 1.0f}, 1e-3f);
  const int p = anim::GroupSpan(FeatureGroup::kTrajectoryPositions).first;
  const int f = anim::GroupSpan(FeatureGroup::kTrajectoryFacings).first;
  for (int h = 0; h < 3; ++h) {
    EXPECT_NEAR(row[p + 2 * h], 0.0f, 1e-4f);
    EXPECT_NEAR(row[p + 2 * h + 1], anim::kTrajectoryHorizons[h], 1e-4f);
    EXPECT_NEAR(row[f + 2 * h], 0.0f, 1e-5f);
    EXPECT_NEAR(row[f + 2 * h + 1], 1.0f, 1e-5f);
  }
}

TEST(MotionDatabaseBuilder, ALoopCanBeJumpedToAnywhereAndItsTrajectoryWrapsOn) {
  const Built built = Extract(Walker(), WalkClip(), anim::LoopMode::kLoop);
  // 0, 0.1 ... 1.9: the end is the start again.
  ASSERT_EQ(built.rows.frames.size(), 20u);
  ASSERT_EQ(built.rows.ranges.size(), 1u);
  EXPECT_EQ(built.rows.ranges[0].end, 20);
  // At t = 1.5 the second-ahead point lies past the end, one cycle on: 1 m.
  const int p = anim::GroupSpan(FeatureGroup::kTrajectoryPositions).first;
  EXPECT_NEAR(built.Row(15)[p + 5], 1.0f, 1e-3f);
}

TEST(MotionDatabaseBuilder, TurningOnTheSpotTurnsTheFacingsAndSwingsTheFeet) {
  const Built built = Extract(Walker(), TurnClip(), anim::LoopMode::kClamp);
  const float* row = built.Row(5);
  // A second ahead the character has turned 90 degrees: it faces its own
  // +X (FacingOf: sin, cos), a third of a second ahead 30 degrees.
  const int f = anim::GroupSpan(FeatureGroup::kTrajectoryFacings).first;
  EXPECT_NEAR(row[f], std::sin(kPi / 6.0f), 1e-3f);
  EXPECT_NEAR(row[f + 1], std::cos(kPi / 6.0f), 1e-3f);
  EXPECT_NEAR(row[f + 4], 1.0f, 1e-3f);
  EXPECT_NEAR(row[f + 5], 0.0f, 1e-3f);
  // The left foot, 0.1 m along +X of the turning hips, moves at
  // omega x r = (pi/2) Y x 0.1 X = -0.157 along Z; the hips stay still.
  ExpectVecNear(Group3(row, FeatureGroup::kLeftFootPosition), {0.1f, 0.0f, 0.0f}, 1e-4f);
  ExpectVecNear(Group3(row, FeatureGroup::kLeftFootVelocity), {0.0f, 0.0f, -0.1f * kPi / 2.0f},
                1e-3f);
  ExpectVecNear(Group3(row, FeatureGroup::kHipsVelocity), {0.0f, 0.0f, 0.0f}, 1e-4f);
}

TEST(MotionDatabaseBuilder, RefusesWhatItCannotMeasureAndSaysWhy) {
  const anim::Skeleton skeleton = Walker();
  const anim::Clip clip = WalkClip();
  const anim::MotionClip source{&clip, nullptr, anim::LoopMode::kLoop};
  anim::MotionRows rows;
  std::string error;
  EXPECT_FALSE(anim::ExtractMotionRows(skeleton, {&source, 1}, {1, 2, 7}, 30.0f, &rows, &error));
  EXPECT_NE(error.find("joint 7 is not one of the skeleton's 3"), std::string::npos) << error;
  EXPECT_FALSE(anim::ExtractMotionRows(skeleton, {&source, 1}, {1, 2, 0}, 0.0f, &rows, &error));
  EXPECT_NE(error.find("frame rate"), std::string::npos) << error;
  anim::Transform t;
  anim::Pose rest({t, t}, {-1, 0});
  const anim::Skeleton legless =
      anim::SkeletonOf({"Hips", "Spine"}, rest, rest, std::vector<glm::mat4>(2, glm::mat4(1.0f)));
  EXPECT_FALSE(anim::FindMotionJoints(legless, &error));
  EXPECT_NE(error.find("left foot, right foot"), std::string::npos) << error;
}

TEST(MotionDatabaseBuilder, AnExcludedClipIsInTheRowsButNotInTheRanges) {
  const anim::Skeleton skeleton = Walker();
  const anim::Clip walk = WalkClip(), turn = TurnClip();
  const anim::MotionClip sources[] = {{&walk, nullptr, anim::LoopMode::kLoop, false},
                                      {&turn, nullptr, anim::LoopMode::kLoop, true}};
  std::string error;
  const auto db = anim::BuildMotionDatabase(skeleton, sources, {1, 2, 0}, 10.0f,
                                            anim::kDefaultFeatureWeights, &error);
  ASSERT_TRUE(db) << error;
  ASSERT_EQ(db->FrameCount(), 40);
  EXPECT_EQ(db->Frame(25).clip, 1);
  EXPECT_FLOAT_EQ(db->Frame(25).time, 0.5f);
  ASSERT_EQ(db->Ranges().size(), 1u);
  EXPECT_EQ(db->Ranges()[0].begin, 20);
  EXPECT_EQ(db->Ranges()[0].end, 40);
}

}  // namespace
