#include "anim/control/synced_blend.h"
#include "anim/offline/pose.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/core/soa_pose.h"
#include "test_rig.h"

namespace {

using namespace anim_test;

TEST(SyncedBlend, CycleLengthIsTheWeightedMeanOfTheClipLengths) {
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
  anim::SoaPose out = s.RestPose();
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
  anim::SoaPose out = s.RestPose();
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
  blend.Start(&walk, &run, 0.0f, 0.25f);  // sync offset o = 0.25
  anim::SoaPose out = s.RestPose();
  // Weight 0: bl = 1 s, so 0.5 s is phase 0.5 for A and 0.75 for B.
  ASSERT_TRUE(blend.Update(0.5f, 0.0f, out));
  EXPECT_FLOAT_EQ(blend.PoseA().Local(0).translation.x, 0.5f);
  EXPECT_FLOAT_EQ(blend.PoseB().Local(0).translation.x, 0.75f);
  // Phase 0.9 + 0.25 wraps to 0.15.
  ASSERT_TRUE(blend.Update(0.4f, 0.0f, out));
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.15f, 1e-5f);
}

// A cycle turning every joint about its own axis, keys shared by all
// tracks (the structure-of-arrays sampler's case), with a translation too.
anim::Clip MakeTurningClip(const std::string& name, float duration, float turns) {
  std::vector<float> times;
  for (int k = 0; k <= 8; ++k) times.push_back(duration * static_cast<float>(k) / 8.0f);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 4; ++j) {
    const glm::vec3 axis = glm::normalize(glm::vec3(1.0f + j, 2.0f - j, 0.5f));
    std::vector<glm::quat> rotations;
    std::vector<glm::vec3> translations;
    for (float t : times) {
      rotations.push_back(glm::angleAxis(turns * 6.2831853f * t / duration + 0.3f * j, axis));
      translations.push_back({0.1f * j * t, 1.0f, 0.2f * t});
    }
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, rotations);
    jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, translations);
    tracks.push_back(jt);
  }
  return anim::Clip(name, tracks);
}

// The crowd overload (SoaPoses, caller's scratch) gives the Pose overload's
// blend within 1e-6, frame after frame of a weight sweep with a phase
// offset, and the same phase.
TEST(SyncedBlend, SoaPoseUpdateMatchesPoseUpdate) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeTurningClip("walk", 1.1f, 1.0f);
  const anim::Clip run = MakeTurningClip("run", 0.7f, 1.5f);
  anim::SyncedBlend on_pose(s), on_soa(s);
  on_pose.Start(&walk, &run, 0.2f, 0.3f);
  on_soa.Start(&walk, &run, 0.2f, 0.3f);
  anim::SoaPose out = s.RestPose();
  const anim::SoaPose rest(s.RestPose());
  anim::SoaPose a = rest, b = rest, soa_out = rest;
  for (int i = 0; i < 300; ++i) {
    const float w = 0.5f + 0.5f * std::sin(i * 0.07f);
    ASSERT_TRUE(on_pose.Update(1.0f / 60, w, out));
    ASSERT_TRUE(on_soa.Update(1.0f / 60, w, rest, a, b, soa_out));
    ASSERT_EQ(on_soa.Phase(), on_pose.Phase());
    for (int j = 0; j < s.JointCount(); ++j) {
      const anim::Transform got = soa_out.Local(j), want = out.Local(j);
      for (int c = 0; c < 3; ++c) EXPECT_NEAR(got.translation[c], want.translation[c], 1e-6f) << i;
      for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(got.rotation[c], want.rotation[c], 1e-6f) << i << " joint " << j;
    }
    if (HasFailure()) return;
  }
}

// A pair switched mid-cycle (a blend space's speed entering its next
// segment) plays on from the same phase: the new clips are sampled there.
TEST(SyncedBlend, SwitchingClipsKeepsThePhase) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.5f, 0, 1);
  const anim::Clip sprint = MakeSlideClip("sprint", 0.25f, 0, 1);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run);
  anim::SoaPose out = s.RestPose();
  ASSERT_TRUE(blend.Update(0.3f, 0.0f, out));  // weight 0: cycle 1 s, phase 0.3
  blend.Switch(&run, &sprint);
  EXPECT_FLOAT_EQ(blend.Phase(), 0.3f);
  // Weight 1: cycle 0.25 s, so 0.05 s is 0.2 of a cycle: phase 0.5.
  ASSERT_TRUE(blend.Update(0.05f, 1.0f, out));
  EXPECT_NEAR(blend.Phase(), 0.5f, 1e-6f);
  EXPECT_NEAR(blend.PoseA().Local(0).translation.x, 0.5f, 1e-5f);  // run at 0.25 s
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.5f, 1e-5f);  // sprint at 0.125 s
  EXPECT_NEAR(blend.StepA().from, 0.15f, 1e-6f);
  EXPECT_NEAR(blend.StepA().delta, 0.1, 1e-6);  // 0.2 of run's 0.5 s
  EXPECT_NEAR(blend.StepB().delta, 0.05, 1e-6);
}

