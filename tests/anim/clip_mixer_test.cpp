// ClipMixer: weights, the rest pose filling what full-body weights leave,
// fades, cross-fades, rates, additive actions and morph weights, on the test
// rig (rest x = 0 for every joint) with clips holding every joint at a known
// x, so each expected x is the mixing arithmetic done by hand.
#include "anim/control/clip_mixer.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "test_rig.h"

namespace {

using anim::ClipMixer;
using namespace anim_test;

constexpr float kPi = 3.14159265f;

struct Clips {
  std::vector<anim::Clip> all;
  Clips() {
    all.push_back(MakeSlideClip("Ten", 1.0f, 10, 10));     // 0: x = 10
    all.push_back(MakeSlideClip("Twenty", 1.0f, 20, 20));  // 1: x = 20
    all.push_back(MakeSlideClip("Slide", 2.0f, 0, 20));    // 2: x = 10 t
    // 3: joint 1 turns from 30 to 120 degrees about z over 1 s (a lean
    // whose first frame is not the rest pose).
    anim::JointTracks turn;
    turn.joint = 1;
    turn.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, 1},
                                          {glm::angleAxis(kPi / 6, glm::vec3(0, 0, 1)),
                                           glm::angleAxis(2 * kPi / 3, glm::vec3(0, 0, 1))});
    all.emplace_back("Lean", std::vector<anim::JointTracks>{turn});
  }
};

float X(const ClipMixer& m) { return m.CurrentPose().Local(2).translation.x; }

float TurnDegrees(const ClipMixer& m) {
  const glm::quat q = m.CurrentPose().Local(1).rotation;
  return 2.0f * std::acos(std::min(1.0f, std::abs(q.w))) * 180.0f / kPi;
}

TEST(ClipMixer, NothingPlayingShowsTheRestPose) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  ASSERT_EQ(mixer.ActionCount(), 4);
  ASSERT_TRUE(mixer.Update(0.1f));
  EXPECT_FLOAT_EQ(X(mixer), 0.0f);
  EXPECT_FALSE(mixer.Update(-1.0f));
  EXPECT_FALSE(mixer.Update(NAN));
}

TEST(ClipMixer, WeightsBelowOneLeaveTheRestAndAboveOneAreNormalised) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  mixer.Play(0);
  mixer.Update(0.0f);
  EXPECT_FLOAT_EQ(X(mixer), 10.0f);
  mixer.SetWeight(0, 0.25f);  // a quarter of the way from rest (0) to 10
  mixer.Update(0.0f);
  EXPECT_NEAR(X(mixer), 2.5f, 1e-5f);
  mixer.Play(1);  // 0.25 x 10 + 1 x 20, over a total of 1.25
  mixer.Update(0.0f);
  EXPECT_NEAR(X(mixer), (0.25f * 10 + 20) / 1.25f, 1e-4f);
  mixer.SetWeight(1, 0.5f);  // total 0.75: the rest fills 0.25
  mixer.Update(0.0f);
  EXPECT_NEAR(X(mixer), 0.25f * 10 + 0.5f * 20 + 0.25f * 0, 1e-4f);
  mixer.SetWeight(1, -3.0f);  // clamped to 0
  mixer.Update(0.0f);
  EXPECT_NEAR(X(mixer), 2.5f, 1e-5f);
  mixer.StopAll();
  mixer.Update(0.0f);
  EXPECT_FLOAT_EQ(X(mixer), 0.0f);
}

TEST(ClipMixer, FadesMoveTheFactorLinearlyAndAFadeOutStops) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  mixer.FadeIn(0, 1.0f);
  mixer.Update(0.25f);
  EXPECT_NEAR(X(mixer), 2.5f, 1e-5f);
  mixer.Update(1.0f);  // done: factor 1
  EXPECT_NEAR(X(mixer), 10.0f, 1e-5f);
  mixer.FadeOut(0, 0.5f);
  mixer.Update(0.125f);  // factor 0.75
  EXPECT_NEAR(X(mixer), 7.5f, 1e-5f);
  EXPECT_TRUE(mixer.Action(0).playing);
  mixer.Update(0.5f);
  EXPECT_FALSE(mixer.Action(0).playing);
  EXPECT_FLOAT_EQ(X(mixer), 0.0f);
}

