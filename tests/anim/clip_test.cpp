#include "anim/clips/clip.h"
#include "anim/compression/playback.h"
#include "anim/offline/pose.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using anim::Clip;
using anim::Interpolation;
using anim::LoopMode;
using namespace anim_test;

// Two joints; only joint 1 is animated: its x translation goes 0 -> 2 over
// [0, 2] seconds (so x equals the sample time), its rotation is untouched.
Clip LinearClip() {
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, {0, 2}, {{0, 0, 0}, {2, 0, 0}});
  return Clip("slide", {jt});
}

anim::Pose RestPose() {
  anim::Transform root;
  root.translation = {0, 5, 0};
  anim::Transform child;
  child.translation = {0, 0, 9};
  child.rotation = AxisAngle(30, {0, 1, 0});
  return anim::Pose({root, child}, {-1, 0});
}

TEST(Clip, StartEndAndDurationComeFromTheTracks) {
  anim::JointTracks a, b;
  a.joint = 0;
  a.rotation = anim::QuaternionTrack(Interpolation::kLinear, {0.5f, 1},
                                     {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)});
  b.joint = 1;
  b.scale = anim::VectorTrack(Interpolation::kStep, {0.75f, 3}, {glm::vec3(1), glm::vec3(2)});
  const Clip clip("c", {a, b});
  EXPECT_EQ(clip.StartTime(), 0.5f);
  EXPECT_EQ(clip.EndTime(), 3.0f);
  EXPECT_EQ(clip.Duration(), 2.5f);
}

TEST(Clip, LoopWrapsForwardAndBackward) {
  const Clip clip = LinearClip();
  EXPECT_FLOAT_EQ(clip.WrapTime(5.0f, LoopMode::kLoop), 1.0f);
  EXPECT_FLOAT_EQ(clip.WrapTime(-0.5f, LoopMode::kLoop), 1.5f);
  EXPECT_FLOAT_EQ(clip.WrapTime(2.0f, LoopMode::kLoop), 0.0f);
  EXPECT_FLOAT_EQ(clip.WrapTime(-4.25f, LoopMode::kLoop), 1.75f);
}

TEST(Clip, ClampHoldsTheEnds) {
  const Clip clip = LinearClip();
  EXPECT_EQ(clip.WrapTime(5.0f, LoopMode::kClamp), 2.0f);
  EXPECT_EQ(clip.WrapTime(-1.0f, LoopMode::kClamp), 0.0f);
  EXPECT_EQ(clip.WrapTime(1.25f, LoopMode::kClamp), 1.25f);
}

TEST(Clip, PingPongPlaysForwardThenBackward) {
  const Clip clip = LinearClip();
  // Period 4 s: 0..2 forward, 2..4 backward.
  EXPECT_FLOAT_EQ(clip.SampleTime(0.5f, LoopMode::kPingPong), 0.5f);
  EXPECT_FLOAT_EQ(clip.SampleTime(2.5f, LoopMode::kPingPong), 1.5f);
  EXPECT_NEAR(clip.SampleTime(3.9f, LoopMode::kPingPong), 0.1f, 1e-6f);
  EXPECT_FLOAT_EQ(clip.SampleTime(4.5f, LoopMode::kPingPong), 0.5f);
  EXPECT_FLOAT_EQ(clip.SampleTime(-0.5f, LoopMode::kPingPong), 0.5f);
  // The stored (wrapped) time keeps the direction: 2.5 stays 2.5.
  EXPECT_FLOAT_EQ(clip.WrapTime(6.5f, LoopMode::kPingPong), 2.5f);
}

TEST(Clip, SampleWritesAnimatedChannelsAndKeepsTheRest) {
  const Clip clip = LinearClip();
  const anim::Pose rest = RestPose();
  anim::Pose pose = rest;
  const float wrapped = test_support::SampleInto(clip, pose, 2.5f, LoopMode::kLoop);
  EXPECT_FLOAT_EQ(wrapped, 0.5f);
  ExpectVecNear(pose.Local(1).translation, {0.5f, 0, 0});
  // Rotation and scale of joint 1 have no track: rest values stay.
  EXPECT_EQ(pose.Local(1).rotation, rest.Local(1).rotation);
  // Joint 0 has no tracks at all.
  EXPECT_EQ(pose.Local(0).translation, rest.Local(0).translation);
}

