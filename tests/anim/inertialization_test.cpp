// The inertialization maths (anim/blending/inertialization.h): Bollo's decay quintic
// against coefficients and values worked out by hand, the offsets recorded
// for a joint, and the degenerate inputs (identical poses, q against -q,
// zero duration) that must give numbers, not NaN.
//
// Hand-worked curves (x0, v0, duration -> polynomial):
//   1, 0, 1:   a0 = max(-20, 0) = 0; A -6, B 15, C -10: 1 - 10t^3 + 15t^4 - 6t^5
//   1, -4, 1:  a0 = (32 - 20) / 1 = 12; A 0, B 1, C -4: (1 - t)^4
//   1, -10, 1: t1 = min(1, -5 * 1 / -10) = 0.5; a0 = (40 - 20) / 0.25 = 80;
//              A -32, B 80, C -80: (1 - 2t)^5
//   1, -2, 1:  a0 = max(16 - 20, 0) = 0; A 0, B -1, C 2: 1 - 2t + 2t^3 - t^4
#include "anim/blending/inertialization.h"

#include <cmath>

#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using anim::InertialDecay;
using anim::JointOffset;
using anim::Transform;
using anim_test::AxisAngle;
using anim_test::ExpectVecNear;

// The quintic and its derivatives from the coefficients, written out
// separately from InertialDecay's Horner forms.
double P(const InertialDecay& d, double t) {
  return d.a * std::pow(t, 5) + d.b * std::pow(t, 4) + d.c * std::pow(t, 3) + 0.5 * d.a0 * t * t +
         d.v0 * t + d.x0;
}
double Dp(const InertialDecay& d, double t) {
  return 5 * d.a * std::pow(t, 4) + 4 * d.b * std::pow(t, 3) + 3 * d.c * t * t + d.a0 * t + d.v0;
}
double Ddp(const InertialDecay& d, double t) {
  return 20 * d.a * std::pow(t, 3) + 12 * d.b * t * t + 6 * d.c * t + d.a0;
}

void ExpectEndsAtRest(const InertialDecay& d) {
  EXPECT_NEAR(P(d, d.t1), 0.0, 1e-5);
  EXPECT_NEAR(Dp(d, d.t1), 0.0, 1e-4);
  EXPECT_NEAR(Ddp(d, d.t1), 0.0, 1e-3);
}

TEST(InertialDecay, FromRestIsOneMinusSmootherstep) {
  const InertialDecay d = InertialDecay::Make(1.0f, 0.0f, 1.0f);
  EXPECT_FLOAT_EQ(d.a0, 0.0f) << "-20 is clamped";
  EXPECT_FLOAT_EQ(d.a, -6.0f);
  EXPECT_FLOAT_EQ(d.b, 15.0f);
  EXPECT_FLOAT_EQ(d.c, -10.0f);
  EXPECT_FLOAT_EQ(d.t1, 1.0f);
  EXPECT_FLOAT_EQ(d.Value(0.0f), 1.0f);
  EXPECT_FLOAT_EQ(d.Velocity(0.0f), 0.0f);
  EXPECT_FLOAT_EQ(d.Acceleration(0.0f), 0.0f);
  // 1 - (10 / 8 - 15 / 16 + 6 / 32) = 0.5; velocity -30 t^2 (1 - t)^2 = -1.875.
  EXPECT_NEAR(d.Value(0.5f), 0.5f, 1e-6f);
  EXPECT_NEAR(d.Velocity(0.5f), -1.875f, 1e-5f);
  EXPECT_NEAR(d.Acceleration(0.5f), 0.0f, 1e-5f);
  ExpectEndsAtRest(d);
  EXPECT_EQ(d.Value(1.0f), 0.0f);
  EXPECT_EQ(d.Value(7.0f), 0.0f);
}

