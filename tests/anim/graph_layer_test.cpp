// LayerStack on the analytic clips of graph_fixture.h: priorities (higher
// first, each level taking what the levels above left, per joint, weight x
// mask), layers of equal priority sharing what they get, weight left over
// going to the rest pose, root motion in proportion to each layer's share of
// the root joint, and additive layers applied in order, masked and weighted.
// The rest pose has every joint at x 0, y 1. Expected values are worked out
// in the comments.
#include <gtest/gtest.h>

#include <optional>

#include "anim/blending/additive.h"
#include "anim/graph/layering_nodes.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim_test::AxisAngle;
using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;
using anim_test::MakeLayer;

using LayerStackTest = anim_test::GraphFixture;

anim::Layer WithPriority(anim::Layer l, int priority, std::optional<anim::JointMask> mask = {}) {
  l.priority = priority;
  l.mask = std::move(mask);
  return l;
}

TEST_F(LayerStackTest, HigherPriorityTakesItsShareFirstWhateverTheDeclarationOrder) {
  const int u = AddFloat("upper", 1.0f);
  // Declared first, but priority 1 over the base's 0; mask: none on the
  // hips, all of spine and head, half of the leg.
  graph.SetLayers({WithPriority(MakeLayer("upper", AddClip("still", still), FloatInput{u}), 1,
                                anim::JointMask{{0.0f, 1.0f, 1.0f, 0.5f}}),
                   MakeLayer("base", AddClip("ramp", ramp))});
  graph.Update(0.0f);
  graph.Update(0.5f);  // ramp x 0.5, still x 10
  EXPECT_NEAR(X(0), 0.5f, 1e-6f);
  EXPECT_NEAR(X(1), 10.0f, 1e-6f);
  EXPECT_NEAR(X(2), 10.0f, 1e-6f);
  EXPECT_NEAR(X(3), 0.5f * 10.0f + 0.5f * 0.5f, 1e-5f);
  // At weight 0.4: the spine 0.4 * 10 + 0.6 * 0.5, the leg 0.2 * 10 + 0.8 * 0.5.
  graph.Params().Set(u, 0.4f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(1), 4.3f, 1e-5f);
  EXPECT_NEAR(X(3), 2.4f, 1e-5f);
  const anim::LayerStack& layers = *graph.Layers();
  EXPECT_NEAR(layers.JointShare(graph.Context(), 0, 1), 0.4f, 1e-6f);
  EXPECT_NEAR(layers.JointShare(graph.Context(), 1, 1), 0.6f, 1e-6f);
  EXPECT_NEAR(layers.JointShare(graph.Context(), 0, 3), 0.2f, 1e-6f);
  EXPECT_NEAR(layers.JointShare(graph.Context(), 1, 3), 0.8f, 1e-6f);
  EXPECT_NEAR(layers.JointShare(graph.Context(), 0, 0), 0.0f, 1e-6f);
  EXPECT_NEAR(layers.JointShare(graph.Context(), 1, 0), 1.0f, 1e-6f);
}

TEST_F(LayerStackTest, EachLowerLevelGetsOnlyWhatTheLevelsAboveLeft) {
  // Priorities 2 (still, 0.5), 1 (slow, 0.8), 0 (ramp, 1), -1 (walk, 1):
  // level 2 takes 0.5, level 1 min(0.8, 0.5) = 0.5, levels 0 and -1 nothing.
  graph.SetLayers({WithPriority(MakeLayer("p0", AddClip("ramp", ramp)), 0),
                   WithPriority(MakeLayer("p-1", AddClip("walk", walk)), -1),
                   WithPriority(MakeLayer("p2", AddClip("still", still), FloatInput{-1, 0.5f}), 2),
                   WithPriority(MakeLayer("p1", AddClip("slow", slow), FloatInput{-1, 0.8f}), 1)});
  graph.Update(0.0f);
  graph.Update(0.5f);  // still x 10, slow x 1
  EXPECT_NEAR(X(0), 0.5f * 10.0f + 0.5f * 1.0f, 1e-5f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 0, 0), 0.0f, 1e-6f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 1, 0), 0.0f, 1e-6f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 3, 0), 0.5f, 1e-6f);
}

TEST_F(LayerStackTest, EqualPrioritiesAskingForTooMuchShareInProportion) {
  // Two layers at 0.8 ask for 1.6 of each joint: each gets 0.5.
  graph.SetLayers({MakeLayer("a", AddClip("ramp", ramp), FloatInput{-1, 0.8f}),
                   MakeLayer("b", AddClip("still", still), FloatInput{-1, 0.8f})});
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(0), 0.5f * 0.5f + 0.5f * 10.0f, 1e-5f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 0, 2), 0.5f, 1e-6f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 1, 2), 0.5f, 1e-6f);
}

