#include "anim/blending/additive.h"
#include "anim/offline/difference_clip.h"

#include <gtest/gtest.h>

#include "anim/blending/joint_mask.h"
#include "anim/blending/soa_additive.h"
#include "anim/blending/soa_layer_blend.h"

#include "test_rig.h"
#include "test_util.h"

namespace {

using namespace anim_test;

anim::SoaPose WithJoint(anim::SoaPose p, int joint, glm::vec3 t, glm::quat r,
                        glm::vec3 s = glm::vec3(1)) {
  p.SetLocal(joint, anim::Transform{t, r, s});
  return p;
}

TEST(Additive, MakeAdditivePoseSamplesTheFirstFrame) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip clip = MakeSlideClip("lean", 2.0f, 3.0f, 9.0f);
  const anim::SoaPose base = anim::MakeAdditivePose(s, clip);
  EXPECT_FLOAT_EQ(base.Local(1).translation.x, 3.0f);
  EXPECT_FLOAT_EQ(anim::MakeAdditivePose(s, clip, 1.0f).Local(1).translation.x, 6.0f);
}

TEST(Additive, AddingTheBaseItselfChangesNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose in = WithJoint(s.RestPose(), 1, {1, 2, 3}, AxisAngle(25, {1, 0, 0}));
  const anim::SoaPose base =
      WithJoint(s.RestPose(), 1, {5, 5, 5}, AxisAngle(-70, {0, 1, 1}), {2, 2, 2});
  anim::SoaPose out = s.RestPose();
  anim::Add(out, in, base, base);
  for (int i = 0; i < 4; ++i) {
    ExpectVecNear(out.Local(i).translation, in.Local(i).translation);
    ExpectSameRotation(out.Local(i).rotation, in.Local(i).rotation);
    ExpectVecNear(out.Local(i).scale, in.Local(i).scale);
  }
}

TEST(Additive, FullWeightAppliesTheDifferenceFromTheBase) {
  const anim::Skeleton s = MakeTestSkeleton();
  // in: 30 deg about Z; additive: 50 deg from a base of 30 deg = +20 deg.
  const anim::SoaPose in = WithJoint(s.RestPose(), 1, {1, 0, 0}, AxisAngle(30, {0, 0, 1}));
  const anim::SoaPose base = WithJoint(s.RestPose(), 1, {0, 0, 0}, AxisAngle(30, {0, 0, 1}));
  const anim::SoaPose add =
      WithJoint(s.RestPose(), 1, {2, 0, 0}, AxisAngle(50, {0, 0, 1}), {1.5f, 1, 1});
  anim::SoaPose out = s.RestPose();
  anim::Add(out, in, add, base, 1.0f);
  ExpectVecNear(out.Local(1).translation, {3, 0, 0});
  ExpectSameRotation(out.Local(1).rotation, AxisAngle(50, {0, 0, 1}));
  ExpectVecNear(out.Local(1).scale, {1.5f, 1, 1});
}

TEST(Additive, WeightZeroIsTheInputExactlyAndHalfIsHalfTheDelta) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose in = WithJoint(s.RestPose(), 2, {0, 1, 0}, AxisAngle(10, {1, 0, 0}));
  const anim::SoaPose& base = s.RestPose();
  const anim::SoaPose add = WithJoint(s.RestPose(), 2, {0, 1, 4}, AxisAngle(40, {1, 0, 0}));
  anim::SoaPose out = s.RestPose();
  anim::Add(out, in, add, base, 0.0f);
  EXPECT_EQ(out.Local(2).translation, in.Local(2).translation);
  EXPECT_EQ(out.Local(2).rotation, in.Local(2).rotation);
  anim::Add(out, in, add, base, 0.5f);
  ExpectVecNear(out.Local(2).translation, {0, 1, 2});
  ExpectSameRotation(out.Local(2).rotation, AxisAngle(30, {1, 0, 0}));  // 10 + 40/2
}

TEST(Additive, ARootLimitsTheLayerToItsSubtree) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose& in = s.RestPose();
  anim::SoaPose add = s.RestPose();
  for (int i = 0; i < 4; ++i) add = WithJoint(add, i, {1, 1, 0}, glm::quat(1, 0, 0, 0));
  anim::SoaPose out = s.RestPose();
  // A subtree layer: added over the whole skeleton, then blended back over
  // `in` with the weights of joint 1's subtree.
  anim::SoaPose added = s.RestPose();
  anim::Add(added, in, add, s.RestPose());
  anim::BlendWeighted(out, in, added, 1.0f, anim::MakeMaskFromRoot(s, 1).weights);
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 0.0f);
  EXPECT_FLOAT_EQ(out.Local(1).translation.x, 1.0f);
  EXPECT_FLOAT_EQ(out.Local(2).translation.x, 1.0f);
  EXPECT_FLOAT_EQ(out.Local(3).translation.x, 0.0f);
}

