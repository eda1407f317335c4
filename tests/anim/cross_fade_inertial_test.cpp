// The cross-fade controller's inertialized transitions, on analytic clips:
// continuity of position and velocity at the switch (finite differences at
// the frame step), the new clip alone at the end, one clip sampled per
// frame, interruptions, and degenerate inputs.
//
// Clips (every joint's x, y stays 1):
//   closing  x = 4 - 4t over 1 s   (moves at -4 m/s)
//   moving   x = 10 t over 1 s     (+10 m/s)
//   far      x = 20, still
//   below    x = -20, still
// Switching from closing at t = 0.25 (x = 3) to moving at its start (x = 0):
// offset 3, the offset's velocity -4 - 10 = -14 m/s, so the output's
// velocity just after the switch is 10 + (-14) = -4 m/s: the old one.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "anim/control/cross_fade_controller.h"
#include "test_rig.h"
#include "test_util.h"

namespace {

using anim::CrossFadeController;
using anim::FadeOptions;
using anim::TransitionMode;
using namespace anim_test;

constexpr float kDt = 1.0f / 60.0f;

float X(const CrossFadeController& cf) { return cf.CurrentPose().Local(2).translation.x; }

FadeOptions Inertial(float duration) {
  FadeOptions o;
  o.duration = duration;
  o.mode = TransitionMode::kInertial;
  return o;
}

struct Clips {
  anim::Clip closing = MakeSlideClip("closing", 1.0f, 4, 0);
  anim::Clip moving = MakeSlideClip("moving", 1.0f, 0, 10);
  anim::Clip far = MakeSlideClip("far", 1.0f, 20, 20);
  anim::Clip below = MakeSlideClip("below", 1.0f, -20, -20);
};

// Runs `frames` steps and returns the x shown at each.
std::vector<float> PlayFrames(CrossFadeController& cf, int frames) {
  std::vector<float> xs;
  for (int i = 0; i < frames; ++i) {
    cf.Update(kDt);
    xs.push_back(X(cf));
  }
  return xs;
}

// A controller on the test rig, and the switch the comment at the top works out.
class InertialSwitch : public ::testing::Test {
 protected:
  void SwitchAtAQuarterSecond() {
    cf.Play(&clips.closing);
    before = PlayFrames(cf, 15);  // t = 0.25: x = 3
    ASSERT_EQ(cf.FadeTo(&clips.moving, Inertial(0.5f)), anim::FadeResult::kQueued);
  }
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController cf{s};
  std::vector<float> before;
};

TEST_F(InertialSwitch, StartsAtThePoseShownWithItsVelocity) {
  SwitchAtAQuarterSecond();
  ASSERT_NEAR(before.back(), 3.0f, 1e-5f);
  EXPECT_EQ(cf.TargetCount(), 0) << "no fade queue: the new clip is the current one";
  EXPECT_EQ(cf.CurrentClip(), &clips.moving);

  cf.Update(0.0f);  // the switch itself: exactly the pose shown before it
  for (int j = 0; j < s.JointCount(); ++j) {
    ExpectVecNear(cf.CurrentPose().Local(j).translation, {3.0f, 1.0f, 0.0f}, 1e-5f);
  }
  cf.Update(kDt);
  const float v_before = (before[14] - before[13]) / kDt;
  const float v_after = (X(cf) - before[14]) / kDt;
  EXPECT_NEAR(v_before, -4.0f, 1e-3f);
  // The quintic's t^3 term bends it by 3 C dt = 3 * 96 / 3600 m/s in the step.
  EXPECT_NEAR(v_after, v_before, 0.1f);
  EXPECT_EQ(cf.ClipsSampled(), 1);
}

TEST_F(InertialSwitch, EndsOnTheNewClipExactly) {
  CrossFadeController alone(s);
  SwitchAtAQuarterSecond();
  alone.Play(&clips.moving);  // the new clip on its own, from the same start
  bool was_different = false;
  for (int frame = 0; frame < 40; ++frame) {
    cf.Update(kDt);
    alone.Update(kDt);
    EXPECT_EQ(cf.ClipsSampled(), 1);
    was_different |= X(cf) != X(alone);
    if (frame >= 30) {  // 31 steps of 1/60 s > 0.5 s
      EXPECT_FALSE(cf.Inertialization().Active());
      for (int j = 0; j < s.JointCount(); ++j) {
        EXPECT_EQ(cf.CurrentPose().Local(j).translation, alone.CurrentPose().Local(j).translation);
        EXPECT_EQ(cf.CurrentPose().Local(j).rotation, alone.CurrentPose().Local(j).rotation);
      }
    }
  }
  EXPECT_TRUE(was_different);
}

TEST(InertialTransition, SamplesOneClipPerFrameWhereACrossFadeSamplesTwo) {
  const anim::Skeleton s = MakeTestSkeleton();
  Clips clips;
  CrossFadeController inertial(s), faded(s);
  inertial.Play(&clips.closing);
  faded.Play(&clips.closing);
  inertial.FadeTo(&clips.moving, Inertial(0.5f));
  FadeOptions smooth;
  smooth.duration = 0.5f;
  faded.FadeTo(&clips.moving, smooth);
  inertial.Update(kDt);
  faded.Update(kDt);
  EXPECT_EQ(inertial.ClipsSampled(), 1);
  EXPECT_EQ(faded.ClipsSampled(), 2);
}

// The angle about z of joint 1's rotation, in radians.
float SpineAngle(const CrossFadeController& cf) {
  const glm::quat q = cf.CurrentPose().Local(1).rotation;
  return 2.0f * std::atan2(q.z, q.w);
}

TEST(InertialTransition, RotationIsContinuousInAngleAndAngularVelocity) {
  const anim::Skeleton s = MakeTestSkeleton();
  // The spine turns from 60 degrees about z back to 0 over 1 s, then holds 0.
  anim::JointTracks jt;
  jt.joint = 1;
  jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0, 1},
                                      {AxisAngle(60, {0, 0, 1}), glm::quat(1, 0, 0, 0)});
  const anim::Clip unwind("unwind", {jt});
  const anim::Clip hold = MakeHoldRotationClip("hold", 1, glm::quat(1, 0, 0, 0));
  CrossFadeController cf(s);
  cf.Play(&unwind);
  std::vector<float> angles;
  for (int i = 0; i < 20; ++i) {
    cf.Update(kDt);
    angles.push_back(SpineAngle(cf));
  }
  cf.FadeTo(&hold, Inertial(0.4f));
  cf.Update(0.0f);
  EXPECT_NEAR(SpineAngle(cf), angles.back(), 1e-5f);
  cf.Update(kDt);
  const float w_before = (angles[19] - angles[18]) / kDt;  // -60 degrees a second
  EXPECT_NEAR(w_before, -glm::radians(60.0f), 1e-3f);
  EXPECT_NEAR((SpineAngle(cf) - angles[19]) / kDt, w_before, 0.05f);
  for (int i = 0; i < 30; ++i) cf.Update(kDt);
  EXPECT_EQ(cf.CurrentPose().Local(1).rotation, glm::quat(1, 0, 0, 0));
}