TEST(InertialDecay, ClosingVelocityGivesAPositiveInitialAcceleration) {
  const InertialDecay d = InertialDecay::Make(1.0f, -4.0f, 1.0f);  // (1 - t)^4
  EXPECT_FLOAT_EQ(d.a0, 12.0f);
  EXPECT_NEAR(d.a, 0.0f, 1e-5f);
  EXPECT_FLOAT_EQ(d.b, 1.0f);
  EXPECT_FLOAT_EQ(d.c, -4.0f);
  EXPECT_FLOAT_EQ(d.Value(0.0f), 1.0f);
  EXPECT_FLOAT_EQ(d.Velocity(0.0f), -4.0f);
  EXPECT_FLOAT_EQ(d.Acceleration(0.0f), 12.0f);
  EXPECT_NEAR(d.Value(0.5f), 0.0625f, 1e-6f);
  EXPECT_NEAR(d.Velocity(0.5f), -0.5f, 1e-5f);
  EXPECT_NEAR(d.Acceleration(0.5f), 3.0f, 1e-5f);
  ExpectEndsAtRest(d);
}

TEST(InertialDecay, FastClosingShortensTheDurationSoItDoesNotOvershoot) {
  const InertialDecay d = InertialDecay::Make(1.0f, -10.0f, 1.0f);  // (1 - 2t)^5
  EXPECT_FLOAT_EQ(d.t1, 0.5f);
  EXPECT_FLOAT_EQ(d.a0, 80.0f);
  EXPECT_FLOAT_EQ(d.a, -32.0f);
  EXPECT_FLOAT_EQ(d.b, 80.0f);
  EXPECT_FLOAT_EQ(d.c, -80.0f);
  EXPECT_NEAR(d.Value(0.25f), 0.03125f, 1e-6f);
  EXPECT_NEAR(d.Velocity(0.25f), -0.625f, 1e-5f);
  EXPECT_NEAR(d.Acceleration(0.25f), 10.0f, 1e-4f);
  ExpectEndsAtRest(d);
  EXPECT_EQ(d.Value(0.6f), 0.0f);
}

TEST(InertialDecay, ClampedAccelerationCase) {
  const InertialDecay d = InertialDecay::Make(1.0f, -2.0f, 1.0f);  // 1 - 2t + 2t^3 - t^4
  EXPECT_FLOAT_EQ(d.a0, 0.0f);
  EXPECT_NEAR(d.a, 0.0f, 1e-6f);
  EXPECT_FLOAT_EQ(d.b, -1.0f);
  EXPECT_FLOAT_EQ(d.c, 2.0f);
  EXPECT_NEAR(d.Value(0.5f), 1.0f - 1.0f + 0.25f - 0.0625f, 1e-6f);
  ExpectEndsAtRest(d);
}

TEST(InertialDecay, VelocityAwayFromZeroIsClampedAndNegativeOffsetsMirror) {
  const InertialDecay away = InertialDecay::Make(1.0f, 3.0f, 1.0f);
  EXPECT_FLOAT_EQ(away.v0, 0.0f);
  EXPECT_NEAR(away.Value(0.5f), 0.5f, 1e-6f);
  const InertialDecay negative = InertialDecay::Make(-2.0f, 8.0f, 1.0f);  // mirror of (2, -8)
  EXPECT_FLOAT_EQ(negative.Value(0.0f), -2.0f);
  EXPECT_FLOAT_EQ(negative.Velocity(0.0f), 8.0f);
  // (2, -8): a0 = (64 - 40) = 24, so the mirror starts with -24.
  EXPECT_FLOAT_EQ(negative.Acceleration(0.0f), -24.0f);
  ExpectEndsAtRest(negative);
}

