// StateMachineNode on the analytic clips of graph_fixture.h: entry, smooth
// and frozen transitions, exit windows (both ends inclusive, the end of a
// clamped clip, the start of one played backward), interruption rules,
// any-state transitions and their precedence, conditions and triggers,
// start and matched phases, hierarchical states, root motion and events.
// Steps of 1/8 s over 0.5 s fades keep every time exact in binary; the
// expected values are worked out in the comments. Smoothstep is 3u^2 - 2u^3:
// 0.15625 at u = 0.25, 0.5 at 0.5, 0.84375 at 0.75.
#include <gtest/gtest.h>

#include <vector>

#include "anim/graph/state_machine.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::CompareOp;
using anim::EventKind;
using anim::InterruptRule;
using anim::Transition;
using anim_test::CountEvents;
using anim_test::ExpectVecNear;

constexpr float kStep = 0.125f;

class StateMachineNodeTest : public anim_test::GraphFixture {
 protected:
  // A transition with a linear ease (so weights are elapsed / duration).
  static Transition Go(int from, int to, float duration, std::vector<anim::Condition> when = {}) {
    Transition t;
    t.from = from;
    t.to = to;
    t.duration = duration;
    t.ease = anim::EaseCurve::Linear();
    t.conditions = std::move(when);
    return t;
  }
  anim::Condition When(int param, CompareOp op = CompareOp::kIsTrue, float value = 0.0f) const {
    return {param, op, value};
  }
  // States A (ramp, x = t), B (slow, x = 2t), C (still, x 10).
  anim::StateMachineNode* Machine(std::vector<Transition> transitions, int default_state = 0,
                                  anim::LoopMode a_loop = anim::LoopMode::kLoop,
                                  float a_rate = 1.0f) {
    a = AddClip("ramp", ramp, a_loop, a_rate);
    b = AddClip("slow", slow);
    c = AddClip("still", still);
    auto* sm = graph.Add<anim::StateMachineNode>(
        "sm", skeleton, std::vector<anim::State>{{"A", a}, {"B", b}, {"C", c}},
        std::move(transitions), default_state);
    EXPECT_EQ(sm->Validate(graph.Params()), "");
    graph.SetRoot(sm);
    return sm;
  }

  int go = graph.Params().Add("go", anim::ParamType::kBool);
  int hit = graph.Params().Add("hit", anim::ParamType::kTrigger);
  int speed = graph.Params().Add("speed", anim::ParamType::kFloat);
  anim::ClipNode* a = nullptr;
  anim::ClipNode* b = nullptr;
  anim::ClipNode* c = nullptr;
};

TEST_F(StateMachineNodeTest, TheFirstUpdateEntersTheDefaultStateAndNothingElse) {
  graph.Params().Set(go, 1.0f);
  auto* sm = Machine({Go(2, 0, 0.0f, {When(go)})}, 2);
  graph.Update(0.0f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "C"), 1);
  EXPECT_NEAR(X(), 10.0f, 1e-6f);
  graph.Update(kStep);  // now the transition C -> A is tested, and holds
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "C"), 1);
}

TEST_F(StateMachineNodeTest, SmoothTransitionFollowsItsEaseWhileTheSourcePlaysOn) {
  Transition t = Go(0, 2, 0.5f, {When(go)});
  t.ease = anim::EaseCurve::SmoothStep();
  auto* sm = Machine({t});
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // starts at weight 0: A at 0.25
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_EQ(sm->SourceState(graph.Context()), 0);
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), 0);
  EXPECT_TRUE(sm->Fading(graph.Context()));
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "C"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 0) << "A still shows";
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Update(kStep);  // u 0.25: 0.84375 * 0.375 + 0.15625 * 10
  EXPECT_NEAR(sm->TransitionProgress(graph.Context()), 0.15625f, 1e-6f);
  EXPECT_NEAR(X(), 1.87890625f, 1e-5f);
  graph.Update(kStep);  // u 0.5: 0.5 * 0.5 + 0.5 * 10
  EXPECT_NEAR(X(), 5.25f, 1e-5f);
  graph.Update(kStep);  // u 0.75: 0.15625 * 0.625 + 0.84375 * 10
  EXPECT_NEAR(X(), 8.53515625f, 1e-5f);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 0);
  graph.Update(kStep);  // u 1: A stops contributing and exits now
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), -1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 1);
  EXPECT_NEAR(X(), 10.0f, 1e-6f);
  EXPECT_NEAR(sm->TimeInState(graph.Context()), 0.5f, 1e-6f) << "four steps since C was entered";
}