// An interruption starts from the pose on screen with its velocity: the
// x shown keeps position and velocity across the second switch.
void ExpectContinuousAcrossSwitch(CrossFadeController& cf, const anim::Clip* next,
                                  float velocity_tolerance) {
  const std::vector<float> before = PlayFrames(cf, 2);
  ASSERT_EQ(cf.FadeTo(next, Inertial(0.5f)), anim::FadeResult::kQueued);
  cf.Update(0.0f);
  EXPECT_NEAR(X(cf), before[1], 1e-4f);
  cf.Update(kDt);
  const float v_before = (before[1] - before[0]) / kDt;
  EXPECT_NEAR((X(cf) - before[1]) / kDt, v_before, velocity_tolerance)
      << "velocity before the switch " << v_before;
}

TEST_F(InertialSwitch, AnInterruptionStartsFromThePoseShown) {
  SwitchAtAQuarterSecond();
  PlayFrames(cf, 18);  // 1/3 s into it, 20 frames with the two below
  ASSERT_TRUE(cf.Inertialization().Active());
  // Moving up (about +8 m/s) towards far (x 20): a closing offset, kept.
  // The first inertialization accelerates at about 28 m/s^2: 0.5 m/s a step.
  ExpectContinuousAcrossSwitch(cf, &clips.far, 1.0f);
  EXPECT_EQ(cf.ClipsSampled(), 1);
}

