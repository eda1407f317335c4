// Blend trees, state machines and layers (anim/graph) on the four-joint test
// rig, against values worked out by hand from the slide clips (every joint's
// x goes linearly from x0 to x1) and against the blending primitives.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "anim/blending/additive.h"
#include "anim/blending/blending.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/blend_nodes.h"
#include "anim/graph/clip_node.h"
#include "anim/graph/cross_fade_node.h"
#include "anim/graph/layering_nodes.h"
#include "anim/graph/mirror_node.h"
#include "anim/graph/state_machine.h"
#include "tests/anim/graph_fixture.h"
#include "tests/anim/test_rig.h"
#include "tests/anim/test_util.h"

namespace {

using anim_test::CountEvents;
using anim_test::MakeLayer;
using anim_test::MakeSlideClip;
using anim_test::MakeTestSkeleton;

float X(const anim::AnimationGraph& g, int joint = 0) {
  return g.SoaOutput().Local(joint).translation.x;
}

class GraphTest : public ::testing::Test {
 protected:
  anim::Skeleton skeleton = MakeTestSkeleton();
  anim::Clip a = MakeSlideClip("A", 1.0f, 0.0f, 1.0f);    // x = t
  anim::Clip b = MakeSlideClip("B", 2.0f, 0.0f, 4.0f);    // x = 2 t
  anim::Clip c = MakeSlideClip("C", 1.0f, 10.0f, 10.0f);  // x = 10
  anim::AnimationGraph graph{skeleton};
};

TEST_F(GraphTest, ClipNodePlaysTheClip) {
  auto* n = graph.Add<anim::ClipNode>("a", skeleton, a);
  graph.SetRoot(n);
  graph.Update(0.0f);
  EXPECT_NEAR(X(graph), 0.0f, 1e-6f);
  graph.Update(0.25f);
  EXPECT_NEAR(X(graph), 0.25f, 1e-6f);
  graph.Update(1.0f);  // wraps: 1.25 -> 0.25
  EXPECT_NEAR(X(graph), 0.25f, 1e-5f);
  EXPECT_NEAR(n->PhaseIn(graph.Context()), 0.25f, 1e-5f);
}

TEST_F(GraphTest, ClipRateFromAParameter) {
  const int rate = graph.Params().Add("rate", anim::ParamType::kFloat, 2.0f);
  anim::ClipNodeOptions o;
  o.rate = {rate, 0.0f};
  o.loop = anim::LoopMode::kClamp;
  graph.SetRoot(graph.Add<anim::ClipNode>("a", skeleton, a, o));
  graph.Update(0.0f);
  graph.Update(0.2f);
  EXPECT_NEAR(X(graph), 0.4f, 1e-6f);
  graph.Params().Set(rate, -1.0f);
  graph.Update(0.1f);
  EXPECT_NEAR(X(graph), 0.3f, 1e-6f);
}

TEST_F(GraphTest, Blend2EqualsTheMixOfTheSampledClips) {
  const int w = graph.Params().Add("w", anim::ParamType::kFloat, 0.25f);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  graph.SetRoot(graph.Add<anim::Blend2Node>("blend", skeleton, na, nb, anim::FloatInput{w}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // Unsynced: A at 0.5 s (x 0.5), B at 0.5 s (x 1.0); 0.75 * 0.5 + 0.25 * 1.
  EXPECT_NEAR(X(graph), 0.625f, 1e-6f);

  // The same through anim::Blend of poses sampled by hand, with a rotation too.
  anim::SoaPose pa = skeleton.RestPose(), pb = pa, expect = pa;
  a.Sample(pa, 0.5f);
  b.Sample(pb, 0.5f);
  anim::Blend(expect, pa, pb, 0.25f);
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    anim_test::ExpectVecNear(graph.SoaOutput().Local(j).translation, expect.Local(j).translation);
    anim_test::ExpectSameRotation(graph.SoaOutput().Local(j).rotation, expect.Local(j).rotation);
  }
}

TEST_F(GraphTest, SyncedBlendSharesOneNormalisedTime) {
  const int w = graph.Params().Add("w", anim::ParamType::kFloat, 0.5f);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  auto* blend = graph.Add<anim::Blend2Node>("blend", skeleton, na, nb, anim::FloatInput{w}, true);
  graph.SetRoot(blend);
  graph.Update(0.0f);
  // Synchronised cycle bl = sum(w_i * l_i) = 0.5 * 1 + 0.5 * 2 = 1.5 s, so 0.75 s is half a cycle:
  // A at 0.5 s (x 0.5) and B at 1.0 s (x 2.0), mixed half and half.
  EXPECT_NEAR(blend->CycleDurationIn(graph.Context()), 1.5f, 1e-6f);
  graph.Update(0.75f);
  EXPECT_NEAR(na->PhaseIn(graph.Context()), 0.5f, 1e-5f);
  EXPECT_NEAR(nb->PhaseIn(graph.Context()), 0.5f, 1e-5f);
  EXPECT_NEAR(X(graph), 1.25f, 1e-5f);
  // Changing the weight changes the cycle, never the phase agreement.
  graph.Params().Set(w, 0.9f);
  for (int i = 0; i < 37; ++i) graph.Update(1.0f / 60.0f);
  EXPECT_NEAR(na->PhaseIn(graph.Context()), nb->PhaseIn(graph.Context()), 1e-5f);
}

TEST_F(GraphTest, BlendNNormalisesWeightsAndIgnoresNegativeOnes) {
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  graph.SetRoot(graph.Add<anim::BlendNNode>(
      "n", skeleton, std::vector<anim::Node*>{na, nb, nc},
      std::vector<anim::FloatInput>{{-1, 1.0f}, {-1, -5.0f}, {-1, 3.0f}}));
  graph.Update(0.0f);
  graph.Update(0.5f);
  // A (x 0.5) at 1/4 and C (x 10) at 3/4; B's negative weight counts as 0.
  EXPECT_NEAR(X(graph), 0.25f * 0.5f + 0.75f * 10.0f, 1e-5f);
}

TEST_F(GraphTest, BlendSpace1DNodeBlendsTheTwoNeighbours) {
  const int speed = graph.Params().Add("speed", anim::ParamType::kFloat, 1.5f);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  anim::BlendSpace1D space;
  const float positions[] = {0.0f, 1.0f, 3.0f};
  ASSERT_TRUE(space.Build(positions, nullptr));
  auto* node =
      graph.Add<anim::BlendSpace1DNode>("space", skeleton, std::vector<anim::Node*>{na, nb, nc},
                                        space, anim::FloatInput{speed}, false);
  graph.SetRoot(node);
  graph.Update(0.0f);
  graph.Update(0.5f);
  // 1.5 lies a quarter of the way from B (at 1) to C (at 3): B x 1.0, C x 10.
  EXPECT_NEAR(node->Weights(graph.Context())[0], 0.0f, 0.0f);
  EXPECT_NEAR(node->Weights(graph.Context())[1], 0.75f, 1e-6f);
  EXPECT_NEAR(node->Weights(graph.Context())[2], 0.25f, 1e-6f);
  EXPECT_NEAR(X(graph), 0.75f * 1.0f + 0.25f * 10.0f, 1e-5f);
}

TEST_F(GraphTest, FeatherBlendMasksPerJointAndAdditiveAddsTheChange) {
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  anim::JointMask mask{{0.0f, 1.0f, 0.5f, 0.0f}};
  auto* feather =
      graph.Add<anim::FeatherBlendNode>("f", skeleton, na, nc, mask, anim::FloatInput{-1, 1.0f});
  graph.SetRoot(feather);
  graph.Update(0.0f);
  graph.Update(0.5f);
  EXPECT_NEAR(X(graph, 0), 0.5f, 1e-6f);
  EXPECT_NEAR(X(graph, 1), 10.0f, 1e-6f);
  EXPECT_NEAR(X(graph, 2), 0.5f * 0.5f + 0.5f * 10.0f, 1e-6f);
  EXPECT_NEAR(X(graph, 3), 0.5f, 1e-6f);

  // base + 0.5 * (C - C's first frame) adds nothing: C never changes.
  anim::AnimationGraph g2{skeleton};
  auto* base = g2.Add<anim::ClipNode>("a", skeleton, a);
  auto* add = g2.Add<anim::ClipNode>("b", skeleton, b);
  anim::SoaPose reference = skeleton.RestPose();
  b.Sample(reference, 0.0f);
  g2.SetRoot(g2.Add<anim::AdditiveNode>("add", skeleton, base, add, reference,
                                        anim::FloatInput{-1, 0.5f}));
  g2.Update(0.0f);
  g2.Update(0.5f);
  // A at x 0.5 plus half of B's change since its first frame (1.0 - 0).
  EXPECT_NEAR(X(g2), 0.5f + 0.5f * 1.0f, 1e-6f);

  // Subtract then add back the difference: (B - A) added to A gives B.
  anim::AnimationGraph g3{skeleton};
  auto* sa = g3.Add<anim::ClipNode>("a", skeleton, a);
  auto* sb = g3.Add<anim::ClipNode>("b", skeleton, b);
  auto* ra = g3.Add<anim::ClipNode>("a2", skeleton, a);
  auto* diff = g3.Add<anim::SubtractNode>("d", skeleton, sb, ra);
  g3.SetRoot(g3.Add<anim::AdditiveNode>("add", skeleton, sa, diff, std::nullopt,
                                        anim::FloatInput{-1, 1.0f}));
  g3.Update(0.0f);
  g3.Update(0.5f);
  EXPECT_NEAR(X(g3), 1.0f, 1e-6f);
}

TEST_F(GraphTest, CrossFadeNodeFadesWhenTheSelectorChanges) {
  const int pick = graph.Params().Add("pick", anim::ParamType::kFloat, 0.0f);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  anim::CrossFadeNodeOptions o;
  o.duration = 0.4f;
  o.ease = anim::EaseCurve::Linear();
  auto* fade = graph.Add<anim::CrossFadeNode>("x", skeleton, std::vector<anim::Node*>{na, nc},
                                              anim::FloatInput{pick}, o);
  graph.SetRoot(fade);
  graph.Update(0.0f);
  graph.Update(0.1f);
  EXPECT_NEAR(X(graph), 0.1f, 1e-6f);
  graph.Params().Set(pick, 1.0f);
  graph.Update(0.1f);  // the fade starts: weight 0, A keeps playing (x 0.2)
  EXPECT_TRUE(fade->Fading(graph.Context()));
  EXPECT_NEAR(X(graph), 0.2f, 1e-6f);
  graph.Update(0.1f);  // weight 0.25: A at 0.3, C at 10
  EXPECT_NEAR(X(graph), 0.75f * 0.3f + 0.25f * 10.0f, 1e-5f);
  for (int i = 0; i < 3; ++i) graph.Update(0.1f);
  EXPECT_FALSE(fade->Fading(graph.Context()));
  EXPECT_NEAR(X(graph), 10.0f, 1e-6f);
}

// A two-state machine A -> C on a bool, with the transition under test.
class StateMachineTest : public GraphTest {
 protected:
  anim::StateMachineNode* Build(anim::Transition t, std::vector<anim::Transition> more = {}) {
    go = graph.Params().Add("go", anim::ParamType::kBool);
    back = graph.Params().Add("back", anim::ParamType::kTrigger);
    na = graph.Add<anim::ClipNode>("a", skeleton, a);
    nc = graph.Add<anim::ClipNode>("c", skeleton, c);
    t.conditions.push_back({go, anim::CompareOp::kIsTrue});
    more.insert(more.begin(), t);
    auto* sm = graph.Add<anim::StateMachineNode>(
        "sm", skeleton, std::vector<anim::State>{{"A", na}, {"C", nc}}, more, 0);
    EXPECT_EQ(sm->Validate(graph.Params()), "");
    graph.SetRoot(sm);
    return sm;
  }
  int go = -1, back = -1;
  anim::ClipNode* na = nullptr;
  anim::ClipNode* nc = nullptr;
};

TEST_F(StateMachineTest, EntersTheDefaultStateAndFadesOnACondition) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.2f;
  t.ease = anim::EaseCurve::Linear();
  auto* sm = Build(t);
  graph.Update(0.0f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "A"), 1);
  graph.Update(0.1f);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.1f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
  EXPECT_TRUE(sm->Fading(graph.Context()));
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "C"), 1);
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateExit, "A"), 0);  // still fading out
  EXPECT_NEAR(X(graph), 0.2f, 1e-6f);                                  // weight 0: A at 0.2
  graph.Update(0.1f);                                                  // weight 0.5
  EXPECT_NEAR(X(graph), 0.5f * 0.3f + 0.5f * 10.0f, 1e-5f);
  graph.Update(0.1f);
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateExit, "A"), 1);
  EXPECT_NEAR(X(graph), 10.0f, 1e-6f);
}