TEST_F(StateMachineNodeTest, EventsDuringAFadeCarryEachStatesShare) {
  ramp.SetEvents({{0.3f, "old"}});
  slow.SetEvents({{0.2f, "new"}});
  Machine({Go(0, 1, 0.5f, {When(go)})});
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // A 0.25, B 0.125
  graph.Update(kStep);  // weight 0.25: A crosses 0.3 (share 0.75), B crosses 0.2 (0.25)
  const auto keys = anim_test::EventsOf(graph, EventKind::kKey);
  ASSERT_EQ(keys.size(), 2u);
  for (const auto& k : keys)
    EXPECT_NEAR(k.weight, k.name == "old" ? 0.75f : 0.25f, 1e-6f) << k.name;
}

TEST_F(StateMachineNodeTest, FrozenTransitionFadesFromThePoseShownWhenItFired) {
  Transition t = Go(0, 2, 0.5f, {When(go)});
  t.mode = anim::TransitionMode::kFrozen;
  auto* sm = Machine({t});
  graph.Update(0.0f);
  graph.Update(kStep);  // on screen: A at 0.125
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 1) << "a snapshot leaves A at once";
  EXPECT_NEAR(X(), 0.125f, 1e-6f);
  graph.Update(kStep);  // 0.75 * 0.125 + 0.25 * 10
  EXPECT_NEAR(X(), 2.59375f, 1e-5f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.125f, 1e-6f) << "A's clock stopped";
}

TEST_F(StateMachineNodeTest, ZeroDurationSwitchesAtOnce) {
  auto* sm = Machine({Go(0, 1, 0.0f, {When(go)})});
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // B from 0, 0.125 in: x 0.25
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "B"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 1);
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
}

// Transitions are tested before the states' clocks advance, on the phase the
// previous update left.
TEST_F(StateMachineNodeTest, ExitWindowOpensAtItsBegin) {
  Transition t = Go(0, 2, 0.0f, {When(go)});
  t.exit_begin = 0.5f;
  t.exit_end = 0.75f;
  auto* sm = Machine({t});
  graph.Params().Set(go, 1.0f);
  graph.Update(0.0f);
  graph.Update(0.25f);  // tested at phase 0
  graph.Update(0.25f);  // tested at 0.25
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  graph.Update(0.25f);  // tested at 0.5: holds
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
}

TEST_F(StateMachineNodeTest, ExitWindowIncludesItsEnd) {
  Transition t = Go(0, 2, 0.0f, {When(go)});
  t.exit_begin = 0.25f;
  t.exit_end = 0.5f;
  auto* sm = Machine({t});
  graph.Update(0.0f);
  graph.Update(0.25f);
  graph.Update(0.25f);  // A at phase 0.5
  graph.Params().Set(go, 1.0f);
  graph.Update(0.25f);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
}

TEST_F(StateMachineNodeTest, ExitWindowMissedWaitsForTheNextCycle) {
  Transition t = Go(0, 2, 0.0f, {When(go)});
  t.exit_begin = 0.25f;
  t.exit_end = 0.5f;
  auto* sm = Machine({t});
  graph.Update(0.0f);
  for (int i = 0; i < 3; ++i) graph.Update(0.25f);  // A at phase 0.75
  graph.Params().Set(go, 1.0f);
  graph.Update(0.25f);  // tested at 0.75
  graph.Update(0.25f);  // tested at 0 (wrapped)
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  graph.Update(0.25f);  // tested at 0.25
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
}

TEST_F(StateMachineNodeTest, ExitWindowAtOneWaitsForAClampedClipToEnd) {
  Transition t = Go(0, 2, 0.0f);  // no condition: only the window
  t.exit_begin = 1.0f;
  t.exit_end = 1.0f;
  auto* sm = Machine({t}, 0, anim::LoopMode::kClamp);
  graph.Update(0.0f);
  for (int i = 0; i < 3; ++i) graph.Update(0.25f);
  EXPECT_FALSE(sm->IsCompleteIn(graph.Context()));
  graph.Update(0.25f);  // A reaches its end
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_TRUE(sm->IsCompleteIn(graph.Context()));
  EXPECT_EQ(CountEvents(graph, EventKind::kComplete, "ramp"), 1);
  graph.Update(0.25f);  // tested at phase 1
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_FALSE(sm->IsCompleteIn(graph.Context())) << "C loops";
}