TEST_F(InertialSwitch, InterruptingACrossFadeStartsFromTheBlend) {
  cf.Play(&clips.closing);
  FadeOptions smooth;
  smooth.duration = 0.5f;
  smooth.ease = anim::EaseCurve::Linear();
  cf.FadeTo(&clips.moving, smooth);
  PlayFrames(cf, 10);
  ASSERT_EQ(cf.TargetCount(), 1);
  // The blend is x = (1 - 2t)(4 - 4t) + 2t (10t) = 4 - 12t + 28t^2: at
  // t = 1/6 it moves down at 2.67 m/s, towards below (x -20), a closing
  // offset; its acceleration of 56 m/s^2 is 0.93 m/s a step.
  ExpectContinuousAcrossSwitch(cf, &clips.below, 1.5f);
  EXPECT_EQ(cf.TargetCount(), 0);
  EXPECT_EQ(cf.ClipsSampled(), 1);
}

TEST_F(InertialSwitch, ACrossFadeDuringAnInertializationFadesFromWhatShows) {
  SwitchAtAQuarterSecond();
  const std::vector<float> xs = PlayFrames(cf, 3);
  FadeOptions smooth;
  smooth.duration = 0.5f;
  cf.FadeTo(&clips.far, smooth);
  cf.Update(0.0f);  // weight 0: the current clip with its offset, as shown
  EXPECT_NEAR(X(cf), xs.back(), 1e-5f);
}

TEST_F(InertialSwitch, ZeroDurationSwitchesAtOnce) {
  cf.Play(&clips.closing);
  PlayFrames(cf, 5);
  cf.FadeTo(&clips.moving, Inertial(0.0f));
  cf.Update(kDt);
  EXPECT_FALSE(cf.Inertialization().Active());
  EXPECT_NEAR(X(cf), 10.0f * kDt, 1e-6f);
}

TEST_F(InertialSwitch, NegativeOrNonFiniteStepsChangeNothing) {
  SwitchAtAQuarterSecond();
  cf.Update(kDt);
  const float x = X(cf);
  const float elapsed = cf.Inertialization().Elapsed();
  EXPECT_FALSE(cf.Update(-kDt));
  EXPECT_FALSE(cf.Update(NAN));
  EXPECT_FALSE(cf.Update(INFINITY));
  EXPECT_EQ(X(cf), x);
  EXPECT_EQ(cf.Inertialization().Elapsed(), elapsed);
  anim::Inertializer lone(4);
  lone.Advance(-1.0f);
  EXPECT_EQ(lone.Elapsed(), 0.0f);
}

TEST(InertialTransition, IdenticalPosesAndOppositeQuaternionsGiveNoNaN) {
  const anim::Skeleton s = MakeTestSkeleton();
  const glm::quat q = AxisAngle(130, glm::normalize(glm::vec3(1, 2, 3)));
  const anim::Clip plus = MakeHoldRotationClip("plus", 1, q);
  const anim::Clip minus = MakeHoldRotationClip("minus", 1, -q);
  const anim::Clip plus_again = MakeHoldRotationClip("plus_again", 1, q);
  CrossFadeController cf(s);
  cf.Play(&plus);
  for (int i = 0; i < 3; ++i) cf.Update(kDt);
  for (const anim::Clip* next : {&minus, &plus_again, &plus}) {
    cf.FadeTo(next, Inertial(0.2f));
    for (int i = 0; i < 20; ++i) {
      cf.Update(kDt);
      for (int j = 0; j < s.JointCount(); ++j) {
        const anim::Transform& t = cf.CurrentPose().Local(j);
        ASSERT_FALSE(std::isnan(t.rotation.w) || std::isnan(t.rotation.x) ||
                     std::isnan(t.translation.x) || std::isnan(t.scale.x));
      }
      ExpectSameRotation(cf.CurrentPose().Local(1).rotation, q, 1e-6);
    }
  }
}

}  // namespace