TEST(InertialDecay, NeverOvershootsZeroOrGrowsPastTheStart) {
  for (float x0 : {0.01f, 0.5f, 1.0f, 3.0f}) {
    for (float v0 : {-50.0f, -10.0f, -3.0f, -1.0f, 0.0f, 1.0f, 20.0f}) {
      for (float duration : {0.05f, 0.3f, 1.0f}) {
        const InertialDecay d = InertialDecay::Make(x0, v0, duration);
        for (int i = 0; i <= 200; ++i) {
          // Float rounding near zero is allowed (1e-5 of x0), a dip is not.
          const float x = d.Value(duration * static_cast<float>(i) / 200.0f);
          ASSERT_GE(x, -1e-5f * x0) << x0 << " " << v0 << " " << duration;
          ASSERT_LE(x, x0 * (1.0f + 1e-5f)) << x0 << " " << v0 << " " << duration;
        }
      }
    }
  }
}

TEST(InertialDecay, DegenerateInputsGiveTheZeroCurve) {
  for (const InertialDecay& d :
       {InertialDecay::Make(1.0f, -1.0f, 0.0f), InertialDecay::Make(1.0f, -1.0f, -2.0f),
        InertialDecay::Make(0.0f, -1.0f, 1.0f), InertialDecay::Make(NAN, 0.0f, 1.0f),
        InertialDecay::Make(1.0f, INFINITY, 1.0f), InertialDecay::Make(1.0f, 0.0f, NAN)}) {
    EXPECT_EQ(d.Value(0.0f), 0.0f);
    EXPECT_EQ(d.Velocity(0.0f), 0.0f);
    EXPECT_EQ(d.Value(-1.0f), 0.0f);
  }
}

TEST(ShortestArc, TakesTheShorterOfQAndMinusQ) {
  // 270 degrees about +z is 90 degrees about -z.
  const glm::quat q = AxisAngle(270.0f, {0, 0, 1});
  ExpectVecNear(anim::ShortestArcRotationVector(q), {0, 0, -glm::half_pi<float>()});
  ExpectVecNear(anim::ShortestArcRotationVector(-q), {0, 0, -glm::half_pi<float>()});
  ExpectVecNear(anim::ShortestArcRotationVector(AxisAngle(40.0f, {1, 0, 0})),
                {glm::radians(40.0f), 0, 0});
  ExpectVecNear(anim::ShortestArcRotationVector(glm::quat(1, 0, 0, 0)), glm::vec3(0.0f), 0.0f);
  ExpectVecNear(anim::ShortestArcRotationVector(glm::quat(-1, 0, 0, 0)), glm::vec3(0.0f), 0.0f);
}

Transform At(glm::vec3 t, glm::quat r = glm::quat(1, 0, 0, 0)) {
  Transform x;
  x.translation = t;
  x.rotation = r;
  return x;
}

TEST(RecordJointOffset, TranslationOffsetAndItsClosingVelocity) {
  // Shown moved from x 2.1 to 2 in 0.1 s (-1 m/s) towards a still target at 0.
  const JointOffset o = anim::RecordJointOffset(At({2, 0, 0}), At({2.1f, 0, 0}), At({0, 0, 0}),
                                                At({0, 0, 0}), 0.1f, 1.0f);
  ExpectVecNear(o.translation_dir, {1, 0, 0});
  EXPECT_FLOAT_EQ(o.translation.x0, 2.0f);
  EXPECT_NEAR(o.translation.v0, -1.0f, 1e-5f);
  EXPECT_EQ(o.rotation.x0, 0.0f);
  EXPECT_EQ(o.scale.x0, 0.0f);
  // The target moving at +3 m/s along x closes the offset 3 m/s faster.
  const JointOffset moving = anim::RecordJointOffset(At({2, 0, 0}), At({2.1f, 0, 0}), At({0, 0, 0}),
                                                     At({0.3f, 0, 0}), 0.1f, 1.0f);
  EXPECT_NEAR(moving.translation.v0, -4.0f, 1e-5f);
  // A velocity across the offset is not along it: only the component along counts.
  const JointOffset across = anim::RecordJointOffset(At({2, 0, 0}), At({2, 0.5f, 0}), At({0, 0, 0}),
                                                     At({0, 0, 0}), 0.1f, 1.0f);
  EXPECT_NEAR(across.translation.v0, 0.0f, 1e-6f);
}

