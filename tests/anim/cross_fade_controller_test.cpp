#include "anim/control/cross_fade_controller.h"

#include <cmath>

#include <gtest/gtest.h>

#include "test_rig.h"
#include "test_util.h"

namespace {

using anim::CrossFadeController;
using anim::FadeOptions;
using anim::FadeResult;
using namespace anim_test;

// Clips whose every joint sits at a constant x (A: 0, B: 10, C: 20), or
// slides (M: x = 10 * t over 1 s), so blend weights can be read off x.
struct Clips {
  anim::Clip a = MakeSlideClip("A", 1.0f, 0, 0);
  anim::Clip b = MakeSlideClip("B", 1.0f, 10, 10);
  anim::Clip c = MakeSlideClip("C", 1.0f, 20, 20);
  anim::Clip m = MakeSlideClip("M", 1.0f, 0, 10);
  anim::Clip two = MakeSlideClip("Two", 2.0f, 0, 10);
};

float X(const CrossFadeController& cf) { return cf.CurrentPose().Local(2).translation.x; }

FadeOptions Fade(float duration) {
  FadeOptions o;
  o.duration = duration;
  return o;
}

TEST(CrossFade, FadeWithNothingPlayingJustPlays) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  EXPECT_EQ(cf.FadeTo(&clips.b, Fade(1)), FadeResult::kPlayed);
  EXPECT_EQ(cf.CurrentClip(), &clips.b);
  EXPECT_EQ(cf.TargetCount(), 0);
  EXPECT_FLOAT_EQ(X(cf), 10.0f);
}

TEST(CrossFade, QueueRefusesTheLastTargetOrTheCurrentClip) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  EXPECT_EQ(cf.FadeTo(&clips.a, Fade(1)), FadeResult::kAlreadyTarget);
  EXPECT_EQ(cf.FadeTo(&clips.b, Fade(1)), FadeResult::kQueued);
  EXPECT_EQ(cf.FadeTo(&clips.b, Fade(1)), FadeResult::kAlreadyTarget);
  // A is current but not the last target, so fading back to it is allowed.
  EXPECT_EQ(cf.FadeTo(&clips.a, Fade(1)), FadeResult::kQueued);
  EXPECT_EQ(cf.TargetCount(), 2);
}

TEST(CrossFade, PlayClearsEveryFade) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  cf.FadeTo(&clips.b, Fade(1));
  cf.Play(&clips.c);
  EXPECT_EQ(cf.TargetCount(), 0);
  EXPECT_FLOAT_EQ(X(cf), 20.0f);
}

TEST(CrossFade, LinearWeightFollowsElapsedTimeAndThenPromotes) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  cf.FadeTo(&clips.b, Fade(1));
  cf.Update(0.25f);
  EXPECT_FLOAT_EQ(X(cf), 2.5f);
  cf.Update(0.5f);
  EXPECT_FLOAT_EQ(X(cf), 7.5f);
  EXPECT_EQ(cf.TargetCount(), 1);
  cf.Update(0.25f);  // elapsed reaches the duration: B shows fully and becomes current
  EXPECT_FLOAT_EQ(X(cf), 10.0f);
  EXPECT_EQ(cf.TargetCount(), 0);
  EXPECT_EQ(cf.CurrentClip(), &clips.b);
}

TEST(CrossFade, EaseCurveShapesTheWeight) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  FadeOptions o = Fade(1);
  o.ease = anim::EaseCurve::SmoothStep();
  cf.FadeTo(&clips.b, o);
  cf.Update(0.25f);
  EXPECT_FLOAT_EQ(X(cf), 10.0f * 0.15625f);
}

TEST(CrossFade, ASecondFadeStartsFromThePoseShownWithoutAPop) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  cf.FadeTo(&clips.b, Fade(1));
  cf.Update(0.5f);
  const float before = X(cf);
  EXPECT_FLOAT_EQ(before, 5.0f);
  cf.FadeTo(&clips.c, Fade(1));
  EXPECT_FLOAT_EQ(X(cf), before);  // nothing changes until time passes
  cf.Update(0.0f);
  EXPECT_FLOAT_EQ(X(cf), before);
  // B reaches weight 1 (x = 10), C is half in: 15. B is promoted, C stays queued.
  cf.Update(0.5f);
  EXPECT_FLOAT_EQ(X(cf), 15.0f);
  EXPECT_EQ(cf.CurrentClip(), &clips.b);
  ASSERT_EQ(cf.TargetCount(), 1);
  EXPECT_EQ(cf.Target(0).playback.clip, &clips.c);
  cf.Update(0.5f);
  EXPECT_FLOAT_EQ(X(cf), 20.0f);
  EXPECT_EQ(cf.CurrentClip(), &clips.c);
  EXPECT_EQ(cf.TargetCount(), 0);
}