TEST(Additive, OutputMayAliasTheInput) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::SoaPose pose = WithJoint(s.RestPose(), 0, {1, 0, 0}, glm::quat(1, 0, 0, 0));
  const anim::SoaPose add = WithJoint(s.RestPose(), 0, {2, 1, 0}, glm::quat(1, 0, 0, 0));
  anim::Add(pose, pose, add, s.RestPose());
  ExpectVecNear(pose.Local(0).translation, {3, 0, 0});  // (1,0,0) + ((2,1,0) - rest (0,1,0))
}

anim::Clip RotateAndSlide(const std::string& name, float x1, float degrees) {
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0, 2}, {{0, 1, 0}, {x1, 1, 0}});
  jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, 2},
                                      {glm::quat(1, 0, 0, 0), AxisAngle(degrees, {0, 0, 1})});
  return anim::Clip(name, {jt});
}

TEST(DifferenceClip, AddedToTheReferenceGivesBackTheSource) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip source = RotateAndSlide("S", 4.0f, 90.0f);
  const anim::Clip reference = RotateAndSlide("R", 2.0f, 30.0f);
  anim::Clip diff;
  std::string error;
  ASSERT_TRUE(anim::MakeDifferenceClip(s, source, reference, &diff, &error)) << error;
  EXPECT_FLOAT_EQ(diff.Duration(), 2.0f);
  for (float t : {0.0f, 0.5f, 1.3f, 2.0f}) {
    anim::SoaPose sp = s.RestPose(), rp = s.RestPose(), dp = anim::MakeZeroDifferencePose(s);
    source.Sample(sp, t, anim::LoopMode::kClamp);
    reference.Sample(rp, t, anim::LoopMode::kClamp);
    diff.Sample(dp, t, anim::LoopMode::kClamp);
    anim::SoaPose out = s.RestPose();
    anim::AddDifference(out, rp, dp);
    for (int j = 0; j < 4; ++j) {
      ExpectVecNear(out.Local(j).translation, sp.Local(j).translation, 1e-4f);
      ExpectSameRotation(out.Local(j).rotation, sp.Local(j).rotation, 1e-4f);
      ExpectVecNear(out.Local(j).scale, sp.Local(j).scale, 1e-4f);
    }
  }
}

TEST(DifferenceClip, WeightedOnAnotherClipAddsAFractionOfTheChange) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::Clip diff;
  std::string error;
  ASSERT_TRUE(anim::MakeDifferenceClip(s, RotateAndSlide("S", 4, 90), RotateAndSlide("R", 2, 30),
                                       &diff, &error));
  // At t = 2: D translation x = 4 - 2 = 2 and rotation = 60 deg about Z.
  anim::SoaPose dp = anim::MakeZeroDifferencePose(s);
  diff.Sample(dp, 2.0f, anim::LoopMode::kClamp);
  anim::SoaPose out = s.RestPose();
  anim::AddDifference(out, s.RestPose(), dp, 0.5f);
  ExpectVecNear(out.Local(1).translation, {1, 1, 0}, 1e-4f);
  ExpectSameRotation(out.Local(1).rotation, AxisAngle(30, {0, 0, 1}), 1e-4f);
  // Joints the clips do not animate are untouched.
  ExpectVecNear(out.Local(2).translation, s.RestPose().Local(2).translation);
}

// A source that goes out and back (keys at 0, 1 and 2 s) against a still
// reference: the difference is resampled 30 times a second (61 keys over 2
// s), so it keeps the turnaround at 1 s, which two end frames would lose.
TEST(DifferenceClip, IsResampledAtItsRateSoASourceThatTurnsBackKeepsItsShape) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::JointTracks out_and_back;
  out_and_back.joint = 1;
  out_and_back.translation =
      anim::VectorTrack(anim::Interpolation::kLinear, {0, 1, 2}, {{0, 1, 0}, {4, 1, 0}, {0, 1, 0}});
  anim::JointTracks still;
  still.joint = 1;
  still.translation =
      anim::VectorTrack(anim::Interpolation::kLinear, {0, 2}, {{0, 1, 0}, {0, 1, 0}});
  anim::Clip diff;
  std::string error;
  ASSERT_TRUE(anim::MakeDifferenceClip(s, anim::Clip("S", {out_and_back}), anim::Clip("R", {still}),
                                       &diff, &error))
      << error;
  ASSERT_EQ(diff.Tracks().size(), 1u);
  EXPECT_EQ(diff.Tracks()[0].translation.Times().size(), 61u);
  for (const auto& [t, x] : {std::pair{0.5f, 2.0f}, {1.0f, 4.0f}, {1.5f, 2.0f}}) {
    anim::SoaPose dp = anim::MakeZeroDifferencePose(s);
    diff.Sample(dp, t, anim::LoopMode::kClamp);
    ExpectVecNear(dp.Local(1).translation, {x, 0, 0}, 1e-4f);
  }
}

TEST(DifferenceClip, RefusesClipsOfDifferentLengths) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::Clip diff;
  std::string error;
  EXPECT_FALSE(anim::MakeDifferenceClip(s, MakeSlideClip("S", 1.0f, 0, 1),
                                        MakeSlideClip("R", 1.5f, 0, 1), &diff, &error));
  EXPECT_NE(error.find("equal length"), std::string::npos) << error;
}

}  // namespace
