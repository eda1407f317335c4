#include "anim/synced_blend.h"

#include <cmath>

#include <gtest/gtest.h>

#include "test_rig.h"

namespace {

using namespace anim_test;

TEST(SyncedBlend, CycleLengthFollowsSeed003) {
  EXPECT_FLOAT_EQ(anim::BlendedCycleLength(1.1f, 0.7f, 0.0f), 1.1f);
  EXPECT_FLOAT_EQ(anim::BlendedCycleLength(1.1f, 0.7f, 1.0f), 0.7f);
  EXPECT_FLOAT_EQ(anim::BlendedCycleLength(1.1f, 0.7f, 0.25f), 1.0f);  // .7*.25 + 1.1*.75
}

TEST(SyncedBlend, BothClipsShareOnePhase) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 10);
  const anim::Clip run = MakeSlideClip("run", 0.5f, 0, 20);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run);
  anim::Pose out = s.RestPose();
  // w = 0.5: bl = 0.75 s, so 0.375 s is half a cycle for both clips:
  // walk at 0.5 s (x = 5), run at 0.25 s (x = 10), blended: 7.5.
  ASSERT_TRUE(blend.Update(0.375f, 0.5f, out));
  EXPECT_FLOAT_EQ(blend.Phase(), 0.5f);
  EXPECT_FLOAT_EQ(blend.PoseA().Local(0).translation.x, 5.0f);
  EXPECT_FLOAT_EQ(blend.PoseB().Local(0).translation.x, 10.0f);
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 7.5f);
  EXPECT_FLOAT_EQ(blend.RateA(), 1.0f / 0.75f);
  EXPECT_FLOAT_EQ(blend.RateB(), 0.5f / 0.75f);
}

TEST(SyncedBlend, PhaseStaysLockedAcrossAWeightSweep) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.7f, 0, 1);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run);
  anim::Pose out = s.RestPose();
  for (int i = 0; i < 600; ++i) {
    const float w = 0.5f + 0.5f * std::sin(i * 0.05f);
    ASSERT_TRUE(blend.Update(1.0f / 60, w, out));
    // Each clip's x is its own normalised time; locked phases mean equal x.
    EXPECT_NEAR(blend.PoseA().Local(0).translation.x, blend.PoseB().Local(0).translation.x, 1e-5f);
  }
}

TEST(SyncedBlend, PhaseOffsetShiftsClipBOnly) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.5f, 0, 1);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run, 0.0f, 0.25f);  // seed 003's o = 0.25
  anim::Pose out = s.RestPose();
  // Weight 0: bl = 1 s, so 0.5 s is phase 0.5 for A and 0.75 for B.
  ASSERT_TRUE(blend.Update(0.5f, 0.0f, out));
  EXPECT_FLOAT_EQ(blend.PoseA().Local(0).translation.x, 0.5f);
  EXPECT_FLOAT_EQ(blend.PoseB().Local(0).translation.x, 0.75f);
  // Phase 0.9 + 0.25 wraps to 0.15.
  ASSERT_TRUE(blend.Update(0.4f, 0.0f, out));
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.15f, 1e-5f);
}

TEST(SyncedBlend, RefusesBadInput) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 1);
  anim::SyncedBlend blend(s);
  anim::Pose out = s.RestPose();
  EXPECT_FALSE(blend.Update(0.1f, 0.5f, out));  // not started
  blend.Start(&walk, &walk);
  EXPECT_FALSE(blend.Update(NAN, 0.5f, out));
  EXPECT_FALSE(blend.Update(0.1f, NAN, out));
  EXPECT_FALSE(blend.Update(-0.1f, 0.5f, out));
  EXPECT_EQ(blend.Phase(), 0.0f);
}

}  // namespace