TEST(CrossFade, FrozenTransitionHoldsTheSourcePoseAndPausesItsClock) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController smooth(s), frozen(s);
  for (CrossFadeController* cf : {&smooth, &frozen}) {
    cf->Play(&clips.m);
    cf->Update(0.3f);
    EXPECT_FLOAT_EQ(X(*cf), 3.0f);
  }
  FadeOptions o = Fade(1);
  smooth.FadeTo(&clips.c, o);
  o.mode = anim::TransitionMode::kFrozen;
  frozen.FadeTo(&clips.c, o);
  smooth.Update(0.5f);
  frozen.Update(0.5f);
  EXPECT_FLOAT_EQ(X(smooth), 0.5f * 8.0f + 0.5f * 20.0f);  // M kept playing to 0.8
  EXPECT_FLOAT_EQ(X(frozen), 0.5f * 3.0f + 0.5f * 20.0f);  // M held at 0.3
  EXPECT_FLOAT_EQ(frozen.Current().time, 0.3f);
  EXPECT_FLOAT_EQ(smooth.Current().time, 0.8f);
}

TEST(CrossFade, TargetStartsAtAChosenOrMatchedPhase) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.m);
  cf.Update(0.3f);
  FadeOptions o = Fade(1);
  o.start_phase = 0.75f;
  cf.FadeTo(&clips.two, o);
  EXPECT_FLOAT_EQ(cf.Target(0).playback.time, 1.5f);

  cf.Play(&clips.m);
  cf.Update(0.3f);
  o.match_phase = true;  // p2 = p1 * 1 + 0.1 = 0.4 of a 2 s clip
  o.phase_offset = 0.1f;
  cf.FadeTo(&clips.two, o);
  EXPECT_NEAR(cf.Target(0).playback.time, 0.8f, 1e-6f);
}

TEST(CrossFade, BadTimeStepsChangeNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.m);
  cf.FadeTo(&clips.c, Fade(1));
  cf.Update(0.2f);
  const float x = X(cf), time = cf.Current().time, elapsed = cf.Target(0).fade.elapsed;
  for (float dt : {NAN, INFINITY, -INFINITY, -0.1f}) {
    EXPECT_FALSE(cf.Update(dt));
    EXPECT_EQ(X(cf), x);
    EXPECT_EQ(cf.Current().time, time);
    EXPECT_EQ(cf.Target(0).fade.elapsed, elapsed);
  }
}

TEST(CrossFade, FadesLeaveClipLengthsAndRatesAlone) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.m, anim::LoopMode::kLoop, 2.0f);
  FadeOptions o = Fade(0.5f);
  o.rate = 0.5f;
  cf.FadeTo(&clips.two, o);
  for (int i = 0; i < 60; ++i) cf.Update(1.0f / 60);
  EXPECT_EQ(cf.CurrentClip(), &clips.two);
  EXPECT_EQ(cf.Current().rate, 0.5f);
  EXPECT_EQ(clips.two.Duration(), 2.0f);
  EXPECT_EQ(clips.m.Duration(), 1.0f);
}

TEST(CrossFade, AFullQueueRefusesMoreFades) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s, /*max_targets=*/2);
  cf.Play(&clips.a);
  EXPECT_EQ(cf.FadeTo(&clips.b, Fade(1)), FadeResult::kQueued);
  EXPECT_EQ(cf.FadeTo(&clips.c, Fade(1)), FadeResult::kQueued);
  EXPECT_EQ(cf.FadeTo(&clips.m, Fade(1)), FadeResult::kQueueFull);
  EXPECT_EQ(cf.FadeTo(nullptr, Fade(1)), FadeResult::kInvalid);
  // An inertialized switch drops the queue: it is taken even now.
  FadeOptions inertial = Fade(1);
  inertial.mode = anim::TransitionMode::kInertial;
  EXPECT_EQ(cf.FadeTo(&clips.m, inertial), FadeResult::kQueued);
  EXPECT_EQ(cf.TargetCount(), 0);
  EXPECT_EQ(cf.CurrentClip(), &clips.m);
}

// By default eight fades run at once (kDefaultMaxTargets): A, B, A, B...
// each differs from the last target, so eight are queued and the ninth is
// refused.
TEST(CrossFade, TheDefaultQueueHoldsEightFades) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf(s);
  cf.Play(&clips.a);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(cf.FadeTo(i % 2 == 0 ? &clips.b : &clips.a, Fade(1)), FadeResult::kQueued) << i;
  }
  EXPECT_EQ(cf.TargetCount(), 8);
  EXPECT_EQ(cf.FadeTo(&clips.c, Fade(1)), FadeResult::kQueueFull);
  EXPECT_EQ(cf.TargetCount(), 8);
}

}  // namespace