// Unsynchronised, each clip runs on its own clock at rate 1 from where the
// synchronised blend left it (the legs drift); synchronised again, B is
// back at A's phase.
TEST(SyncedBlend, UnsynchronisedEachClipKeepsItsOwnClock) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.5f, 0, 1);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run);
  anim::SoaPose out = s.RestPose();
  ASSERT_TRUE(blend.Update(0.1f, 0.0f, out));  // cycle 1 s: both at phase 0.1
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.1f, 1e-6f);
  blend.SetSynchronized(false);
  ASSERT_TRUE(blend.Update(0.1f, 0.5f, out));
  EXPECT_NEAR(blend.PoseA().Local(0).translation.x, 0.2f, 1e-6f);  // walk at 0.2 s of 1
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.3f, 1e-6f);  // run at 0.15 s of 0.5
  EXPECT_NEAR(out.Local(0).translation.x, 0.25f, 1e-6f);
  EXPECT_DOUBLE_EQ(blend.StepA().delta, 0.1f);
  EXPECT_DOUBLE_EQ(blend.StepB().delta, 0.1f);
  EXPECT_EQ(blend.RateA(), 1.0f);
  EXPECT_EQ(blend.RateB(), 1.0f);
  blend.SetSynchronized(true);
  ASSERT_TRUE(blend.Update(0.0f, 0.5f, out));
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.2f, 1e-6f);
  EXPECT_NEAR(blend.StepB().time, 0.1f, 1e-6f);
}

// With the clips' root motions, each sampled pose has its root's travel
// taken out (the root stays over the placement) and Motion() is the two
// travels blended: walk 10 units in 1 s, run 20 in 0.5 s, weight 0.5, cycle
// 0.75 s; in 0.375 s the walk travels 5, the run 10, the blend 7.5.
TEST(SyncedBlend, RootMotionLeavesThePoseAndBlendsIntoTheStep) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 10);
  const anim::Clip run = MakeSlideClip("run", 0.5f, 0, 20);
  const anim::RootMotion walk_motion = anim::RootMotion::FromClip(s, walk, 0);
  const anim::RootMotion run_motion = anim::RootMotion::FromClip(s, run, 0);
  ASSERT_EQ(walk_motion.GetSource(), anim::RootMotion::Source::kExtracted);
  anim::SyncedBlend blend(s);
  blend.Start(&walk, &run);
  blend.SetRootMotion(&walk_motion, &run_motion);
  anim::SoaPose out = s.RestPose();
  ASSERT_TRUE(blend.Update(0.375f, 0.5f, out));
  EXPECT_NEAR(blend.PoseA().Local(0).translation.x, 0.0f, 1e-4f);
  EXPECT_NEAR(blend.PoseB().Local(0).translation.x, 0.0f, 1e-4f);
  EXPECT_NEAR(out.Local(0).translation.y, 1.0f, 1e-5f);    // height stays in the pose
  EXPECT_NEAR(out.Local(1).translation.x, 7.5f, 1e-4f);    // children keep their motion
  EXPECT_NEAR(blend.Motion().translation.x, 7.5f, 1e-4f);  // the root's travel, blended
  EXPECT_NEAR(blend.Motion().translation.z, 0.0f, 1e-5f);
  // A second step of the same length: the walk from 5 to 8.75 and the run
  // from 10 to 17.5 on the same cycle: 3.75 and 7.5, blended 5.625.
  ASSERT_TRUE(blend.Update(0.28125f, 0.5f, out));
  EXPECT_NEAR(blend.Motion().translation.x, 5.625f, 1e-4f);
  blend.SetRootMotion(nullptr, nullptr);
  ASSERT_TRUE(blend.Update(0.0f, 0.5f, out));
  EXPECT_EQ(blend.Motion().translation.x, 0.0f);
  EXPECT_NEAR(out.Local(0).translation.x, (8.75f + 17.5f) / 2, 1e-4f);
}

TEST(SyncedBlend, RefusesBadInput) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.0f, 0, 1);
  anim::SyncedBlend blend(s);
  anim::SoaPose out = s.RestPose();
  EXPECT_FALSE(blend.Update(0.1f, 0.5f, out));  // not started
  blend.Start(&walk, &walk);
  EXPECT_FALSE(blend.Update(NAN, 0.5f, out));
  EXPECT_FALSE(blend.Update(0.1f, NAN, out));
  EXPECT_FALSE(blend.Update(-0.1f, 0.5f, out));
  EXPECT_EQ(blend.Phase(), 0.0f);
}

}  // namespace