TEST_F(StateMachineTest, ExitWindowHoldsTheTransitionUntilTheSourceReachesIt) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.0f;
  t.exit_begin = 0.55f;
  t.exit_end = 0.8f;
  auto* sm = Build(t);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.0f);
  float phase_when_left = -1.0f;
  for (int i = 0; i < 30 && sm->ActiveState(graph.Context()) == 0; ++i) {
    phase_when_left = na->PhaseIn(graph.Context());
    graph.Update(0.1f);
  }
  ASSERT_EQ(sm->ActiveState(graph.Context()), 1);
  // The transition was tested at phases 0, 0.1, ..., and first held at 0.6.
  EXPECT_NEAR(phase_when_left, 0.6f, 1e-5f);
}

TEST_F(StateMachineTest, ExitWindowMissedWaitsForTheNextCycle) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.0f;
  t.exit_begin = 0.2f;
  t.exit_end = 0.3f;
  auto* sm = Build(t);
  graph.Update(0.0f);
  for (int i = 0; i < 5; ++i) graph.Update(0.1f);  // phase 0.5: past the window
  graph.Params().Set(go, 1.0f);
  int updates = 0;
  while (sm->ActiveState(graph.Context()) == 0 && updates < 30) {
    graph.Update(0.1f);
    ++updates;
  }
  // Tested at 0.5, 0.6, ..., 0.9, 0.0, 0.1, then 0.2 holds: the 8th update.
  EXPECT_EQ(updates, 8);
}

