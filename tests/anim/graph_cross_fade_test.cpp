// CrossFadeNode on the analytic clips of graph_fixture.h: the selector's
// rounding and clamping, smooth fades (the old input plays on) and frozen
// ones (it holds the pose shown when the fade began), interruptions, phase
// matching, root motion and events during a fade. Steps of 1/8 s over
// 0.5 s fades keep every time exact in binary; expected values are worked
// out in the comments. Smoothstep is 3u^2 - 2u^3: 0.15625 at u = 0.25,
// 0.5 at 0.5, 0.84375 at 0.75.
#include <gtest/gtest.h>

#include <vector>

#include "anim/graph/cross_fade_node.h"
#include "tests/anim/graph_fixture.h"

namespace {

using anim::FloatInput;
using anim_test::ExpectVecNear;

constexpr float kStep = 0.125f;

class CrossFadeNodeTest : public anim_test::GraphFixture {
 protected:
  // Inputs 0 ramp (x = t), 1 still (x 10), 2 slow (x = 2t), picked by "pick".
  anim::CrossFadeNode* Build(anim::CrossFadeNodeOptions o, float first_pick = 0.0f) {
    pick = AddFloat("pick", first_pick);
    a = AddClip("ramp", ramp);
    c = AddClip("still", still);
    b = AddClip("slow", slow);
    auto* fade = graph.Add<anim::CrossFadeNode>("x", skeleton, std::vector<anim::Node*>{a, c, b},
                                                FloatInput{pick}, o);
    graph.SetRoot(fade);
    return fade;
  }
  static anim::CrossFadeNodeOptions Options(
      float duration, anim::EaseCurve ease,
      anim::TransitionMode mode = anim::TransitionMode::kSmooth) {
    anim::CrossFadeNodeOptions o;
    o.duration = duration;
    o.ease = ease;
    o.mode = mode;
    return o;
  }
  int pick = -1;
  anim::ClipNode* a = nullptr;
  anim::ClipNode* b = nullptr;
  anim::ClipNode* c = nullptr;
};

TEST_F(CrossFadeNodeTest, TheFirstFrameShowsTheSelectionWithoutAFade) {
  auto* fade = Build(Options(0.5f, anim::EaseCurve::Linear()), 1.0f);
  graph.Update(0.0f);
  EXPECT_FALSE(fade->Fading(graph.Context()));
  EXPECT_EQ(fade->Target(graph.Context()), 1);
  EXPECT_NEAR(X(), 10.0f, 1e-6f);
}

TEST_F(CrossFadeNodeTest, SmoothFadeFollowsTheEaseWhileTheOldInputPlaysOn) {
  auto* fade = Build(Options(0.5f, anim::EaseCurve::SmoothStep()));
  graph.Update(0.0f);
  graph.Update(kStep);
  EXPECT_NEAR(X(), 0.125f, 1e-6f);
  graph.Params().Set(pick, 1.0f);
  graph.Update(kStep);  // the fade starts at weight 0: ramp at 0.25
  EXPECT_TRUE(fade->Fading(graph.Context()));
  EXPECT_NEAR(fade->FadeWeight(graph.Context()), 0.0f, 1e-6f);
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  graph.Update(kStep);  // u 0.25: 0.84375 * 0.375 + 0.15625 * 10
  EXPECT_NEAR(fade->FadeWeight(graph.Context()), 0.15625f, 1e-6f);
  EXPECT_NEAR(X(), 1.87890625f, 1e-5f);
  graph.Update(kStep);  // u 0.5: 0.5 * 0.5 + 0.5 * 10
  EXPECT_NEAR(X(), 5.25f, 1e-5f);
  graph.Update(kStep);  // u 0.75: 0.15625 * 0.625 + 0.84375 * 10
  EXPECT_NEAR(X(), 8.53515625f, 1e-5f);
  EXPECT_TRUE(fade->Fading(graph.Context()));
  graph.Update(kStep);  // u 1: done
  EXPECT_FALSE(fade->Fading(graph.Context()));
  EXPECT_NEAR(X(), 10.0f, 1e-6f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.625f, 1e-6f) << "the old input stops when its fade ends";
}

TEST_F(CrossFadeNodeTest, FrozenFadeHoldsThePoseShownWhenItStarted) {
  Build(Options(0.5f, anim::EaseCurve::Linear(), anim::TransitionMode::kFrozen));
  graph.Update(0.0f);
  graph.Update(kStep);  // on screen: ramp at 0.125
  graph.Params().Set(pick, 1.0f);
  graph.Update(kStep);
  EXPECT_NEAR(X(), 0.125f, 1e-6f) << "weight 0 of the snapshot, not of ramp playing on";
  graph.Update(kStep);  // 0.75 * 0.125 + 0.25 * 10
  EXPECT_NEAR(X(), 2.59375f, 1e-5f);
  EXPECT_NEAR(a->Time(graph.Context()), 0.125f, 1e-6f) << "the frozen input's clock stops";
}

TEST_F(CrossFadeNodeTest, ASwitchDuringAFadeFadesFromThePoseOnScreen) {
  auto* fade = Build(Options(0.5f, anim::EaseCurve::Linear()));
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(pick, 1.0f);
  graph.Update(kStep);  // fade to still starts: ramp 0.25
  graph.Update(kStep);  // weight 0.25: 0.75 * 0.375 + 0.25 * 10 = 2.78125
  EXPECT_NEAR(X(), 2.78125f, 1e-5f);
  graph.Params().Set(pick, 2.0f);
  graph.Update(kStep);  // to slow, from the snapshot 2.78125, weight 0
  EXPECT_EQ(fade->Target(graph.Context()), 2);
  EXPECT_NEAR(X(), 2.78125f, 1e-5f) << "no pop";
  graph.Update(kStep);  // weight 0.25: slow restarted, at 0.25 s (x 0.5)
  EXPECT_NEAR(X(), 0.75f * 2.78125f + 0.25f * 0.5f, 1e-5f);
  EXPECT_NEAR(c->Time(graph.Context()), 0.25f, 1e-6f) << "still stopped when it was interrupted";
}

TEST_F(CrossFadeNodeTest, MatchPhaseStartsTheNewInputAtTheOldOnesPhase) {
  anim::CrossFadeNodeOptions o = Options(0.0f, anim::EaseCurve::Linear());
  o.match_phase = true;
  Build(o);
  graph.Update(0.0f);
  graph.Update(0.25f);  // ramp at phase 0.25
  graph.Params().Set(pick, 2.0f);
  graph.Update(kStep);  // slow starts at 0.25 x 2 s = 0.5 s, plays 0.125: x 2 * 0.625
  EXPECT_NEAR(X(), 1.25f, 1e-5f);
  EXPECT_NEAR(b->PhaseIn(graph.Context()), 0.3125f, 1e-6f);
}

TEST_F(CrossFadeNodeTest, WithoutMatchPhaseTheNewInputStartsAtItsBeginning) {
  auto* fade = Build(Options(0.0f, anim::EaseCurve::Linear()));
  graph.Update(0.0f);
  graph.Update(0.25f);
  graph.Params().Set(pick, 2.0f);
  graph.Update(kStep);  // duration 0: slow alone at once, 0.125 s in
  EXPECT_FALSE(fade->Fading(graph.Context()));
  EXPECT_NEAR(X(), 0.25f, 1e-6f);
  EXPECT_FLOAT_EQ(fade->CycleDurationIn(graph.Context()), 2.0f) << "the target's cycle";
  EXPECT_NEAR(fade->PhaseIn(graph.Context()), 0.0625f, 1e-6f);
}

TEST_F(CrossFadeNodeTest, SelectorIsRoundedAndClampedToTheInputs) {
  auto* fade = Build(Options(0.0f, anim::EaseCurve::Linear()));
  graph.Update(0.0f);
  const struct {
    float value;
    int target;
  } cases[] = {{1.4f, 1}, {1.6f, 2}, {0.4f, 0}, {7.0f, 2}, {-3.0f, 0}, {0.6f, 1}};
  for (const auto& c : cases) {
    graph.Params().Set(pick, c.value);
    graph.Update(0.0f);
    EXPECT_EQ(fade->Target(graph.Context()), c.target) << "selector " << c.value;
  }
}

TEST_F(CrossFadeNodeTest, RootMotionFadesWithThePose) {
  const int which = AddFloat("which", 0.0f);
  auto* fade = graph.Add<anim::CrossFadeNode>(
      "x", skeleton,
      std::vector<anim::Node*>{AddRootMotionClip("walk", walk), AddRootMotionClip("run", run)},
      FloatInput{which}, Options(0.5f, anim::EaseCurve::Linear()));
  graph.SetRoot(fade);
  graph.Update(0.0f);
  graph.Params().Set(which, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);  // weight 0.25: mix(walk 2 x 0.125, run 6 x 0.125, 0.25)
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.75f * 0.25f + 0.25f * 0.75f});
}