// Tracks that share their key times, in a clip without a structure-of-arrays
// table (one animated joint of a thousand: the table would be far larger than
// the tracks), are sampled on one interval search: there STEP channels hold
// their key and LINEAR ones mix, rotations and vectors alike.
TEST(Clip, SharedTimesWithoutATableHoldStepKeysAndMixLinearOnes) {
  constexpr int kMany = 1000;
  const glm::vec3 up(0, 1, 0);
  anim::JointTracks stepped, linear;
  stepped.joint = kMany - 1;
  stepped.rotation = anim::QuaternionTrack(
      Interpolation::kStep, {0, 1, 2}, {AxisAngle(0, up), AxisAngle(90, up), AxisAngle(180, up)});
  stepped.translation =
      anim::VectorTrack(Interpolation::kStep, {0, 1, 2}, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
  linear.joint = kMany - 2;
  linear.rotation = anim::QuaternionTrack(
      Interpolation::kLinear, {0, 1, 2}, {AxisAngle(0, up), AxisAngle(90, up), AxisAngle(180, up)});
  linear.translation =
      anim::VectorTrack(Interpolation::kLinear, {0, 1, 2}, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
  const Clip clip("shared", {stepped, linear});
  ASSERT_EQ(clip.SoaKeyBytes(), 0u);
  std::vector<anim::Transform> locals(kMany);
  std::vector<int> parents(kMany);
  for (int j = 0; j < kMany; ++j) parents[j] = j - 1;
  const anim::Pose rest(locals, parents);
  for (const float t : {0.5f, 1.25f}) {
    SCOPED_TRACE(t);
    anim::Pose pose = rest;
    test_support::SampleInto(clip, pose, t, LoopMode::kClamp);
    const float held = std::floor(t);  // the key before t
    ExpectSameRotation(pose.Local(kMany - 1).rotation, AxisAngle(90 * held, up));
    ExpectVecNear(pose.Local(kMany - 1).translation, {held, 0, 0});
    ExpectSameRotation(pose.Local(kMany - 2).rotation, AxisAngle(90 * t, up));
    ExpectVecNear(pose.Local(kMany - 2).translation, {t, 0, 0});
  }
}

TEST(Clip, SampleIgnoresTracksForJointsThePoseDoesNotHave) {
  anim::JointTracks jt;
  jt.joint = 7;
  jt.translation = anim::VectorTrack(Interpolation::kLinear, {0, 1}, {{0, 0, 0}, {1, 1, 1}});
  const Clip clip("bad", {jt});
  anim::Pose pose = RestPose();
  test_support::SampleInto(clip, pose, 0.5f);
  EXPECT_EQ(pose.Local(1).translation, RestPose().Local(1).translation);
}

TEST(Playback, NegativeRatePlaysBackwardAndWraps) {
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip, LoopMode::kLoop, -1.0f);
  ASSERT_TRUE(test_support::AdvanceInto(playback, 0.5f, pose));
  EXPECT_FLOAT_EQ(playback.time, 1.5f);
  ExpectVecNear(pose.Local(1).translation, {1.5f, 0, 0});
  ASSERT_TRUE(test_support::AdvanceInto(playback, 1.0f, pose));
  EXPECT_FLOAT_EQ(playback.time, 0.5f);
  EXPECT_FLOAT_EQ(playback.NormalizedTime(), 0.25f);
}

TEST(Playback, RateScalesTimeAndClampStopsAtTheEnd) {
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip, LoopMode::kClamp, 2.0f);
  test_support::AdvanceInto(playback, 0.25f, pose);
  EXPECT_FLOAT_EQ(playback.time, 0.5f);
  for (int i = 0; i < 10; ++i) test_support::AdvanceInto(playback, 0.25f, pose);
  EXPECT_FLOAT_EQ(playback.time, 2.0f);
  ExpectVecNear(pose.Local(1).translation, {2, 0, 0});
  EXPECT_FLOAT_EQ(playback.NormalizedTime(), 1.0f);
}