TEST_F(StateMachineTest, NoInterruptRuleFinishesTheFadeFirst) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.5f;
  anim::Transition back_t;
  back_t.from = 1;
  back_t.to = 0;
  back_t.duration = 0.1f;
  back_t.conditions.push_back({1, anim::CompareOp::kTriggered});  // "back"
  auto* sm = Build(t, {back_t});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.1f);
  graph.Params().Set(go, 0.0f);
  ASSERT_TRUE(sm->Fading(graph.Context()));
  graph.Params().Fire(back);
  graph.Update(0.1f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1) << "kNone: the running fade cannot be interrupted";
  // The trigger was not used, and it does not linger to fire later.
  EXPECT_FALSE(graph.Params().IsSet(back));
  for (int i = 0; i < 6; ++i) graph.Update(0.1f);
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
}

TEST_F(StateMachineTest, DestinationInterruptFadesFromThePoseOnScreen) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.5f;
  t.ease = anim::EaseCurve::Linear();
  t.interrupt = anim::InterruptRule::kDestination;
  anim::Transition back_t;
  back_t.from = 1;
  back_t.to = 0;
  back_t.duration = 0.5f;
  back_t.ease = anim::EaseCurve::Linear();
  back_t.conditions.push_back({1, anim::CompareOp::kTriggered});
  auto* sm = Build(t, {back_t});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.1f);  // fade to C starts
  graph.Params().Set(go, 0.0f);
  graph.Update(0.2f);  // weight 0.4: A at 0.3 -> 0.6 * 0.3 + 0.4 * 10
  const float on_screen = X(graph);
  EXPECT_NEAR(on_screen, 0.6f * 0.3f + 0.4f * 10.0f, 1e-5f);
  graph.Params().Fire(back);
  graph.Update(0.1f);  // interrupted: back to A, from a snapshot of that pose
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_NEAR(X(graph), on_screen, 1e-5f) << "no pop at the interruption";
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateExit, "C"), 1);
  // Weight 0.5; A restarted in the interrupting update and has run 0.1 + 0.25 s.
  graph.Update(0.25f);
  EXPECT_NEAR(X(graph), 0.5f * on_screen + 0.5f * 0.35f, 1e-5f);
}

