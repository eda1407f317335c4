// Blend2, BlendN and the blend-space nodes on the analytic clips of
// graph_fixture.h: weights, clamping and normalisation, rotations, clocks of
// inputs without weight, synchronised blends (one normalised time, cycle
// sum(w_i * l_i)) and root motion weighted like the poses. Expected values
// are worked out in the comments.
#include <gtest/gtest.h>

#include <cmath>

#include "anim/graph/blend_nodes.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim_test::AxisAngle;
using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;

using BlendNodeTest = anim_test::GraphFixture;

TEST_F(BlendNodeTest, Blend2MixesByItsFactorClampedToZeroOne) {
  const int t = AddFloat("t", 0.3f);
  auto* blend = graph.Add<anim::Blend2Node>("mix", skeleton, AddClip("ramp", ramp),
                                            AddClip("still", still), FloatInput{t});
  graph.SetRoot(blend);
  graph.Update(0.0f);
  graph.Update(0.5f);  // ramp x 0.5, still x 10
  EXPECT_NEAR(X(), 0.7f * 0.5f + 0.3f * 10.0f, 1e-5f);
  EXPECT_NEAR(blend->Weights(graph.Context())[0], 0.7f, 1e-6f);
  EXPECT_NEAR(blend->Weights(graph.Context())[1], 0.3f, 1e-6f);
  graph.Params().Set(t, 0.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f) << "0 gives a";
  graph.Params().Set(t, 1.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 10.0f, 1e-6f) << "1 gives b";
  graph.Params().Set(t, 1.7f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 10.0f, 1e-6f) << "above 1 clamps to b";
  graph.Params().Set(t, -2.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f) << "below 0 clamps to a";
}

TEST_F(BlendNodeTest, Blend2WithANonFiniteFactorShowsA) {
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, AddClip("ramp", ramp),
                                            AddClip("still", still), FloatInput{-1, NAN}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f);
}

TEST_F(BlendNodeTest, Blend2TurnsRotationsPartWay) {
  // spin at 0.5 s is 45 degrees about Z; ramp leaves the spine at rest.
  const int t = AddFloat("t", 0.5f);
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, AddClip("rest", ramp),
                                            AddClip("spin", spin), FloatInput{t}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // nlerp(identity, q(theta), w) turns by 2 atan2(w sin(theta/2), 1 - w + w cos(theta/2)):
  // at w = 0.5 that is exactly theta / 2 = 22.5 degrees.
  ExpectSameRotation(Rotation(1), AxisAngle(22.5f, {0, 0, 1}));
  graph.Params().Set(t, 0.25f);
  graph.Update(0.0f);
  const double half = glm::radians(22.5);
  const double expected = 2.0 * std::atan2(0.25 * std::sin(half), 0.75 + 0.25 * std::cos(half));
  ExpectSameRotation(Rotation(1), glm::angleAxis(static_cast<float>(expected), glm::vec3(0, 0, 1)));
}

TEST_F(BlendNodeTest, BlendNNormalisesAndFallsBackToTheFirstInput) {
  const int wa = AddFloat("wa", 2.0f);
  const int wb = AddFloat("wb", 6.0f);
  auto* blend = graph.Add<anim::BlendNNode>(
      "n", skeleton, std::vector<anim::Node*>{AddClip("ramp", ramp), AddClip("still", still)},
      std::vector<FloatInput>{{wa}, {wb}});
  graph.SetRoot(blend);
  graph.Update(0.0f);
  graph.Update(0.5f);
  // 2 : 6 is 0.25 : 0.75 of x 0.5 and x 10.
  EXPECT_NEAR(blend->Weights(graph.Context())[0], 0.25f, 1e-6f);
  EXPECT_NEAR(blend->Weights(graph.Context())[1], 0.75f, 1e-6f);
  EXPECT_NEAR(X(), 0.25f * 0.5f + 0.75f * 10.0f, 1e-5f);
  graph.Params().Set(wa, 0.0f);
  graph.Params().Set(wb, 0.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f) << "all weights zero: the first input";
  EXPECT_FLOAT_EQ(blend->Weights(graph.Context())[0], 1.0f);
  EXPECT_FLOAT_EQ(blend->Weights(graph.Context())[1], 0.0f);
  graph.Params().Set(wa, -3.0f);
  graph.Params().Set(wb, 0.5f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 10.0f, 1e-6f) << "a negative weight counts as zero";
}