TEST(Playback, PingPongNormalizedTimeFollowsTheBackwardPass) {
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip, LoopMode::kPingPong);
  test_support::AdvanceInto(playback, 3.0f, pose);
  EXPECT_FLOAT_EQ(playback.NormalizedTime(), 0.5f);
  ExpectVecNear(pose.Local(1).translation, {1, 0, 0});
}

TEST(Playback, NonFiniteStepsAreRefusedAndChangeNothing) {
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip);
  test_support::AdvanceInto(playback, 0.5f, pose);
  EXPECT_FALSE(test_support::AdvanceInto(playback, NAN, pose));
  EXPECT_FALSE(test_support::AdvanceInto(playback, INFINITY, pose));
  EXPECT_FLOAT_EQ(playback.time, 0.5f);
}

TEST(Playback, StepMovesTheClockWithoutSampling) {
  // Step is Advance without the sampling: the same wrapped times (backward
  // play over the loop point, ping-pong's way back), the pose never touched.
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip, LoopMode::kLoop, -1.0f);
  ASSERT_TRUE(playback.Step(0.5f));
  EXPECT_FLOAT_EQ(playback.time, 1.5f);  // 0 - 0.5 wrapped into [0, 2)
  ASSERT_TRUE(playback.Step(1.75f));
  EXPECT_FLOAT_EQ(playback.time, 1.75f);                // 1.5 - 1.75 = -0.25 wrapped
  ExpectVecNear(pose.Local(1).translation, {0, 0, 9});  // still the rest pose
  playback.Start(&clip, LoopMode::kPingPong);
  ASSERT_TRUE(playback.Step(3.0f));
  EXPECT_FLOAT_EQ(playback.time, 3.0f);  // on the way back
  EXPECT_FLOAT_EQ(clip.SampleTime(playback.time, playback.mode), 1.0f);
  EXPECT_FALSE(playback.Step(NAN));
  EXPECT_FLOAT_EQ(playback.time, 3.0f);
  anim::Playback none;
  EXPECT_FALSE(none.Step(0.1f));
}

TEST(Playback, StepAndAdvanceReportWhatTheClockCovered) {
  // The 2 s clip backward from its start: 0 - 0.5 wraps once to 1.5; then
  // forward at 2x by 2.5 s: 1.5 + 5 = 6.5 -> 0.5 after three ends.
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip, LoopMode::kLoop, -1.0f);
  anim::ClockStep step;
  ASSERT_TRUE(playback.Step(0.5f, &step));
  ExpectClockStep(step, 0.0, -0.5, 1.5, -1);
  playback.rate = 2.0f;
  ASSERT_TRUE(test_support::AdvanceInto(playback, 2.5f, pose, &step));
  ExpectClockStep(step, 1.5, 5.0, 0.5, 3);
  anim::SoaPose soa(RestPose());
  ASSERT_TRUE(playback.Advance(0.25f, soa, &step));
  ExpectClockStep(step, 0.5, 0.5, 1.0, 0);
  // A refusal leaves it as it was.
  EXPECT_FALSE(playback.Step(NAN, &step));
  ExpectClockStep(step, 0.5, 0.5, 1.0, 0);
}

TEST(Playback, LongPlayDoesNotDrift) {
  // Ten simulated minutes at 60 Hz: the wrapped time stays inside the clip
  // and equals the exact phase of the elapsed time within float precision.
  const Clip clip = LinearClip();
  anim::Pose pose = RestPose();
  anim::Playback playback;
  playback.Start(&clip);
  const int frames = 60 * 600;
  for (int i = 0; i < frames; ++i) test_support::AdvanceInto(playback, 1.0f / 60.0f, pose);
  EXPECT_GE(playback.time, 0.0f);
  EXPECT_LT(playback.time, 2.0f);
  const double exact = std::fmod(frames / 60.0, 2.0);
  const double error = std::abs(playback.time - exact);
  EXPECT_LT(std::min(error, 2.0 - error), 1e-3);
}

}  // namespace