TEST(ClipMixer, ACrossFadeHandsOneClipToAnother) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  mixer.Play(0);
  mixer.Update(0.1f);
  mixer.CrossFade(0, 1, 1.0f);
  mixer.Update(0.5f);  // 0.5 x 10 + 0.5 x 20
  EXPECT_NEAR(X(mixer), 15.0f, 1e-4f);
  mixer.Update(0.5f);
  EXPECT_FALSE(mixer.Action(0).playing);
  EXPECT_NEAR(X(mixer), 20.0f, 1e-5f);
}

TEST(ClipMixer, EachActionKeepsItsOwnRateAndLoopMode) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  mixer.SetRate(2, 2.0f);
  mixer.SetLoopMode(2, anim::LoopMode::kClamp);
  mixer.Play(2);
  mixer.Update(0.25f);  // clip time 0.5: x = 5
  EXPECT_NEAR(X(mixer), 5.0f, 1e-4f);
  mixer.Update(2.0f);  // clamped at its end: 20
  EXPECT_NEAR(X(mixer), 20.0f, 1e-4f);
}

TEST(ClipMixer, AnAdditiveActionAddsItsChangeFromItsFirstFrame) {
  const anim::Skeleton s = MakeTestSkeleton();
  const Clips c;
  ClipMixer mixer(s, c.all);
  mixer.Play(0);
  mixer.SetAdditive(3, true);
  mixer.SetWeight(3, 0.5f);
  mixer.Play(3);
  mixer.Update(0.5f);  // the lean at 75 degrees: 45 from its first frame, half of it added
  EXPECT_NEAR(TurnDegrees(mixer), 22.5f, 0.05f);
  EXPECT_NEAR(X(mixer), 10.0f, 1e-4f);  // the full-body action alone sets x
  // Played as a full-body action instead, its 75 degrees weigh against
  // Ten's none, 0.5 to 1: the normalised sum of 2/3 identity and 1/3 of
  // the turn's quaternion (half-angle 37.5 degrees).
  mixer.SetAdditive(3, false);
  mixer.Update(0.0f);
  const float half = 37.5f * kPi / 180.0f;
  const float expected =
      2.0f * std::atan2(std::sin(half) / 3.0f, 2.0f / 3.0f + std::cos(half) / 3.0f) * 180.0f / kPi;
  EXPECT_NEAR(TurnDegrees(mixer), expected, 0.01f);
}

TEST(ClipMixer, MorphWeightsMixLikeThePose) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips c;
  for (int i = 0; i < 2; ++i) {  // Ten holds weight 0 at 1, Twenty at 3
    anim::MorphWeightTracks tracks;
    tracks.targets.emplace_back(anim::Interpolation::kStep, std::vector<float>{0},
                                std::vector<float>{i == 0 ? 1.0f : 3.0f});
    c.all[i].SetMorphWeights({tracks});
  }
  const std::vector<float> defaults = {0.5f, 0.25f};
  ClipMixer mixer(s, c.all, defaults);
  mixer.Play(0);
  mixer.SetWeight(0, 0.5f);
  mixer.Update(0.0f);  // half of 1, half of the default
  EXPECT_FLOAT_EQ(mixer.CurrentMorphWeights()[0], 0.5f * 1 + 0.5f * 0.5f);
  EXPECT_FLOAT_EQ(mixer.CurrentMorphWeights()[1], 0.25f);
  mixer.Play(1);  // total 1.5: normalised
  mixer.Update(0.0f);
  EXPECT_NEAR(mixer.CurrentMorphWeights()[0], (0.5f * 1 + 1 * 3) / 1.5f, 1e-6f);
}

}  // namespace