TEST_F(StateMachineNodeTest, AClipPlayedBackwardCompletesAtItsStart) {
  // C -> A on the trigger, A entered at its end (start_phase 1) and played
  // backward, clamped; A -> C when A's phase is 0, that is when it is done.
  Transition rewind = Go(2, 0, 0.0f, {When(hit, CompareOp::kTriggered)});
  rewind.start_phase = 1.0f;
  Transition back = Go(0, 2, 0.0f);
  back.exit_begin = 0.0f;
  back.exit_end = 0.0f;
  auto* sm = Machine({rewind, back}, 2, anim::LoopMode::kClamp, -1.0f);
  graph.Update(0.0f);
  graph.Params().Fire(hit);
  graph.Update(0.25f);  // A enters at 1 and plays back to 0.75
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_NEAR(X(), 0.75f, 1e-6f);
  EXPECT_FALSE(sm->IsCompleteIn(graph.Context()))
      << "entered at its end, but playing towards its start";
  graph.Update(0.25f);
  graph.Update(0.25f);
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  EXPECT_FALSE(sm->IsCompleteIn(graph.Context()));
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  graph.Update(0.25f);  // reaches 0
  EXPECT_NEAR(X(), 0.0f, 1e-6f);
  EXPECT_TRUE(sm->IsCompleteIn(graph.Context()));
  const auto done = anim_test::EventsOf(graph, EventKind::kComplete);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_FLOAT_EQ(done[0].time, 0.0f);
  graph.Update(0.25f);  // tested at phase 0: back to C
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
}

TEST_F(StateMachineNodeTest, NoInterruptRuleLetsNothingInterruptAFade) {
  auto* sm =
      Machine({Go(0, 1, 0.5f, {When(go)}), Go(0, 2, 0.5f, {When(hit, CompareOp::kTriggered)}),
               Go(1, 2, 0.5f, {When(hit, CompareOp::kTriggered)}),
               Go(Transition::kAnyState, 2, 0.5f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), 0);
}

TEST_F(StateMachineNodeTest, SourceInterruptLetsTheStateBeingLeftTakeAnotherTransition) {
  Transition to_b = Go(0, 1, 0.5f, {When(go)});
  to_b.interrupt = InterruptRule::kSource;
  auto* sm = Machine({to_b, Go(0, 2, 0.5f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // A -> B starts: A 0.25
  graph.Params().Set(go, 0.0f);
  graph.Update(kStep);  // weight 0.25: A 0.375, B 0.25 s (x 0.5)
  const float on_screen = 0.75f * 0.375f + 0.25f * 0.5f;
  EXPECT_NEAR(X(), on_screen, 1e-5f);
  graph.Params().Fire(hit);
  graph.Update(kStep);  // A -> C interrupts, from the pose on screen
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "B"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "C"), 1);
  EXPECT_NEAR(X(), on_screen, 1e-5f) << "no pop";
  graph.Update(kStep);
  EXPECT_NEAR(X(), 0.75f * on_screen + 0.25f * 10.0f, 1e-5f);
}

// Each state's share of the pose follows the same arithmetic as X: while
// A -> B fades, weight and rest; interrupted by A -> C, the snapshot keeps
// A's and B's shares of the pose it froze, scaled down as C fades in.
TEST_F(StateMachineNodeTest, StateSharesFollowThePoseThroughAnInterruption) {
  Transition to_b = Go(0, 1, 0.5f, {When(go)});
  to_b.interrupt = InterruptRule::kSource;
  auto* sm = Machine({to_b, Go(0, 2, 0.5f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 0), 1.0f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 1), 0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 0.0f);
  graph.Update(kStep);  // weight 0.25
  EXPECT_NEAR(sm->StateShare(graph.Context(), 0), 0.75f, 1e-6f);
  EXPECT_NEAR(sm->StateShare(graph.Context(), 1), 0.25f, 1e-6f);
  graph.Params().Fire(hit);
  graph.Update(kStep);  // A -> C from the pose on screen, at weight 0
  EXPECT_NEAR(sm->StateShare(graph.Context(), 0), 0.75f, 1e-6f);
  EXPECT_NEAR(sm->StateShare(graph.Context(), 1), 0.25f, 1e-6f);
  EXPECT_NEAR(sm->StateShare(graph.Context(), 2), 0.0f, 1e-6f);
  graph.Update(kStep);  // weight 0.25
  EXPECT_NEAR(sm->StateShare(graph.Context(), 0), 0.75f * 0.75f, 1e-6f);
  EXPECT_NEAR(sm->StateShare(graph.Context(), 1), 0.75f * 0.25f, 1e-6f);
  EXPECT_NEAR(sm->StateShare(graph.Context(), 2), 0.25f, 1e-6f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 3), 0.0f)
      << "no such state, while fading from a snapshot";
  EXPECT_EQ(sm->StateShare(graph.Context(), -1), 0.0f);
  for (int i = 0; i < 3; ++i) graph.Update(kStep);  // C alone
  EXPECT_EQ(sm->StateShare(graph.Context(), 0), 0.0f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 1), 0.0f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 2), 1.0f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 3), 0.0f) << "no such state";
}