TEST_F(StateMachineTest, SourceInterruptOnlyAllowsTransitionsOutOfTheSource) {
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.5f;
  t.interrupt = anim::InterruptRule::kSource;
  anim::Transition from_c;  // out of the destination: not allowed to interrupt
  from_c.from = 1;
  from_c.to = 0;
  from_c.conditions.push_back({1, anim::CompareOp::kTriggered});
  auto* sm = Build(t, {from_c});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.1f);
  graph.Params().Fire(back);
  graph.Update(0.1f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
  EXPECT_TRUE(sm->Fading(graph.Context()));
}

TEST_F(StateMachineTest, AnyStateTransitionsWinAndSkipTheActiveStateUnlessAllowed) {
  anim::Transition t;  // A -> C on go, never fires here
  t.from = 0;
  t.to = 1;
  anim::Transition any;
  any.from = anim::Transition::kAnyState;
  any.to = 0;
  any.duration = 0.0f;
  any.conditions.push_back({1, anim::CompareOp::kTriggered});
  auto* sm = Build(t, {any});
  graph.Update(0.0f);
  graph.Update(0.3f);
  graph.Params().Fire(back);
  graph.Update(0.1f);
  // The active state is A already and allow_self is off: nothing restarts.
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "A"), 0);
  EXPECT_NEAR(X(graph), 0.4f, 1e-6f);
  graph.Params().Set(go, 1.0f);
  graph.Update(0.0f);
  graph.Params().Set(go, 0.0f);
  for (int i = 0; i < 3; ++i) graph.Update(0.1f);
  ASSERT_EQ(sm->ActiveState(graph.Context()), 1);
  graph.Params().Fire(back);
  graph.Update(0.1f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "A"), 1);
}