TEST_F(LayerStackTest, WeightLeftOverGoesToTheRestPose) {
  // Priority 1 takes 0.3 (still), priority 0 min(0.5, 0.7) = 0.5 (ramp at
  // x 0.5), the rest pose (x 0) the last 0.2: 3 + 0.25 + 0.
  graph.SetLayers(
      {MakeLayer("low", AddClip("ramp", ramp), FloatInput{-1, 0.5f}),
       WithPriority(MakeLayer("high", AddClip("still", still), FloatInput{-1, 0.3f}), 1)});
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(0), 3.25f, 1e-5f);
  EXPECT_NEAR(graph.SoaOutput().Local(0).translation.y, 1.0f, 1e-6f) << "every pose has y 1";
}

TEST_F(LayerStackTest, LayerWeightsAreClampedToZeroOne) {
  const int w = AddFloat("w", 1.5f);
  graph.SetLayers({MakeLayer("only", AddClip("still", still), FloatInput{w})});
  graph.Update(0.0f);
  EXPECT_NEAR(X(0), 10.0f, 1e-5f);
  EXPECT_FLOAT_EQ(graph.Layers()->LayerWeight(graph.Context(), 0), 1.0f);
  graph.Params().Set(w, -1.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(0), 0.0f, 1e-6f) << "rest pose";
  graph.SetLayers({MakeLayer("nan", AddClip("still2", still), FloatInput{-1, NAN})});
  graph.Update(0.0f);
  EXPECT_NEAR(X(0), 0.0f, 1e-6f);
}

TEST_F(LayerStackTest, ALayerAtWeightZeroKeepsItsClock) {
  const int w = AddFloat("w", 0.0f);
  auto* over = AddClip("slow", slow);
  graph.SetLayers({MakeLayer("base", AddClip("ramp", ramp)),
                   WithPriority(MakeLayer("over", over, FloatInput{w}), 1)});
  graph.Update(0.0f);
  graph.Update(0.3f);
  EXPECT_NEAR(over->Time(graph.Context()), 0.3f, 1e-6f);
  graph.Params().Set(w, 1.0f);
  graph.Update(0.1f);  // slow at 0.4 s
  EXPECT_NEAR(X(0), 0.8f, 1e-5f);
}

TEST_F(LayerStackTest, EventsCarryTheLayersWeight) {
  ramp.SetEvents({{0.25f, "step"}});
  graph.SetLayers({MakeLayer("only", AddClip("ramp", ramp), FloatInput{-1, 0.6f})});
  graph.Update(0.0f);
  graph.Update(0.5f);
  const auto keys = anim_test::EventsOf(graph, anim::EventKind::kKey);
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_NEAR(keys[0].weight, 0.6f, 1e-6f);
}

// Root motion: walk moves 2 m/s, run 6 m/s along +Z; each step is 0.1 s, so
// walk alone gives 0.2 m and run alone 0.6 m.
TEST_F(LayerStackTest, RootMotionFollowsEachLayersShareOfTheRoot) {
  const int u = AddFloat("u", 0.4f);
  graph.SetLayers(
      {MakeLayer("walk", AddRootMotionClip("walk", walk)),
       WithPriority(MakeLayer("run", AddRootMotionClip("run", run), FloatInput{u}), 1)});
  graph.Update(0.0f);
  graph.Update(0.1f);  // run 0.4 of the hips, walk 0.6: 0.4 * 0.6 + 0.6 * 0.2
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.36f});
  graph.Params().Set(u, 1.0f);
  graph.Update(0.1f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.6f});  // run has all of the hips
}

TEST_F(LayerStackTest, AMaskedLayerMovesTheCharacterOnlyByItsShareOfTheRoot) {
  // The upper layer owns the spine, head and leg but none of the hips: at
  // full weight it still adds no travel. With half the hips at weight 0.8
  // it has 0.4 of the root.
  graph.SetLayers({MakeLayer("walk", AddRootMotionClip("walk", walk)),
                   WithPriority(MakeLayer("run", AddRootMotionClip("run", run)), 1,
                                anim::JointMask{{0.0f, 1.0f, 1.0f, 1.0f}})});
  graph.Update(0.0f);
  graph.Update(0.1f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.2f});
  EXPECT_NEAR(X(1), 7.0f, 1e-6f) << "run shows on the spine";

  anim::AnimationGraph half(skeleton);
  half.SetLayers(
      {MakeLayer("walk", half.Add<anim::ClipNode>("walk", skeleton, walk, RootMotionOptions())),
       WithPriority(
           MakeLayer("run", half.Add<anim::ClipNode>("run", skeleton, run, RootMotionOptions()),
                     FloatInput{-1, 0.8f}),
           1, anim::JointMask{{0.5f, 1.0f, 1.0f, 1.0f}})});
  half.Update(0.0f);
  half.Update(0.1f);  // 0.4 * 0.6 + 0.6 * 0.2
  ExpectVecNear(half.Motion().translation, {0, 0, 0.36f});
}