TEST_F(StateMachineNodeTest, SourceInterruptIgnoresTheRunningTransitionsOwnConditionStillHolding) {
  // go stays true during the fade: A -> B must not restart itself every
  // update (it would hold B at weight 0 for as long as go is held).
  Transition to_b = Go(0, 1, 0.5f, {When(go)});
  to_b.interrupt = InterruptRule::kSource;
  auto* sm = Machine({to_b});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);
  graph.Update(kStep);
  EXPECT_NEAR(sm->TransitionProgress(graph.Context()), 0.5f, 1e-6f);
  EXPECT_EQ(sm->SourceState(graph.Context()), 0);
  graph.Update(kStep);
  graph.Update(kStep);
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
}

TEST_F(StateMachineNodeTest, SourceInterruptDoesNotLetTheDestinationOrAnyStateInterrupt) {
  Transition to_b = Go(0, 1, 0.5f, {When(go)});
  to_b.interrupt = InterruptRule::kSource;
  auto* sm = Machine({to_b, Go(1, 2, 0.0f, {When(hit, CompareOp::kTriggered)}),
                      Go(Transition::kAnyState, 2, 0.0f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
  EXPECT_TRUE(sm->Fading(graph.Context()));
}

TEST_F(StateMachineNodeTest, DestinationInterruptLetsTheStateBeingEnteredAndAnyStateInterrupt) {
  Transition to_b = Go(0, 1, 0.5f, {When(go)});
  to_b.interrupt = InterruptRule::kDestination;
  auto* sm =
      Machine({to_b, Go(0, 2, 0.0f, {When(hit, CompareOp::kTriggered)}),
               Go(Transition::kAnyState, 2, 0.5f, {When(speed, CompareOp::kGreater, 1.0f)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Params().Set(go, 0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1) << "A -> C leaves the source: not allowed";
  graph.Params().Set(speed, 2.0f);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2)
      << "any-state may interrupt under the destination rule";
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), 2);
}

TEST_F(StateMachineNodeTest, AnyStateTransitionsWinOverTheStatesOwn) {
  auto* sm = Machine({Go(0, 1, 0.0f, {When(go)}), Go(Transition::kAnyState, 2, 0.0f, {When(go)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_EQ(sm->ActiveTransition(graph.Context()), -1);
}

TEST_F(StateMachineNodeTest, AmongAStatesOwnTheFirstDeclaredWins) {
  auto* sm = Machine({Go(0, 1, 0.0f, {When(go)}), Go(0, 2, 0.0f, {When(go)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 1);
}

TEST_F(StateMachineNodeTest, AllowSelfReentersTheActiveState) {
  Transition again = Go(Transition::kAnyState, 0, 0.0f, {When(hit, CompareOp::kTriggered)});
  again.allow_self = true;
  auto* sm = Machine({again});
  graph.Update(0.0f);
  graph.Update(0.375f);
  graph.Params().Fire(hit);
  graph.Update(kStep);  // A restarts at 0, then plays 0.125
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "A"), 1);
  EXPECT_NEAR(X(), 0.125f, 1e-6f);
}

// A transition from a state into itself restarts it and fades from the pose
// shown when it fired (as a frozen transition does): the restarted node
// cannot also be the source, which would play it twice a frame.
TEST_F(StateMachineNodeTest, ARestartFadesFromThePoseShownAndPlaysTheStateOnce) {
  auto* sm = Machine({Go(0, 0, 0.5f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  graph.Update(0.375f);  // on screen: A at 0.375
  graph.Params().Fire(hit);
  graph.Update(kStep);  // A restarts at 0 and plays 0.125, at weight 0
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  EXPECT_EQ(sm->SourceState(graph.Context()), -1);
  EXPECT_TRUE(sm->Fading(graph.Context()));
  EXPECT_EQ(CountEvents(graph, EventKind::kStateExit, "A"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "A"), 1);
  EXPECT_NEAR(a->Time(graph.Context()), 0.125f, 1e-6f);
  EXPECT_NEAR(X(), 0.375f, 1e-6f);
  EXPECT_EQ(sm->StateShare(graph.Context(), 0), 1.0f) << "A fades from A: all of the pose is A's";
  graph.Update(kStep);  // weight 0.25: 0.75 * 0.375 + 0.25 * 0.25
  EXPECT_EQ(sm->StateShare(graph.Context(), 0), 1.0f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.25f, 1e-6f);
  EXPECT_NEAR(X(), 0.34375f, 1e-6f);
  for (int i = 0; i < 3; ++i) graph.Update(kStep);  // weight 1 after 0.5 s: A alone
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_NEAR(X(), 0.625f, 1e-6f);
}

TEST_F(StateMachineNodeTest, AnyStateSkipsTheActiveStateWithoutAllowSelf) {
  Machine({Go(Transition::kAnyState, 0, 0.0f, {When(hit, CompareOp::kTriggered)})});
  graph.Update(0.0f);
  graph.Update(0.375f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "A"), 0);
  EXPECT_NEAR(X(), 0.5f, 1e-6f);
}

TEST_F(StateMachineNodeTest, EveryConditionMustHold) {
  auto* sm = Machine({Go(0, 2, 0.0f, {When(go), When(speed, CompareOp::kGreaterEqual, 1.5f)})});
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Params().Set(speed, 1.0f);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 0);
  graph.Params().Set(speed, 1.5f);
  graph.Update(kStep);
  EXPECT_EQ(sm->ActiveState(graph.Context()), 2);
  EXPECT_TRUE(graph.Params().IsSet(go)) << "a bool is not consumed";
}

TEST(StateMachineConditions, EachOperatorAtAndAroundItsValue) {
  anim::ParameterSet p;
  const int f = p.Add("f", anim::ParamType::kFloat);
  const struct {
    CompareOp op;
    float param;
    bool holds;
  } cases[] = {
      {CompareOp::kGreater, 1.0f, false},     {CompareOp::kGreater, 1.5f, true},
      {CompareOp::kLess, 1.0f, false},        {CompareOp::kLess, 0.5f, true},
      {CompareOp::kGreaterEqual, 1.0f, true}, {CompareOp::kGreaterEqual, 0.5f, false},
      {CompareOp::kLessEqual, 1.0f, true},    {CompareOp::kLessEqual, 1.5f, false},
      {CompareOp::kEqual, 1.0f, true},        {CompareOp::kEqual, 1.5f, false},
      {CompareOp::kNotEqual, 1.0f, false},    {CompareOp::kNotEqual, 1.5f, true},
      {CompareOp::kIsTrue, 0.0f, false},      {CompareOp::kIsTrue, 1.0f, true},
      {CompareOp::kIsFalse, 0.0f, true},      {CompareOp::kIsFalse, 1.0f, false},
      {CompareOp::kTriggered, 0.0f, false},   {CompareOp::kTriggered, 1.0f, true},
  };
  for (const auto& c : cases) {
    p.Set(f, c.param);
    const anim::Condition cond{f, c.op, 1.0f};
    EXPECT_EQ(cond.Holds(p), c.holds) << c.param << " " << anim::CompareOpName(c.op) << " 1";
  }
}

TEST_F(StateMachineNodeTest, AFiredTransitionConsumesItsTrigger) {
  // Two machines on two layers wait for the same trigger: the first to test
  // it takes it, so the second does not move.
  auto* first = Machine({Go(0, 2, 0.0f, {When(hit, CompareOp::kTriggered)})});
  auto* second = graph.Add<anim::StateMachineNode>(
      "second", skeleton,
      std::vector<anim::State>{{"A2", AddClip("r2", ramp)}, {"C2", AddClip("s2", still)}},
      std::vector<Transition>{Go(0, 1, 0.0f, {When(hit, CompareOp::kTriggered)})}, 0);
  graph.SetLayers({anim_test::MakeLayer("first", first), anim_test::MakeLayer("second", second)});
  graph.Update(0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(first->ActiveState(graph.Context()), 2);
  EXPECT_EQ(second->ActiveState(graph.Context()), 0);
  graph.Update(kStep);
  EXPECT_EQ(second->ActiveState(graph.Context()), 0) << "and the trigger does not linger";
}

TEST_F(StateMachineNodeTest, StartPhasePlacesTheDestination) {
  Transition t = Go(0, 1, 0.0f, {When(go)});
  t.start_phase = 0.5f;
  Machine({t});
  graph.Update(0.0f);
  graph.Update(0.25f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // B starts at 0.5 x 2 s = 1 s, then 0.125 more: x 2.25
  EXPECT_NEAR(X(), 2.25f, 1e-5f);
}

TEST_F(StateMachineNodeTest, MatchPhaseStartsTheDestinationAtTheSourcesPhase) {
  Transition t = Go(0, 1, 0.0f, {When(go)});
  t.match_phase = true;
  t.start_phase = 0.9f;  // ignored with match_phase
  Machine({t});
  graph.Update(0.0f);
  graph.Update(0.25f);  // A at phase 0.25
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // B at 0.25 x 2 s = 0.5 s, then 0.125 more: x 1.25
  EXPECT_NEAR(X(), 1.25f, 1e-5f);
  EXPECT_NEAR(graph.Root()->PhaseIn(graph.Context()), 0.3125f, 1e-6f);
  EXPECT_FLOAT_EQ(graph.Root()->CycleDurationIn(graph.Context()), 2.0f);
}

TEST_F(StateMachineNodeTest, RootMotionFadesWithTheTransition) {
  Transition smooth = Go(0, 1, 0.5f, {When(go)});
  auto* sm = graph.Add<anim::StateMachineNode>(
      "sm", skeleton,
      std::vector<anim::State>{{"walk", AddRootMotionClip("walk", walk)},
                               {"run", AddRootMotionClip("run", run)}},
      std::vector<Transition>{smooth}, 0);
  graph.SetRoot(sm);
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);  // weight 0.25: mix(walk 2 x 0.125, run 6 x 0.125, 0.25)
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.75f * 0.25f + 0.25f * 0.75f});
}

TEST_F(StateMachineNodeTest, AFrozenSourceDoesNotTravel) {
  Transition frozen = Go(0, 1, 0.5f, {When(go)});
  frozen.mode = anim::TransitionMode::kFrozen;
  graph.SetRoot(graph.Add<anim::StateMachineNode>(
      "sm", skeleton,
      std::vector<anim::State>{{"walk", AddRootMotionClip("walk", walk)},
                               {"run", AddRootMotionClip("run", run)}},
      std::vector<Transition>{frozen}, 0));
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);  // 0.25 of run's 0.75 m
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.1875f});
}

TEST_F(StateMachineNodeTest, EnteringAParentStateEntersItsDefaultChildEveryTime) {
  // outer: A, Parent (inner: B, C; default B). inner B -> C when speed > 1.
  auto* na = AddClip("ramp", ramp);
  auto* inner = graph.Add<anim::StateMachineNode>(
      "inner", skeleton,
      std::vector<anim::State>{{"B", AddClip("slow", slow)}, {"C", AddClip("still", still)}},
      std::vector<Transition>{Go(0, 1, 0.0f, {When(speed, CompareOp::kGreater, 1.0f)})}, 0);
  auto* outer = graph.Add<anim::StateMachineNode>(
      "outer", skeleton, std::vector<anim::State>{{"A", na}, {"Parent", inner}},
      std::vector<Transition>{Go(0, 1, 0.0f, {When(hit, CompareOp::kTriggered)}),
                              Go(1, 0, 0.0f, {When(go)})},
      0);
  ASSERT_EQ(inner->Validate(graph.Params()), "");
  ASSERT_EQ(outer->Validate(graph.Params()), "");
  graph.SetRoot(outer);
  graph.Update(0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);  // Parent, and in it B from 0: 0.125 s, x 0.25
  EXPECT_EQ(outer->ActiveState(graph.Context()), 1);
  EXPECT_EQ(inner->ActiveState(graph.Context()), 0);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "Parent"), 1);
  EXPECT_EQ(CountEvents(graph, EventKind::kStateEnter, "B"), 1);
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Update(kStep);
  graph.Update(kStep);  // B at 0.375 s
  EXPECT_FLOAT_EQ(outer->CycleDurationIn(graph.Context()), 2.0f) << "the active leaf's cycle";
  EXPECT_NEAR(outer->PhaseIn(graph.Context()), 0.1875f, 1e-6f);
  graph.Params().Set(speed, 2.0f);
  graph.Update(kStep);  // inner B -> C
  EXPECT_EQ(inner->ActiveState(graph.Context()), 1);
  EXPECT_NEAR(X(), 10.0f, 1e-6f);
  graph.Params().Set(speed, 0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);  // back to A
  EXPECT_EQ(outer->ActiveState(graph.Context()), 0);
  graph.Params().Set(go, 0.0f);
  graph.Params().Fire(hit);
  graph.Update(kStep);
  EXPECT_EQ(outer->ActiveState(graph.Context()), 1);
  EXPECT_EQ(inner->ActiveState(graph.Context()), 0)
      << "re-entered at its default, not where it was left";
  EXPECT_NEAR(X(), 0.25f, 1e-6f) << "B restarted: 0.125 s in, not 0.5";
}

TEST_F(StateMachineNodeTest, NotCompleteWhileFadingIntoAFinishedClip) {
  // C -> A entering A at its end (clamped, so complete at once): the machine
  // is complete only once the fade is over.
  Transition t = Go(2, 0, 0.5f, {When(go)});
  t.start_phase = 1.0f;
  auto* sm = Machine({t}, 2, anim::LoopMode::kClamp);
  graph.Update(0.0f);
  graph.Params().Set(go, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);
  EXPECT_TRUE(a->IsCompleteIn(graph.Context()));
  EXPECT_FALSE(sm->IsCompleteIn(graph.Context()));
  for (int i = 0; i < 3; ++i) graph.Update(kStep);
  EXPECT_FALSE(sm->Fading(graph.Context()));
  EXPECT_TRUE(sm->IsCompleteIn(graph.Context()));
}

TEST_F(StateMachineNodeTest, ValidateNamesWhatIsWrong) {
  auto* na = AddClip("ramp", ramp);
  auto make = [&](std::vector<anim::State> states, std::vector<Transition> ts, int def) {
    return anim::StateMachineNode("m", skeleton, std::move(states), std::move(ts), def)
        .Validate(graph.Params());
  };
  EXPECT_EQ(make({}, {}, 0), "state machine 'm' has no states");
  EXPECT_EQ(make({{"A", na}}, {}, 1), "state machine 'm' has no default state 1");
  EXPECT_EQ(make({{"A", nullptr}}, {}, 0), "state 'A' has no node");
  EXPECT_EQ(make({{"A", na}, {"A", na}}, {}, 0), "two states are named 'A'");
  EXPECT_EQ(make({{"A", na}}, {Go(3, 0, 0.0f)}, 0),
            "a transition leaves state 3, which does not exist");
  EXPECT_EQ(make({{"A", na}}, {Go(0, -2, 0.0f)}, 0),
            "a transition enters state -2, which does not exist");
  EXPECT_EQ(make({{"A", na}}, {Go(0, 0, 0.0f, {When(99)})}, 0),
            "a transition into 'A' tests an unknown parameter");
  EXPECT_EQ(make({{"A", na}}, {Go(0, 0, NAN)}, 0), "a transition into 'A' has a non-finite number");
  EXPECT_EQ(make({{"A", na}}, {Go(Transition::kAnyState, 0, 0.0f)}, 0), "");
}

}  // namespace