TEST_F(GraphTest, EnteringAParentStateEntersItsDefaultChild) {
  const int go = graph.Params().Add("go", anim::ParamType::kTrigger);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  // The nested machine's default child is its second state, "C".
  auto* inner = graph.Add<anim::StateMachineNode>("inner", skeleton,
                                                  std::vector<anim::State>{{"B", nb}, {"C", nc}},
                                                  std::vector<anim::Transition>{}, 1);
  anim::Transition t;
  t.from = 0;
  t.to = 1;
  t.duration = 0.0f;
  t.conditions.push_back({go, anim::CompareOp::kTriggered});
  auto* outer = graph.Add<anim::StateMachineNode>(
      "outer", skeleton, std::vector<anim::State>{{"A", na}, {"Parent", inner}},
      std::vector<anim::Transition>{t}, 0);
  graph.SetRoot(outer);
  graph.Update(0.0f);
  graph.Update(0.2f);
  graph.Params().Fire(go);
  graph.Update(0.1f);
  EXPECT_EQ(outer->ActiveState(graph.Context()), 1);
  EXPECT_EQ(inner->ActiveState(graph.Context()), 1);
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "Parent"), 1);
  EXPECT_EQ(CountEvents(graph, anim::EventKind::kStateEnter, "C"), 1);
  EXPECT_NEAR(X(graph), 10.0f, 1e-6f);
}

