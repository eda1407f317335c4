#include "anim/blending/blending.h"

#include <gtest/gtest.h>

#include "anim/blending/joint_mask.h"
#include "anim/blending/soa_layer_blend.h"
#include "anim/core/soa_pose.h"
#include "test_rig.h"
#include "test_util.h"

namespace {

using namespace anim_test;

anim::SoaPose PoseWithX(const anim::Skeleton& s, float x) {
  anim::SoaPose p = s.RestPose();
  for (int i = 0; i < p.JointCount(); ++i) {
    anim::Transform t = p.Local(i);
    t.translation.x = x;
    p.SetLocal(i, t);
  }
  return p;
}

TEST(IsInHierarchy, FindsDescendantsAndOnlyThem) {
  const anim::Skeleton s = MakeTestSkeleton();
  EXPECT_TRUE(anim::IsInHierarchy(s, 0, 3));
  EXPECT_TRUE(anim::IsInHierarchy(s, 1, 2));
  EXPECT_TRUE(anim::IsInHierarchy(s, 1, 1));
  EXPECT_FALSE(anim::IsInHierarchy(s, 1, 3));  // leg hangs off hips, not spine
  EXPECT_FALSE(anim::IsInHierarchy(s, 2, 1));  // a parent is not a descendant
  EXPECT_FALSE(anim::IsInHierarchy(s, -1, 1));
  EXPECT_FALSE(anim::IsInHierarchy(s, 0, 4));  // no joint 4
}

TEST(Blend, EndPointsGiveTheInputsExactly) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose a = PoseWithX(s, 2), b = PoseWithX(s, 6);
  anim::SoaPose out = s.RestPose();
  anim::Blend(out, a, b, 0.0f);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out.Local(i).translation, a.Local(i).translation);
  anim::Blend(out, a, b, 1.0f);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out.Local(i).translation, b.Local(i).translation);
  anim::Blend(out, a, b, 0.25f);
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(out.Local(i).translation.x, 3.0f);
}

TEST(Blend, ARootBlendsOnlyItsSubtreeAndTheRestKeepsA) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose a = PoseWithX(s, 0), b = PoseWithX(s, 10);
  anim::SoaPose out = s.RestPose();
  // The blend root: weights 1 on joint 1 and its descendants, 0 elsewhere.
  anim::BlendWeighted(out, a, b, 0.5f, anim::MakeMaskFromRoot(s, 1).weights);
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 0.0f);  // hips: outside
  EXPECT_FLOAT_EQ(out.Local(1).translation.x, 5.0f);  // spine: root
  EXPECT_FLOAT_EQ(out.Local(2).translation.x, 5.0f);  // head: descendant
  EXPECT_FLOAT_EQ(out.Local(3).translation.x, 0.0f);  // leg: outside
}

TEST(Blend, OutputMayAliasTheFirstInput) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::SoaPose a = PoseWithX(s, 4);
  const anim::SoaPose b = PoseWithX(s, 8);
  anim::Blend(a, a, b, 0.5f);
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(a.Local(i).translation.x, 6.0f);
}

TEST(Blend, QuaternionNeighbourhoodTakesTheShortWay) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose& a = s.RestPose();
  anim::SoaPose b = s.RestPose();
  anim::Transform t = b.Local(1);
  t.rotation = -AxisAngle(80, {0, 0, 1});  // same rotation as +80, other hemisphere
  b.SetLocal(1, t);
  anim::SoaPose out = s.RestPose();
  anim::Blend(out, a, b, 0.5f);
  ExpectSameRotation(out.Local(1).rotation, AxisAngle(40, {0, 0, 1}));
}

TEST(JointMask, FromRootCoversTheSubtree) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::JointMask m = anim::MakeMaskFromRoot(s, 1);
  EXPECT_EQ(m.weights, (std::vector<float>{0, 1, 1, 0}));
}