TEST(RecordJointOffset, RotationOffsetAsAxisAngleWithAngularVelocities) {
  // Shown turned from 0.6 to 0.5 rad about z in 0.1 s: the angle closes at
  // 1 rad/s; the target turning at +1 rad/s about z closes it at 2.
  const glm::vec3 z(0, 0, 1);
  const JointOffset o =
      anim::RecordJointOffset(At({}, glm::angleAxis(0.5f, z)), At({}, glm::angleAxis(0.6f, z)),
                              At({}), At({}, glm::angleAxis(0.1f, z)), 0.1f, 1.0f);
  ExpectVecNear(o.rotation_axis, z);
  EXPECT_NEAR(o.rotation.x0, 0.5f, 1e-6f);
  EXPECT_NEAR(o.rotation.v0, -2.0f, 1e-4f);
  // An offset of 300 degrees about +z is 60 degrees about -z.
  const JointOffset wrapped = anim::RecordJointOffset(
      At({}, AxisAngle(300, z)), At({}, AxisAngle(300, z)), At({}), At({}), 0.1f, 1.0f);
  ExpectVecNear(wrapped.rotation_axis, -z);
  EXPECT_NEAR(wrapped.rotation.x0, glm::radians(60.0f), 1e-5f);
}

TEST(RecordJointOffset, StartsAtTheShownPoseAndEndsAtTheTargetExactly) {
  const Transform shown = At({1, 2, 3}, AxisAngle(120, glm::normalize(glm::vec3(1, 1, 0))));
  Transform target = At({-1, 0, 0.5f}, AxisAngle(-30, {0, 1, 0}));
  target.scale = {1, 2, 1};
  const JointOffset o = anim::RecordJointOffset(shown, shown, target, target, 0.0f, 0.4f);
  const Transform start = anim::ApplyJointOffset(o, target, 0.0f);
  ExpectVecNear(start.translation, shown.translation);
  ExpectVecNear(start.scale, shown.scale);
  anim_test::ExpectSameRotation(start.rotation, shown.rotation, 1e-5);
  const Transform end = anim::ApplyJointOffset(o, target, 0.4f);
  EXPECT_EQ(end.translation, target.translation);
  EXPECT_EQ(end.rotation, target.rotation);
  EXPECT_EQ(end.scale, target.scale);
}

TEST(RecordJointOffset, IdenticalAndOppositeRotationsGiveNoOffsetAndNoNaN) {
  const glm::quat q = AxisAngle(75, glm::normalize(glm::vec3(0.3f, -1, 0.2f)));
  for (const glm::quat& other : {q, -q}) {
    const JointOffset o =
        anim::RecordJointOffset(At({1, 1, 1}, q), At({1, 1, 1}, -q), At({1, 1, 1}, other),
                                At({1, 1, 1}, other), 1.0f / 60, 0.3f);
    EXPECT_EQ(o.rotation.x0, 0.0f);
    EXPECT_EQ(o.translation.x0, 0.0f);
    const Transform mid = anim::ApplyJointOffset(o, At({1, 1, 1}, other), 0.1f);
    EXPECT_FALSE(std::isnan(mid.rotation.w) || std::isnan(mid.translation.x));
    anim_test::ExpectSameRotation(mid.rotation, q, 1e-6);
  }
  // Opposite quaternions one frame apart on screen are no motion at all.
  const JointOffset still = anim::RecordJointOffset(At({}, AxisAngle(10, {0, 0, 1}) * q),
                                                    At({}, -(AxisAngle(10, {0, 0, 1}) * q)),
                                                    At({}, q), At({}, q), 0.1f, 1.0f);
  EXPECT_NEAR(still.rotation.v0, 0.0f, 1e-4f);
}

}  // namespace