TEST_F(LayerStackTest, RootMotionOfEqualPrioritiesAndOfTheRestPoseShare) {
  // Both at 0.8: half each, 0.5 * 0.2 + 0.5 * 0.6. Alone at 0.5: half of
  // walk's travel; the rest pose's half does not move.
  graph.SetLayers({MakeLayer("walk", AddRootMotionClip("walk", walk), FloatInput{-1, 0.8f}),
                   MakeLayer("run", AddRootMotionClip("run", run), FloatInput{-1, 0.8f})});
  graph.Update(0.0f);
  graph.Update(0.1f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.4f});
  graph.SetLayers({MakeLayer("walk", AddRootMotionClip("walk2", walk), FloatInput{-1, 0.5f})});
  graph.Update(0.0f);
  graph.Update(0.1f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.1f});
}

TEST_F(LayerStackTest, AdditiveLayersAddNoTravel) {
  anim::Layer add = MakeLayer("add", AddRootMotionClip("run", run));
  add.additive = true;
  add.reference = anim::MakeAdditivePose(skeleton, run);
  graph.SetLayers({MakeLayer("walk", AddRootMotionClip("walk", walk)), add});
  graph.Update(0.0f);
  graph.Update(0.1f);
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.2f});
}

TEST_F(LayerStackTest, AMaskedAdditiveLayerScalesItsChangePerJoint) {
  // slow's change from its first frame at 0.5 s is x +1; at weight 0.5 with
  // mask {1, 0.5, 0, 0}: +0.5 on the hips, +0.25 on the spine.
  anim::Layer add = MakeLayer("add", AddClip("slow", slow), FloatInput{-1, 0.5f});
  add.additive = true;
  add.reference = anim::MakeAdditivePose(skeleton, slow);
  add.mask = anim::JointMask{{1.0f, 0.5f, 0.0f, 0.0f}};
  graph.SetLayers({MakeLayer("base", AddClip("still", still)), add});
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(0), 10.5f, 1e-5f);
  EXPECT_NEAR(X(1), 10.25f, 1e-5f);
  EXPECT_NEAR(X(2), 10.0f, 1e-5f);
  EXPECT_NEAR(graph.SoaOutput().Local(1).translation.y, 1.0f, 1e-6f);
}

TEST_F(LayerStackTest, AdditiveLayersApplyInDeclarationOrder) {
  // Two turns of the spine that do not commute: 90 degrees about Z, then 90
  // about X (each held, measured from the rest pose). In order, the spine
  // ends at Rz * Rx; the other order would give Rx * Rz.
  const glm::quat rz = AxisAngle(90, {0, 0, 1}), rx = AxisAngle(90, {1, 0, 0});
  const anim::Clip turn_z = anim_test::MakeHoldRotationClip("z", 1, rz);
  const anim::Clip turn_x = anim_test::MakeHoldRotationClip("x", 1, rx);
  anim::Layer first = MakeLayer("z", AddClip("z", turn_z));
  first.additive = true;
  first.reference = skeleton.RestPose();
  anim::Layer second = MakeLayer("x", AddClip("x", turn_x), FloatInput{-1, 0.5f});
  second.additive = true;
  second.reference = skeleton.RestPose();
  graph.SetLayers({MakeLayer("base", AddClip("ramp", ramp)), first, second});
  graph.Update(0.0f);
  // Weight 0.5 halves the second turn's angle (nlerp from identity at 0.5).
  ExpectSameRotation(Rotation(1), rz * AxisAngle(45, {1, 0, 0}));
}

TEST_F(LayerStackTest, AnAdditiveLayerWithoutReferenceAddsADifferencePose) {
  // slow - ramp = x t (and nothing else), at weight 0.5 on still: 10 + 0.25 at 0.5 s.
  auto* diff =
      graph.Add<anim::SubtractNode>("d", skeleton, AddClip("slow", slow), AddClip("ramp", ramp));
  anim::Layer add = MakeLayer("add", diff, FloatInput{-1, 0.5f});
  add.additive = true;
  graph.SetLayers({MakeLayer("base", AddClip("still", still)), add});
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(0), 10.25f, 1e-5f);
  EXPECT_NEAR(graph.SoaOutput().Local(0).translation.y, 1.0f, 1e-6f);
}

}  // namespace
