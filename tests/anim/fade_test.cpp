// The runtime's one fade (anim/control/fade.h) and its one record of the
// poses shown (anim/control/shown_pose_history.h), which the cross-fade
// controller, the clip mixer and the graph's transitions all run. Expected
// values are worked by hand: linear and smoothstep ramps, the snapshot a
// frozen switch holds, and Bollo's quintic for an offset that starts still.
#include <cmath>

#include <gtest/gtest.h>

#include "anim/control/fade.h"
#include "anim/control/shown_pose_history.h"
#include "test_rig.h"

namespace {

using anim::Fade;
using anim::ShownPoseHistory;
using anim::SoaPose;

TEST(Fade, ALinearFadeMovesFromItsStartToItsEndInProportionToTime) {
  Fade f;
  f.Start(0.0f, 1.0f, 2.0f);
  EXPECT_TRUE(f.Running());
  EXPECT_FLOAT_EQ(f.Value(), 0.0f);
  f.Advance(0.5f);
  EXPECT_FLOAT_EQ(f.Value(), 0.25f);
  f.Advance(1.0f);
  EXPECT_FLOAT_EQ(f.Value(), 0.75f);
  f.Advance(5.0f);  // past the end: held there
  EXPECT_FALSE(f.Running());
  EXPECT_FLOAT_EQ(f.elapsed, 2.0f);
  EXPECT_EQ(f.Value(), 1.0f);
}

TEST(Fade, AFadeOutGoesDownFromWhereItWas) {
  Fade f;
  f.Start(0.8f, 0.0f, 2.0f);  // the mixer's fade out of an action at 0.8
  f.Advance(0.5f);
  EXPECT_FLOAT_EQ(f.Value(), 0.8f - 0.8f * 0.25f);
}

TEST(Fade, TheEaseCurveShapesTheWeight) {
  Fade f;
  f.Start(0.0f, 1.0f, 1.0f, anim::EaseCurve::SmoothStep());
  f.Advance(0.25f);
  EXPECT_FLOAT_EQ(f.Value(), 3 * 0.0625f - 2 * 0.015625f);  // 3u^2 - 2u^3
  f.Advance(0.25f);
  EXPECT_FLOAT_EQ(f.Value(), 0.5f);
}

TEST(Fade, NoTimeOrABadTimeReachesTheEndAtOnce) {
  for (float seconds : {0.0f, -1.0f, NAN, INFINITY}) {
    Fade f;
    f.Start(0.0f, 1.0f, seconds);
    EXPECT_FALSE(f.Running()) << seconds;
    EXPECT_EQ(f.Value(), 1.0f) << seconds;
  }
}

TEST(Fade, BadStepsDoNotMoveIt) {
  Fade f;
  f.Start(0.0f, 1.0f, 1.0f);
  f.Advance(0.5f);
  f.Advance(-1.0f);
  f.Advance(NAN);
  f.Advance(INFINITY);
  EXPECT_FLOAT_EQ(f.Value(), 0.5f);
}

TEST(Fade, ANewFadeIsAtItsEndAndSetHoldsAValue) {
  Fade f;
  EXPECT_FALSE(f.Running());
  EXPECT_EQ(f.Value(), 1.0f);
  f.Set(0.0f);
  EXPECT_FALSE(f.Running());
  EXPECT_EQ(f.Value(), 0.0f);
}

// A pose of the test rig with the hips at height y.
SoaPose HipsAt(const SoaPose& rest, float y) {
  SoaPose pose = rest;
  anim::Transform hips = pose.Local(0);
  hips.translation.y = y;
  pose.SetLocal(0, hips);
  return pose;
}

float HipsY(const SoaPose& pose) { return pose.Local(0).translation.y; }

TEST(ShownPoseHistory, TheSnapshotHoldsThePoseShownWhenItWasTaken) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  ShownPoseHistory shown(s.RestPose(), {.snapshot = true});
  shown.BeginFrame(0.1f);
  shown.Remember(HipsAt(s.RestPose(), 2.0f));
  shown.Freeze();
  shown.BeginFrame(0.1f);
  shown.Remember(HipsAt(s.RestPose(), 3.0f));
  EXPECT_EQ(HipsY(shown.Snapshot()), 2.0f);
  EXPECT_EQ(HipsY(shown.LastShown()), 3.0f);
}