TEST_F(GraphTest, HigherPriorityLayerReplacesLowerOnesWhereItHasWeight) {
  const int upper_w = graph.Params().Add("upper", anim::ParamType::kFloat, 1.0f);
  auto* na = graph.Add<anim::ClipNode>("a", skeleton, a);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  auto* nb = graph.Add<anim::ClipNode>("b", skeleton, b);
  anim::Layer base = MakeLayer("base", na);
  anim::Layer also_base = MakeLayer("also", nb);  // same priority as base: they share
  anim::Layer upper = MakeLayer("upper", nc, anim::FloatInput{upper_w});
  upper.priority = 1;
  upper.mask = anim::JointMask{{0.0f, 1.0f, 1.0f, 0.0f}};  // spine and head
  graph.SetLayers({base, also_base, upper});
  graph.Update(0.0f);
  graph.Update(0.5f);
  // Hips and leg: A (x 0.5) and B (x 1.0) half each; spine and head: only C.
  EXPECT_NEAR(X(graph, 0), 0.75f, 1e-5f);
  EXPECT_NEAR(X(graph, 3), 0.75f, 1e-5f);
  EXPECT_NEAR(X(graph, 1), 10.0f, 1e-5f);
  EXPECT_NEAR(X(graph, 2), 10.0f, 1e-5f);
  // At weight 0.4 the upper layer takes 0.4 of the spine, the base layers the rest.
  graph.Params().Set(upper_w, 0.4f);
  graph.Update(0.0f);
  EXPECT_NEAR(X(graph, 1), 0.4f * 10.0f + 0.6f * 0.75f, 1e-5f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 2, 1), 0.4f, 1e-6f);
  EXPECT_NEAR(graph.Layers()->JointShare(graph.Context(), 0, 1), 0.3f, 1e-6f);
}

TEST_F(GraphTest, LayerWeightLeftOverGoesToTheRestPose) {
  const int w = graph.Params().Add("w", anim::ParamType::kFloat, 0.25f);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  graph.SetLayers({MakeLayer("only", nc, anim::FloatInput{w})});
  graph.Update(0.0f);
  // Rest x is 0: a quarter of C's 10.
  EXPECT_NEAR(X(graph, 0), 2.5f, 1e-5f);
}

TEST_F(GraphTest, KeyEventsFireOnceWithTheirShareOfTheBlend) {
  anim::Clip with_key = MakeSlideClip("K", 1.0f, 0.0f, 1.0f);
  with_key.SetEvents({{0.5f, "step"}});
  const int w = graph.Params().Add("w", anim::ParamType::kFloat, 0.3f);
  auto* nk = graph.Add<anim::ClipNode>("k", skeleton, with_key);
  auto* nc = graph.Add<anim::ClipNode>("c", skeleton, c);
  graph.SetRoot(graph.Add<anim::Blend2Node>("b", skeleton, nk, nc, anim::FloatInput{w}));
  int fired = 0;
  float weight = 0.0f;
  graph.Update(0.0f);
  for (int i = 0; i < 60 * 3; ++i) {  // three cycles at 60 Hz
    graph.Update(1.0f / 60.0f);
    for (const auto& e : graph.Events()) {
      if (e.kind == anim::EventKind::kKey && e.name == "step") {
        ++fired;
        weight = e.weight;
      }
    }
  }
  EXPECT_EQ(fired, 3);
  EXPECT_NEAR(weight, 0.7f, 1e-6f);
  // Below the threshold the clip makes no events.
  graph.Params().Set(w, 0.99f);
  fired = 0;
  for (int i = 0; i < 60 * 2; ++i) {
    graph.Update(1.0f / 60.0f);
    fired += CountEvents(graph, anim::EventKind::kKey, "step");
  }
  EXPECT_EQ(fired, 0);
}

