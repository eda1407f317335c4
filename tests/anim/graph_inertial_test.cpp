// Inertialized transitions in the graph: the cross-fade node's and the state
// machine's, on the analytic clips of graph_fixture.h. The source, ramp
// (x = t, 1 m/s), moves towards the destination, still (x 10), so the
// offset (x - 10 < 0) closes and its velocity carries over whole.
//
// In the graph the offset is recorded on the switch frame against the new
// input's first pose and has already run one step, so that frame's output
// is the old pose moved on by one step at the old velocity.
#include <gtest/gtest.h>

#include <vector>

#include "anim/graph/cross_fade_node.h"
#include "anim/graph/state_machine.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim::TransitionMode;

constexpr float kDt = 1.0f / 64.0f;  // exact in binary

class GraphInertialTest : public anim_test::GraphFixture {
 protected:
  // Runs `frames` steps and returns X() after each.
  std::vector<float> Run(int frames) {
    std::vector<float> xs;
    for (int i = 0; i < frames; ++i) {
      graph.Update(kDt);
      xs.push_back(X());
    }
    return xs;
  }
  // Position and velocity across a switch made on the next frame.
  void ExpectContinuousSwitch(const std::vector<float>& before) {
    const float v_before = (before.back() - before[before.size() - 2]) / kDt;
    ASSERT_NEAR(v_before, 1.0f, 1e-4f);
    graph.Update(kDt);
    // The offset's quintic (x0 9.75, v0 -1, t1 1) has C = -(-12 + 195) / 2:
    // it bends the first step's velocity by 3 C dt^2... a few hundredths.
    EXPECT_NEAR((X() - before.back()) / kDt, v_before, 0.05f);
  }
};

TEST_F(GraphInertialTest, CrossFadeNodeSwitchesAtOnceWithoutAPop) {
  const int pick = AddFloat("pick", 0.0f);
  anim::ClipNode* a = AddClip("ramp", ramp);
  anim::ClipNode* c = AddClip("still", still);
  anim::CrossFadeNodeOptions o;
  o.duration = 1.0f;
  o.mode = TransitionMode::kInertial;
  auto* fade = graph.Add<anim::CrossFadeNode>("x", skeleton, std::vector<anim::Node*>{a, c},
                                              FloatInput{pick}, o);
  graph.SetRoot(fade);
  graph.Update(0.0f);
  const std::vector<float> before = Run(16);  // x = 0.25
  graph.Params().Set(pick, 1.0f);
  ExpectContinuousSwitch(before);
  EXPECT_FALSE(fade->Fading(graph.Context())) << "not a fade: only the new input plays";
  EXPECT_TRUE(fade->Inertializing(graph.Context()));
  const float source_time = a->Time(graph.Context());
  Run(63);  // 64 steps: 1 s
  EXPECT_EQ(a->Time(graph.Context()), source_time) << "the old input is no longer updated";
  EXPECT_FALSE(fade->Inertializing(graph.Context()));
  for (int j = 0; j < skeleton.JointCount(); ++j) EXPECT_EQ(X(j), 10.0f);
}

class StateMachineInertialTest : public GraphInertialTest {
 protected:
  // States A (ramp), B (slow, x = 2t), C (still, x 10); A -> C when go.
  anim::StateMachineNode* Machine(TransitionMode c_to_b_mode) {
    a = AddClip("ramp", ramp);
    b = AddClip("slow", slow);
    c = AddClip("still", still);
    anim::Transition to_c;
    to_c.from = 0;
    to_c.to = 2;
    to_c.duration = 1.0f;
    to_c.mode = TransitionMode::kInertial;
    to_c.conditions = {{go, anim::CompareOp::kIsTrue}};
    anim::Transition to_b = to_c;
    to_b.from = 2;
    to_b.to = 1;
    to_b.duration = 0.5f;
    to_b.mode = c_to_b_mode;
    to_b.conditions = {{back, anim::CompareOp::kIsTrue}};
    auto* sm = graph.Add<anim::StateMachineNode>(
        "sm", skeleton, std::vector<anim::State>{{"A", a}, {"B", b}, {"C", c}},
        std::vector<anim::Transition>{to_c, to_b}, 0);
    EXPECT_EQ(sm->Validate(graph.Params()), "");
    graph.SetRoot(sm);
    graph.Update(0.0f);
    return sm;
  }
  int go = graph.Params().Add("go", anim::ParamType::kBool);
  int back = graph.Params().Add("back", anim::ParamType::kBool);
  anim::ClipNode *a = nullptr, *b = nullptr, *c = nullptr;
};

TEST_F(StateMachineInertialTest, InertialTransitionIsContinuousAndEndsOnTheDestination) {
  anim::StateMachineNode* sm = Machine(TransitionMode::kInertial);
  const std::vector<float> before = Run(16);
  graph.Params().Set(go, 1.0f);
  ExpectContinuousSwitch(before);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_TRUE(sm->Inertializing(graph.Context()));
  const float source_time = a->Time(graph.Context());
  Run(63);
  EXPECT_EQ(a->Time(graph.Context()), source_time);
  EXPECT_FALSE(sm->Inertializing(graph.Context()));
  for (int j = 0; j < skeleton.JointCount(); ++j) EXPECT_EQ(X(j), 10.0f);
}

TEST_F(StateMachineInertialTest, AnInterruptionStartsFromThePoseShown) {
  Machine(TransitionMode::kInertial);
  Run(16);
  graph.Params().Set(go, 1.0f);
  const std::vector<float> during = Run(16);
  // Still far from C (about 0.25 + 0.25 m up, C at 10) when B (x = 2t, from
  // 0) takes over: the new offset starts from the pose shown, so the x
  // shown moves by about one step's worth, not back to B's 0.
  graph.Params().Set(back, 1.0f);
  graph.Update(kDt);
  EXPECT_NEAR(X(), during.back(), 0.1f);
  EXPECT_GT(X(), 0.3f);
}

TEST_F(StateMachineInertialTest, ACrossFadeDuringAnInertializationFadesFromThePoseShown) {
  anim::StateMachineNode* sm = Machine(TransitionMode::kSmooth);
  Run(16);
  graph.Params().Set(go, 1.0f);
  const std::vector<float> during = Run(16);
  graph.Params().Set(back, 1.0f);
  graph.Update(kDt);  // the fade's weight is still 0: the snapshot of what showed
  EXPECT_TRUE(sm->Fading(graph.Context()));
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_FALSE(sm->Inertializing(graph.Context()));
  EXPECT_NEAR(X(), during.back(), 1e-5f);
}

}  // namespace