TEST(JointMask, FalloffRampsDownTheChain) {
  const anim::Skeleton s = MakeTestSkeleton();
  // Root hips at depth 0 gets 1/3, spine and leg (depth 1) 2/3, head 1.
  const anim::JointMask m = anim::MakeMaskFromRoot(s, 0, 2);
  EXPECT_FLOAT_EQ(m.weights[0], 1.0f / 3.0f);
  EXPECT_FLOAT_EQ(m.weights[1], 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(m.weights[2], 1.0f);
  EXPECT_FLOAT_EQ(m.weights[3], 2.0f / 3.0f);
}

TEST(JointMask, ExplicitWeightsAreClampedAndNaNBecomesZero) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::JointMask m = anim::MakeMaskFromWeights(s, {2.0f, -1.0f, NAN});
  EXPECT_EQ(m.weights, (std::vector<float>{1, 0, 0, 0}));
}

TEST(BlendWeighted, EachJointUsesItsOwnWeight) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose a = PoseWithX(s, 0), b = PoseWithX(s, 12);
  anim::SoaPose out = s.RestPose();
  const anim::JointMask m = anim::MakeMaskFromRoot(s, 0, 2);
  anim::BlendWeighted(out, a, b, 0.5f, m.weights);
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 2.0f);  // 12 * 0.5 * 1/3
  EXPECT_FLOAT_EQ(out.Local(1).translation.x, 4.0f);  // 12 * 0.5 * 2/3
  EXPECT_FLOAT_EQ(out.Local(2).translation.x, 6.0f);  // 12 * 0.5 * 1
}

TEST(BlendLayers, NormalisesTheWeights) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose a = PoseWithX(s, 0), b = PoseWithX(s, 8);
  anim::SoaPose out = s.RestPose();
  // Weights 1 and 3 normalise to 1/4 and 3/4: x = 6.
  const anim::SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 3.0f, {}}};
  anim::BlendLayers(out, layers, s.RestPose());
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(out.Local(i).translation.x, 6.0f);
}

TEST(BlendLayers, FallsBackToTheRestPoseBelowTheThreshold) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose a = PoseWithX(s, 10);
  anim::SoaPose out = s.RestPose();
  // Total weight 0.025 < threshold 0.1: rest (x = 0) fills in 0.075, so
  // x = 10 * 0.025 / 0.1 = 2.5.
  const anim::SoaBlendLayer some[] = {{&a, 0.025f, {}}};
  anim::BlendLayers(out, some, s.RestPose(), 0.1f);
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 2.5f);
  // No weight at all: exactly the rest pose.
  const anim::SoaBlendLayer none[] = {{&a, 0.0f, {}}};
  anim::BlendLayers(out, none, s.RestPose(), 0.1f);
  EXPECT_EQ(out.Local(0).translation, s.RestPose().Local(0).translation);
}

TEST(BlendLayers, MasksLimitALayerToItsJoints) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::SoaPose base = PoseWithX(s, 0), upper = PoseWithX(s, 4);
  const anim::JointMask spine = anim::MakeMaskFromRoot(s, 1);
  anim::SoaPose out = s.RestPose();
  const anim::SoaBlendLayer layers[] = {{&base, 1.0f, {}}, {&upper, 1.0f, spine.weights}};
  anim::BlendLayers(out, layers, s.RestPose());
  EXPECT_FLOAT_EQ(out.Local(0).translation.x, 0.0f);  // only base has weight
  EXPECT_FLOAT_EQ(out.Local(2).translation.x, 2.0f);  // half and half
}

TEST(BlendLayers, OppositeHemisphereRotationsAverageToTheMiddle) {
  const anim::Skeleton s = MakeTestSkeleton();
  anim::SoaPose a = s.RestPose(), b = s.RestPose();
  anim::Transform t = a.Local(0);
  t.rotation = AxisAngle(20, {0, 1, 0});
  a.SetLocal(0, t);
  t.rotation = -AxisAngle(60, {0, 1, 0});
  b.SetLocal(0, t);
  anim::SoaPose out = s.RestPose();
  const anim::SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 1.0f, {}}};
  anim::BlendLayers(out, layers, s.RestPose());
  ExpectSameRotation(out.Local(0).rotation, AxisAngle(40, {0, 1, 0}));
}

}  // namespace