TEST_F(CrossFadeNodeTest, AFrozenSourceDoesNotTravel) {
  const int which = AddFloat("which", 0.0f);
  graph.SetRoot(graph.Add<anim::CrossFadeNode>(
      "x", skeleton,
      std::vector<anim::Node*>{AddRootMotionClip("walk", walk), AddRootMotionClip("run", run)},
      FloatInput{which}, Options(0.5f, anim::EaseCurve::Linear(), anim::TransitionMode::kFrozen)));
  graph.Update(0.0f);
  graph.Params().Set(which, 1.0f);
  graph.Update(kStep);
  graph.Update(kStep);  // weight 0.25 of run's 0.75 m; the snapshot adds nothing
  ExpectVecNear(graph.Motion().translation, {0, 0, 0.1875f});
}

TEST_F(CrossFadeNodeTest, EventsDuringAFadeCarryEachInputsShare) {
  ramp.SetEvents({{0.3f, "old"}});
  slow.SetEvents({{0.2f, "new"}});
  Build(Options(0.5f, anim::EaseCurve::Linear()));
  graph.Update(0.0f);
  graph.Update(kStep);
  graph.Params().Set(pick, 2.0f);
  graph.Update(kStep);  // ramp 0.25, slow 0.125
  graph.Update(kStep);  // weight 0.25: ramp crosses 0.3 (share 0.75), slow crosses 0.2 (0.25)
  const auto keys = anim_test::EventsOf(graph, anim::EventKind::kKey);
  ASSERT_EQ(keys.size(), 2u);
  for (const auto& k : keys)
    EXPECT_NEAR(k.weight, k.name == "old" ? 0.75f : 0.25f, 1e-6f) << k.name;
}

TEST_F(CrossFadeNodeTest, ResetRestartsEveryInputAndShowsTheSelectionAtOnce) {
  auto* fade = Build(Options(0.5f, anim::EaseCurve::Linear()));
  graph.Update(0.0f);
  graph.Update(0.3f);
  graph.Params().Set(pick, 1.0f);
  graph.Update(kStep);
  ASSERT_TRUE(fade->Fading(graph.Context()));
  graph.Reset();
  EXPECT_FALSE(fade->Fading(graph.Context()));
  graph.Params().Set(pick, 0.0f);
  graph.Update(kStep);
  EXPECT_FALSE(fade->Fading(graph.Context()))
      << "after a reset the first update picks without a fade";
  EXPECT_NEAR(X(), 0.125f, 1e-6f) << "ramp restarted at 0";
}

}  // namespace
