// Morph-target weights through the CrossFadeController: sampled over the
// defaults, blended with each fade's weight, held by a frozen fade and
// inertialized like the joints across an inertialized switch. Expected
// values are the fade arithmetic done by hand on clips whose weights are
// constant or linear, and Bollo's quintic written out for a still start.
#include <vector>

#include <gtest/gtest.h>

#include "anim/control/cross_fade_controller.h"
#include "test_rig.h"

namespace {

using anim::CrossFadeController;
using namespace anim_test;

// A clip of the test rig (joints still) animating weights 0 and 1 of a
// character with 3: weight 0 from w0_start to w0_end over 1 s, weight 1
// constant; weight 2 is left to the defaults.
anim::Clip WeightClip(const char* name, float w0_start, float w0_end, float w1) {
  anim::Clip clip = MakeSlideClip(name, 1.0f, 0, 0);
  anim::MorphWeightTracks tracks;
  tracks.first_weight = 0;
  tracks.targets = {LinearWeight(w0_start, w0_end), LinearWeight(w1, w1)};
  clip.SetMorphWeights({tracks});
  return clip;
}

const std::vector<float> kDefaults = {0.5f, 0.25f, 7.0f};

anim::FadeOptions Fade(float duration, anim::TransitionMode mode = anim::TransitionMode::kSmooth) {
  anim::FadeOptions o;
  o.duration = duration;
  o.ease = anim::EaseCurve::Linear();
  o.mode = mode;
  return o;
}

void ExpectWeights(const CrossFadeController& cf, std::vector<float> expected) {
  const auto w = cf.CurrentMorphWeights();
  ASSERT_EQ(w.size(), expected.size());
  for (std::size_t i = 0; i < w.size(); ++i)
    EXPECT_NEAR(w[i], expected[i], 1e-5f) << "weight " << i;
}

TEST(CrossFadeMorph, WeightsFadeWithTheSameWeightAsThePose) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip a = WeightClip("A", 1, 1, 0), b = WeightClip("B", 0, 0, 2);
  CrossFadeController cf(s, 8, kDefaults);
  cf.Play(&a);
  ExpectWeights(cf, {1, 0, 7});  // weight 2: the default
  ASSERT_EQ(cf.FadeTo(&b, Fade(1)), anim::FadeResult::kQueued);
  cf.Update(0.25f);
  ExpectWeights(cf, {1 + (0 - 1) * 0.25f, 0 + (2 - 0) * 0.25f, 7});
  cf.Update(0.75f);  // done: B alone
  ExpectWeights(cf, {0, 2, 7});
  EXPECT_EQ(cf.CurrentClip(), &b);
}

TEST(CrossFadeMorph, AFrozenFadeHoldsTheWeightsShownWhenItStarted) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip rise = WeightClip("Rise", 0, 1, 0), b = WeightClip("B", 0, 0, 2);
  CrossFadeController cf(s, 8, kDefaults);
  cf.Play(&rise);
  cf.Update(0.5f);
  ExpectWeights(cf, {0.5f, 0, 7});
  cf.FadeTo(&b, Fade(1, anim::TransitionMode::kFrozen));
  cf.Update(0.25f);  // the source stays at 0.5 (it would be 0.75 playing on)
  ExpectWeights(cf, {0.5f + (0 - 0.5f) * 0.25f, 0 + 2 * 0.25f, 7});
}

TEST(CrossFadeMorph, AnInertialSwitchDecaysTheWeightsOffsetLikeAJoints) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip a = WeightClip("A", 1, 1, 0), b = WeightClip("B", 0, 0, 2);
  CrossFadeController cf(s, 8, kDefaults);
  cf.Play(&a);
  cf.Update(0.1f);
  cf.FadeTo(&b, Fade(0.5f, anim::TransitionMode::kInertial));
  cf.Update(0.125f);  // a quarter of the way
  // Both clips hold their weights, so the offset starts still (v0 = 0, and
  // a0 = -20 x0 / t1^2 is clamped to 0): x(u) = x0 (1 - 10u^3 + 15u^4 - 6u^5),
  // the ease curve not used.
  const float u = 0.25f;
  const float left = 1 - 10 * u * u * u + 15 * u * u * u * u - 6 * u * u * u * u * u;
  ExpectWeights(cf, {0 + (1 - 0) * left, 2 + (0 - 2) * left, 7});
  cf.Update(0.5f);
  ExpectWeights(cf, {0, 2, 7});
}

TEST(CrossFadeMorph, WithoutDefaultsThereAreNoWeights) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip a = WeightClip("A", 1, 1, 0);
  CrossFadeController cf(s);
  cf.Play(&a);
  cf.Update(0.1f);
  EXPECT_TRUE(cf.CurrentMorphWeights().empty());
}

}  // namespace
