#include "anim/clips/track.h"

#include <random>

#include <gtest/gtest.h>

#include "test_util.h"

namespace {

using anim::Interpolation;
using namespace anim_test;

TEST(Track, StepHoldsTheLastKeyAtOrBeforeT) {
  const anim::ScalarTrack track(Interpolation::kStep, {0, 1, 3}, {5, 7, 11});
  ASSERT_TRUE(track.Valid());
  EXPECT_EQ(track.Sample(0.0f), 5.0f);
  EXPECT_EQ(track.Sample(0.999f), 5.0f);
  EXPECT_EQ(track.Sample(1.0f), 7.0f);
  EXPECT_EQ(track.Sample(2.9f), 7.0f);
  EXPECT_EQ(track.Sample(3.0f), 11.0f);
}

TEST(Track, ClampsOutsideItsKeys) {
  const anim::ScalarTrack track(Interpolation::kLinear, {1, 2}, {10, 20});
  EXPECT_EQ(track.Sample(-5.0f), 10.0f);
  EXPECT_EQ(track.Sample(9.0f), 20.0f);
}

TEST(Track, LinearInterpolatesBetweenKeys) {
  const anim::VectorTrack track(Interpolation::kLinear, {0, 2, 3},
                                {{0, 0, 0}, {2, 4, -2}, {2, 4, 8}});
  ExpectVecNear(track.Sample(0.5f), {0.5f, 1, -0.5f});
  ExpectVecNear(track.Sample(2.5f), {2, 4, 3});
}

TEST(Track, LinearQuaternionFollowsTheArcAndIsNormalised) {
  const anim::QuaternionTrack track(Interpolation::kLinear, {0, 1},
                                    {glm::quat(1, 0, 0, 0), AxisAngle(90, {1, 0, 0})});
  // glTF: spherical interpolation, so a quarter of the time is a quarter of the angle.
  const glm::quat q = track.Sample(0.25f);
  EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
  ExpectSameRotation(q, AxisAngle(22.5f, {1, 0, 0}));
}

TEST(Track, LinearQuaternionTakesTheShortArc) {
  const anim::QuaternionTrack track(Interpolation::kLinear, {0, 1},
                                    {glm::quat(1, 0, 0, 0), -AxisAngle(90, {0, 1, 0})});
  ExpectSameRotation(track.Sample(0.5f), AxisAngle(45, {0, 1, 0}));
}

TEST(Track, CubicSplineMatchesTheHermitePolynomial) {
  // Keys t=0 (value 0, out-tangent 1 per second) and t=2 (value 1, in-tangent
  // 0). The unique cubic with p(0)=0, p'(0)=1, p(2)=1, p'(2)=0 is
  // p(t) = t - t^2/4 (solved by hand), so the tangents must be scaled by the
  // key interval (2 s) for the spline to match it.
  const anim::ScalarTrack track(
      Interpolation::kCubicSpline, {0, 2},
      {/*in*/ 9, /*value*/ 0, /*out*/ 1, /*in*/ 0, /*value*/ 1, /*out*/ -9});
  ASSERT_TRUE(track.Valid());
  for (float t : {0.0f, 0.5f, 1.0f, 1.5f, 2.0f}) {
    EXPECT_NEAR(track.Sample(t), t - t * t / 4.0f, 1e-6f) << "t=" << t;
  }
}

TEST(Track, CubicSplineVectorUsesPerKeyTangents) {
  // x: straight line with slope 3 over [1, 1.5]: values 0 and 1.5, tangents 3.
  const anim::VectorTrack track(
      Interpolation::kCubicSpline, {1, 1.5f},
      {{0, 0, 0}, {0, 0, 0}, {3, 0, 0}, {3, 0, 0}, {1.5f, 0, 0}, {0, 0, 0}});
  ExpectVecNear(track.Sample(1.2f), {0.6f, 0, 0});
}

TEST(Track, CubicSplineQuaternionIsNormalised) {
  const glm::quat zero(0, 0, 0, 0);
  const anim::QuaternionTrack track(
      Interpolation::kCubicSpline, {0, 1},
      {zero, glm::quat(1, 0, 0, 0), zero, zero, AxisAngle(120, {0, 0, 1}), zero});
  const glm::quat q = track.Sample(0.5f);
  EXPECT_NEAR(glm::length(q), 1.0f, 1e-6f);
  // Zero tangents and symmetric Hermite weights (0.5, 0.5) at s = 0.5: the
  // normalised chord midpoint, i.e. the half-angle rotation.
  ExpectSameRotation(q, AxisAngle(60, {0, 0, 1}));
}

TEST(Track, ValidRejectsMismatchedCountsAndUnorderedTimes) {
  EXPECT_FALSE(anim::ScalarTrack(Interpolation::kCubicSpline, {0, 1}, {1, 2}).Valid());
  EXPECT_FALSE(anim::ScalarTrack(Interpolation::kLinear, {0, 1, 1}, {1, 2, 3}).Valid());
  EXPECT_FALSE(anim::ScalarTrack(Interpolation::kLinear, {0, NAN}, {1, 2}).Valid());
}

TEST(Track, CursorGivesTheSameValuesAsSearchingInAnyOrder) {
  std::vector<float> times, values;
  for (int i = 0; i < 200; ++i) {
    times.push_back(i * 0.05f + (i % 3) * 0.01f);
    values.push_back(std::sin(i * 0.3f));
  }
  const anim::ScalarTrack track(Interpolation::kLinear, times, values);
  ASSERT_TRUE(track.Valid());
  anim::TrackCursor cursor;
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> any(-1.0f, 11.0f);
  // Forward playback, backward playback, then random jumps.
  for (float t = 0; t < 10; t += 1.0f / 60) EXPECT_EQ(track.Sample(t, &cursor), track.Sample(t));
  for (float t = 10; t > 0; t -= 1.0f / 60) EXPECT_EQ(track.Sample(t, &cursor), track.Sample(t));
  for (int i = 0; i < 1000; ++i) {
    const float t = any(rng);
    EXPECT_EQ(track.Sample(t, &cursor), track.Sample(t));
  }
}

TEST(Track, SingleKeyIsConstant) {
  const anim::VectorTrack track(Interpolation::kCubicSpline, {0.5f},
                                {{9, 9, 9}, {1, 2, 3}, {9, 9, 9}});
  ExpectVecNear(track.Sample(-1.0f), {1, 2, 3});
  ExpectVecNear(track.Sample(4.0f), {1, 2, 3});
}

}  // namespace