TEST_F(GraphTest, ParametersRefuseBadValuesAndDuplicates) {
  auto& p = graph.Params();
  const int speed = p.Add("speed", anim::ParamType::kFloat, 1.0f);
  EXPECT_EQ(p.Add("speed", anim::ParamType::kBool), -1);
  EXPECT_EQ(p.Add("", anim::ParamType::kBool), -1);
  EXPECT_FALSE(p.Set(speed, NAN));
  EXPECT_FLOAT_EQ(p.Get(speed), 1.0f);
  EXPECT_FALSE(p.Set("nope", 1.0f));
  const int flag = p.Add("flag", anim::ParamType::kBool);
  p.Set(flag, 7.0f);
  EXPECT_FLOAT_EQ(p.Get(flag), 1.0f);
}

}  // namespace

namespace {

TEST(GraphMirror, MirrorNodeOutputsTheMirroredPoseOfItsInput) {
  const anim::Skeleton s = anim_test::MakeTwoLegSkeleton();
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  // The left leg swings forward (about +X), the right one stays.
  anim::JointTracks swing;
  swing.joint = 1;
  const glm::quat q = anim_test::AxisAngle(30.0f, {1, 0, 0});
  swing.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, 1}, {q, q});
  const anim::Clip clip("swing", {swing});

  anim::AnimationGraph g(s);
  auto* in = g.Add<anim::ClipNode>("in", s, clip);
  g.SetRoot(g.Add<anim::MirrorNode>("mirror", s, in, map));
  g.Update(0.0f);
  anim::SoaPose sampled = s.RestPose(), expect = sampled;
  clip.Sample(sampled, 0.0f);
  anim::MirrorPose(map, s.Parents(), sampled, expect);
  for (int j = 0; j < 3; ++j) {
    anim_test::ExpectVecNear(g.SoaOutput().Local(j).translation, expect.Local(j).translation);
    anim_test::ExpectSameRotation(g.SoaOutput().Local(j).rotation, expect.Local(j).rotation);
  }
  // By hand: now the right leg swings, the same way (a rotation about X is
  // unchanged by an X mirror), and the left one rests.
  anim_test::ExpectSameRotation(g.SoaOutput().Local(2).rotation, q);
  anim_test::ExpectSameRotation(g.SoaOutput().Local(1).rotation, glm::quat(1, 0, 0, 0));
}

}  // namespace

namespace {

TEST(GraphLayers, AdditiveLayerAddsItsChangeOnTopOfTheBlendedLayers) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  const anim::Clip a = anim_test::MakeSlideClip("A", 1.0f, 0.0f, 1.0f);  // x = t
  const anim::Clip d = anim_test::MakeSlideClip("D", 1.0f, 2.0f, 6.0f);  // x = 2 + 4 t
  anim::AnimationGraph g(s);
  const int w = g.Params().Add("w", anim::ParamType::kFloat, 0.5f);
  anim::Layer base;
  base.root = g.Add<anim::ClipNode>("a", s, a);
  anim::Layer add;
  add.root = g.Add<anim::ClipNode>("d", s, d);
  add.additive = true;
  add.reference = anim::MakeAdditivePose(s, d);  // D's first frame: x 2
  add.weight = anim::FloatInput{w};
  add.mask = anim::JointMask{{1.0f, 1.0f, 0.0f, 0.0f}};
  g.SetLayers({base, add});
  g.Update(0.0f);
  g.Update(0.25f);
  // A at x 0.25; D has moved 1.0 from its first frame; half of that is added
  // on the masked joints only.
  EXPECT_NEAR(g.SoaOutput().Local(0).translation.x, 0.25f + 0.5f, 1e-5f);
  EXPECT_NEAR(g.SoaOutput().Local(1).translation.x, 0.25f + 0.5f, 1e-5f);
  EXPECT_NEAR(g.SoaOutput().Local(2).translation.x, 0.25f, 1e-5f);
  g.Params().Set(w, 0.0f);
  g.Update(0.0f);
  EXPECT_NEAR(g.SoaOutput().Local(0).translation.x, 0.25f, 1e-5f);
}

}  // namespace