TEST_F(BlendNodeTest, InputsWithoutWeightKeepTheirClocksRunning) {
  const int t = AddFloat("t", 0.0f);
  auto* b = AddClip("slow", slow);
  graph.SetRoot(
      graph.Add<anim::Blend2Node>("mix", skeleton, AddClip("ramp", ramp), b, FloatInput{t}));
  graph.Update(0.0f);
  graph.Update(0.3f);  // slow has no weight but plays on: 0.3 s
  EXPECT_NEAR(b->Time(graph.Context()), 0.3f, 1e-6f);
  graph.Params().Set(t, 1.0f);
  graph.Update(0.1f);  // slow at 0.4 s: x 0.8
  EXPECT_NEAR(X(), 0.8f, 1e-5f);
}

TEST_F(BlendNodeTest, BlendSpace1DWeighsTheTwoNeighboursAndHoldsTheEnds) {
  const int x = AddFloat("x", 0.5f);
  anim::BlendSpace1D space;
  const float positions[] = {0.0f, 2.0f};
  ASSERT_TRUE(space.Build(positions, nullptr));
  auto* node = graph.Add<anim::BlendSpace1DNode>(
      "space", skeleton, std::vector<anim::Node*>{AddClip("ramp", ramp), AddClip("still", still)},
      space, FloatInput{x}, false);
  graph.SetRoot(node);
  graph.Update(0.0f);
  graph.Update(0.5f);
  // 0.5 is a quarter of the way from 0 to 2.
  EXPECT_NEAR(X(), 0.75f * 0.5f + 0.25f * 10.0f, 1e-5f);
  graph.Params().Set(x, 5.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 10.0f, 1e-6f) << "past the last point: the last input alone";
  graph.Params().Set(x, -1.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f) << "before the first point: the first input alone";
}

TEST_F(BlendNodeTest, BlendSpaceWithTheWrongNumberOfPointsShowsTheFirstInput) {
  anim::BlendSpace1D space;
  const float positions[] = {0.0f, 1.0f};
  ASSERT_TRUE(space.Build(positions, nullptr));
  graph.SetRoot(graph.Add<anim::BlendSpace1DNode>(
      "space", skeleton,
      std::vector<anim::Node*>{AddClip("ramp", ramp), AddClip("still", still),
                               AddClip("slow", slow)},
      space, FloatInput{-1, 1.0f}, false));
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(), 0.5f, 1e-6f);
}

// The synchronised blend: the cycle is l2 * w + l1 * (1 - w) and both
// inputs advance their normalised time by dt over it.
TEST_F(BlendNodeTest, SyncedBlend2SharesOnePhaseOverTheWeightedCycle) {
  const int w = AddFloat("w", 0.25f);
  auto* a = AddClip("ramp", ramp);  // l1 = 1 s
  auto* b = AddClip("slow", slow);  // l2 = 2 s
  auto* blend = graph.Add<anim::Blend2Node>("mix", skeleton, a, b, FloatInput{w}, true);
  graph.SetRoot(blend);
  graph.Update(0.0f);
  EXPECT_NEAR(blend->CycleDurationIn(graph.Context()), 2.0f * 0.25f + 1.0f * 0.75f, 1e-6f);
  graph.Update(0.5f);
  // 0.5 s of a 1.25 s cycle: phase 0.4. ramp at 0.4 s (x 0.4), slow at
  // 0.8 s (x 1.6); 0.75 * 0.4 + 0.25 * 1.6 = 0.7.
  EXPECT_NEAR(a->PhaseIn(graph.Context()), 0.4f, 1e-6f);
  EXPECT_NEAR(b->PhaseIn(graph.Context()), 0.4f, 1e-6f);
  EXPECT_NEAR(b->Time(graph.Context()), 0.8f, 1e-6f);
  EXPECT_NEAR(X(), 0.7f, 1e-5f);
  EXPECT_NEAR(blend->PhaseIn(graph.Context()), 0.4f, 1e-6f);
  // At w = 0.75 the cycle is 2 * 0.75 + 1 * 0.25 = 1.75 s: 0.5 s more adds
  // 2/7 of a cycle, phase 0.4 + 2/7 = 0.685714: ramp x 0.685714, slow x
  // 2 * 1.371429; 0.25 * 0.685714 + 0.75 * 2.742857 = 2.228571.
  graph.Params().Set(w, 0.75f);
  graph.Update(0.5f);
  EXPECT_NEAR(blend->CycleDurationIn(graph.Context()), 1.75f, 1e-6f);
  EXPECT_NEAR(a->PhaseIn(graph.Context()), 0.4f + 2.0f / 7.0f, 1e-5f);
  EXPECT_NEAR(b->PhaseIn(graph.Context()), 0.4f + 2.0f / 7.0f, 1e-5f);
  EXPECT_NEAR(X(), 2.228571f, 1e-5f);
}

