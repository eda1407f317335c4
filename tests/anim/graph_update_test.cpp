// AnimationGraph's frame: time that cannot pass (negative or non-finite dt),
// Reset restarting every clock under a root or layers, events replaced by
// each update, triggers cleared after it. Values from graph_fixture.h's
// ramp (x = t) and slow (x = 2t) clips.
#include <gtest/gtest.h>

#include "anim/graph/layering_nodes.h"
#include "tests/anim/graph_fixture.h"

namespace {

using GraphUpdateTest = anim_test::GraphFixture;

TEST_F(GraphUpdateTest, NegativeOrNonFiniteTimeDoesNotPass) {
  auto* n = AddClip("ramp", ramp);
  graph.SetRoot(n);
  graph.Update(0.0f);
  graph.Update(0.25f);
  graph.Update(-0.1f);
  EXPECT_NEAR(n->Time(graph.Context()), 0.25f, 1e-6f);
  graph.Update(NAN);
  graph.Update(INFINITY);
  EXPECT_NEAR(n->Time(graph.Context()), 0.25f, 1e-6f);
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
}

TEST_F(GraphUpdateTest, ResetRestartsEveryClockUnderTheRoot) {
  // A feather blend: both its base and its overlay restart.
  auto* base = AddClip("ramp", ramp);
  auto* over = AddClip("slow", slow);
  graph.SetRoot(graph.Add<anim::FeatherBlendNode>("f", skeleton, base, over,
                                                  anim::JointMask{{0.0f, 1.0f, 0.0f, 0.0f}},
                                                  anim::FloatInput{-1, 1.0f}));
  graph.Update(0.0f);
  graph.Update(0.75f);
  graph.Reset();
  EXPECT_NEAR(base->Time(graph.Context()), 0.0f, 1e-6f);
  EXPECT_NEAR(over->Time(graph.Context()), 0.0f, 1e-6f);
  graph.Update(0.25f);
  EXPECT_NEAR(X(0), 0.25f, 1e-6f);
  EXPECT_NEAR(X(1), 0.5f, 1e-6f);
}

TEST_F(GraphUpdateTest, ResetRestartsEveryLayer) {
  auto* base = AddClip("ramp", ramp);
  auto* upper = AddClip("slow", slow);
  graph.SetLayers({anim_test::MakeLayer("base", base), anim_test::MakeLayer("upper", upper)});
  graph.Update(0.0f);
  graph.Update(0.75f);
  graph.Reset();
  EXPECT_NEAR(base->Time(graph.Context()), 0.0f, 1e-6f);
  EXPECT_NEAR(upper->Time(graph.Context()), 0.0f, 1e-6f);
}

TEST_F(GraphUpdateTest, EachUpdateReplacesTheEventsOfTheLastOne) {
  ramp.SetEvents({{0.25f, "k"}});
  graph.SetRoot(AddClip("ramp", ramp));
  graph.Update(0.0f);
  graph.Update(0.3f);
  EXPECT_EQ(graph.Events().size(), 1u);
  graph.Update(0.1f);
  EXPECT_TRUE(graph.Events().empty());
}

TEST_F(GraphUpdateTest, TriggersAreClearedAfterTheUpdateAndOtherParametersKept) {
  const int jump = graph.Params().Add("jump", anim::ParamType::kTrigger);
  const int flag = graph.Params().Add("flag", anim::ParamType::kBool);
  const int speed = AddFloat("speed", 0.0f);
  graph.SetRoot(AddClip("ramp", ramp));
  graph.Params().Fire(jump);
  graph.Params().Set(flag, 5.0f);  // a bool reads 1
  graph.Params().Set(speed, 2.5f);
  EXPECT_FLOAT_EQ(graph.Params().Get(jump), 1.0f);
  graph.Update(0.1f);
  EXPECT_FLOAT_EQ(graph.Params().Get(jump), 0.0f);
  EXPECT_FLOAT_EQ(graph.Params().Get(flag), 1.0f);
  EXPECT_FLOAT_EQ(graph.Params().Get(speed), 2.5f);
}

}  // namespace