// A request not yet started is dropped by a stop: nothing runs after it,
// and the next frame shows the pose as given.
TEST(ShownPoseHistory, AStopDropsARequestedInertialization) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  ShownPoseHistory shown(s.RestPose(), {.velocity = true});
  shown.Reset(HipsAt(s.RestPose(), 3.0f));
  shown.RequestInertialization(0.5f);
  EXPECT_TRUE(shown.Inertializing());
  shown.StopInertialization();
  EXPECT_FALSE(shown.Inertializing());
  shown.BeginFrame(0.1f);
  SoaPose out = HipsAt(s.RestPose(), 1.0f);
  shown.ApplyInertialization(out);
  EXPECT_EQ(HipsY(out), 1.0f);
  EXPECT_FALSE(shown.Inertializing());
}

TEST(ShownPoseHistory, AnOwnerThatNeedsNothingKeepsNothing) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  EXPECT_EQ(ShownPoseHistory(s.RestPose(), {}).HeapBytes(), 0u);
  EXPECT_GT(ShownPoseHistory(s.RestPose(), {.snapshot = true}).HeapBytes(), 0u);
}

TEST(ShownPoseHistory, AnInertializationStartedStillDecaysByTheQuintic) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  ShownPoseHistory shown(s.RestPose(), {.velocity = true});
  // Shown: the hips held at 3 for two frames (still). Target: hips at 1.
  const SoaPose held = HipsAt(s.RestPose(), 3.0f), target = HipsAt(s.RestPose(), 1.0f);
  shown.Reset(held);
  shown.BeginFrame(0.1f);
  shown.Remember(held);
  EXPECT_FLOAT_EQ(shown.LastStep(), 0.1f);
  shown.StartInertialization(target, target, 1.0f);
  ASSERT_TRUE(shown.Inertializing());
  shown.BeginFrame(0.5f);  // half way
  SoaPose out = target;
  shown.ApplyInertialization(out);
  // x0 = 2, v0 = 0 (a0 clamped to 0): x(u) = x0 (1 - 10u^3 + 15u^4 - 6u^5).
  const float u = 0.5f;
  const float left = 1 - 10 * u * u * u + 15 * u * u * u * u - 6 * u * u * u * u * u;
  EXPECT_NEAR(HipsY(out), 1.0f + 2.0f * left, 1e-5f);
  shown.BeginFrame(0.6f);  // past the end
  out = target;
  shown.ApplyInertialization(out);
  EXPECT_NEAR(HipsY(out), 1.0f, 1e-6f);
  EXPECT_FALSE(shown.Inertializing());
}

TEST(ShownPoseHistory, AZeroStepKeepsTheOlderPoseForTheVelocity) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  ShownPoseHistory shown(s.RestPose(), {.velocity = true});
  shown.Reset(HipsAt(s.RestPose(), 2.0f));
  shown.BeginFrame(0.25f);
  shown.Remember(HipsAt(s.RestPose(), 1.0f));  // shown moving down at 4 units/s
  shown.BeginFrame(0.0f);                      // the same instant shown again
  shown.Remember(HipsAt(s.RestPose(), 1.0f));
  EXPECT_FLOAT_EQ(shown.LastStep(), 0.25f);
  // To a still target at 0 over 1 s: x0 = 1, v0 = -4 (closing, not fast
  // enough to shorten t1 = 1: -5 x0 / v0 = 1.25), a0 = (-8 v0 - 20 x0) = 12;
  // the quintic with x, x', x'' = 0 at t1 is then (1 - t)^4.
  const SoaPose target = HipsAt(s.RestPose(), 0.0f);
  shown.StartInertialization(target, target, 1.0f);
  shown.BeginFrame(0.25f);
  SoaPose out = target;
  shown.ApplyInertialization(out);
  EXPECT_NEAR(HipsY(out), std::pow(0.75f, 4.0f), 1e-5f);
}

}  // namespace