TEST_F(BlendNodeTest, SyncedBlendKeepsAnInputWithoutWeightInPhase) {
  const int w = AddFloat("w", 0.0f);
  auto* a = AddClip("ramp", ramp);
  auto* b = AddClip("slow", slow);
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, a, b, FloatInput{w}, true));
  graph.Update(0.0f);
  graph.Update(0.3f);  // cycle 1 s (ramp alone): phase 0.3; slow follows at 0.6 s
  EXPECT_NEAR(b->Time(graph.Context()), 0.6f, 1e-6f);
  graph.Params().Set(w, 1.0f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(), 1.2f, 1e-5f) << "slow at 0.6 s: x 1.2";
}

TEST_F(BlendNodeTest, SyncedCycleIgnoresInputsWithoutACycle) {
  // A single frame has no cycle: it neither stretches nor shortens the blend's.
  auto* a = AddClip("ramp", ramp);
  auto* held = graph.Add<anim::SingleFrameNode>("held", skeleton, still, 0.0f);
  auto* blend = graph.Add<anim::BlendNNode>("n", skeleton, std::vector<anim::Node*>{a, held},
                                            std::vector<FloatInput>{{-1, 1.0f}, {-1, 1.0f}}, true);
  graph.SetRoot(blend);
  graph.Update(0.0f);
  EXPECT_NEAR(blend->CycleDurationIn(graph.Context()), 1.0f, 1e-6f);
  graph.Update(0.25f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.25f, 1e-6f) << "ramp plays at its own rate";
  EXPECT_NEAR(X(), 0.5f * 0.25f + 0.5f * 10.0f, 1e-5f);
}

TEST_F(BlendNodeTest, UnsyncedBlendRunsEveryInputAtItsOwnRateAndReportsTheHeaviest) {
  const int w = AddFloat("w", 0.25f);
  auto* a = AddClip("ramp", ramp);
  auto* b = AddClip("slow", slow);
  auto* blend = graph.Add<anim::Blend2Node>("mix", skeleton, a, b, FloatInput{w});
  graph.SetRoot(blend);
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.5f, 1e-6f);
  EXPECT_NEAR(b->Time(graph.Context()), 0.5f, 1e-6f);
  EXPECT_FLOAT_EQ(blend->CycleDurationIn(graph.Context()), 1.0f) << "ramp weighs 0.75";
  EXPECT_NEAR(blend->PhaseIn(graph.Context()), 0.5f, 1e-6f);
  graph.Params().Set(w, 0.75f);
  graph.Update(0.0f);
  EXPECT_FLOAT_EQ(blend->CycleDurationIn(graph.Context()), 2.0f) << "slow weighs 0.75";
  EXPECT_NEAR(blend->PhaseIn(graph.Context()), 0.25f, 1e-6f);
}

TEST_F(BlendNodeTest, RootMotionIsWeightedLikeThePoses) {
  const int w = AddFloat("w", 0.25f);
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, AddRootMotionClip("walk", walk),
                                            AddRootMotionClip("run", run), FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.1f);
  // walk 2 m/s and run 6 m/s for 0.1 s: 0.75 * 0.2 + 0.25 * 0.6 = 0.3 m.
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.3f});
}

TEST_F(BlendNodeTest, SyncedRootMotionFollowsTheScaledClocks) {
  const int w = AddFloat("w", 0.25f);
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, AddRootMotionClip("walk", walk),
                                            AddRootMotionClip("run", run), FloatInput{w}, true));
  graph.Update(0.0f);
  graph.Update(0.1f);
  // Cycle 0.75 * 1 + 0.25 * 0.5 = 0.875 s. walk plays 0.1 / 0.875 s
  // (0.228571 m at 2 m/s), run 0.05 / 0.875 s (0.342857 m at 6 m/s);
  // 0.75 * 0.228571 + 0.25 * 0.342857 = 0.257143 m.
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.257143f});
}

TEST_F(BlendNodeTest, KeyEventsCarryTheirInputsShare) {
  ramp.SetEvents({{0.25f, "step"}});
  slow.SetEvents({{0.5f, "stomp"}});
  const int w = AddFloat("w", 0.3f);
  graph.SetRoot(graph.Add<anim::Blend2Node>("mix", skeleton, AddClip("ramp", ramp),
                                            AddClip("slow", slow), FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.6f);
  const auto keys = anim_test::EventsOf(graph, anim::EventKind::kKey);
  ASSERT_EQ(keys.size(), 2u);
  for (const auto& k : keys) {
    EXPECT_NEAR(k.weight, k.name == "step" ? 0.7f : 0.3f, 1e-6f) << k.name;
  }
}

}  // namespace