namespace {

TEST(GraphBlendSpace2D, WeightsAreTheBarycentricCoordinatesOfThePoint) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  const anim::Clip c0 = anim_test::MakeSlideClip("c0", 1.0f, 0.0f, 0.0f);  // x 0
  const anim::Clip c1 = anim_test::MakeSlideClip("c1", 1.0f, 4.0f, 4.0f);  // x 4
  const anim::Clip c2 = anim_test::MakeSlideClip("c2", 1.0f, 8.0f, 8.0f);  // x 8
  anim::AnimationGraph g(s);
  const int px = g.Params().Add("x", anim::ParamType::kFloat, 0.25f);
  const int py = g.Params().Add("y", anim::ParamType::kFloat, 0.25f);
  anim::BlendSpace2D space;
  const glm::vec2 points[] = {{0, 0}, {1, 0}, {0, 1}};
  std::string error;
  ASSERT_TRUE(space.Build(points, &error)) << error;
  auto* node = g.Add<anim::BlendSpace2DNode>(
      "dir", s,
      std::vector<anim::Node*>{g.Add<anim::ClipNode>("0", s, c0), g.Add<anim::ClipNode>("1", s, c1),
                               g.Add<anim::ClipNode>("2", s, c2)},
      space, anim::FloatInput{px}, anim::FloatInput{py});
  g.SetRoot(node);
  g.Update(0.0f);
  // (0.25, 0.25) = 0.5 * p0 + 0.25 * p1 + 0.25 * p2.
  EXPECT_NEAR(node->Weights(g.Context())[0], 0.5f, 1e-6f);
  EXPECT_NEAR(node->Weights(g.Context())[1], 0.25f, 1e-6f);
  EXPECT_NEAR(node->Weights(g.Context())[2], 0.25f, 1e-6f);
  EXPECT_NEAR(g.SoaOutput().Local(0).translation.x, 0.25f * 4.0f + 0.25f * 8.0f, 1e-5f);
  // At a clip's own point, that clip alone.
  g.Params().Set(px, 1.0f);
  g.Params().Set(py, 0.0f);
  g.Update(0.0f);
  EXPECT_NEAR(g.SoaOutput().Local(0).translation.x, 4.0f, 1e-6f);
}

}  // namespace

namespace {

TEST(GraphCallbacks, CallbackSeesEveryEventOnceInOrder) {
  const anim::Skeleton s = anim_test::MakeTestSkeleton();
  anim::Clip walk = anim_test::MakeSlideClip("walk", 1.0f, 0.0f, 1.0f);
  walk.SetEvents({{0.25f, "left"}, {0.75f, "right"}});
  anim::AnimationGraph g(s);
  g.SetRoot(g.Add<anim::ClipNode>("walk", s, walk));
  std::vector<std::string> seen;
  g.SetEventCallback([&](const anim::FiredEvent& e) {
    if (e.kind == anim::EventKind::kKey) seen.emplace_back(e.name);
  });
  g.Update(0.0f);
  for (int i = 0; i < 120; ++i) g.Update(1.0f / 60.0f);  // two cycles
  EXPECT_EQ(seen, (std::vector<std::string>{"left", "right", "left", "right"}));
}

}  // namespace
