// Comparison helpers shared by the anim tests.
#pragma once

#include <gtest/gtest.h>

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/clips/clock.h"

namespace anim_test {

// What a clock step covered (ClockStep) against values worked out by hand.
inline void ExpectClockStep(const anim::ClockStep& step, double from, double delta, double to,
                            long long wraps) {
  EXPECT_DOUBLE_EQ(step.from, from);
  EXPECT_DOUBLE_EQ(step.delta, delta);
  EXPECT_DOUBLE_EQ(step.to, to);
  EXPECT_EQ(step.wraps, wraps);
}

inline void ExpectVecNear(const glm::vec3& a, const glm::vec3& b, float tol = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

// The angle in radians of the rotation that takes a to b: 2 atan2(|v|, |w|)
// of conj(a) * b, in double. q and -q are the same rotation (angle 0). The
// usual 1 - |dot(a, b)| test is quadratic in the angle (1e-5 lets half a
// degree through) and acos(|dot|) loses half its digits near 0; this is
// linear in the angle and exact to about 1e-7 rad for float input.
inline double RotationAngle(const glm::quat& a, const glm::quat& b) {
  const glm::dquat qa(a.w, a.x, a.y, a.z), qb(b.w, b.x, b.y, b.z);
  const glm::dquat d = glm::conjugate(qa) * qb;
  return 2.0 * std::atan2(glm::length(glm::dvec3(d.x, d.y, d.z)), std::abs(d.w));
}

// Default tolerance of rotation comparisons: 1e-4 rad (0.006 degrees), far
// above float rounding and far below anything visible. A test that needs
// more says why where it passes its own.
constexpr double kRotationTolerance = 1e-4;

// Same rotation within `tolerance` radians, and both unit quaternions (a
// blend that forgot to normalise is a bug even when the axis and angle are
// right).
inline void ExpectSameRotation(const glm::quat& a, const glm::quat& b,
                               double tolerance = kRotationTolerance) {
  EXPECT_LE(RotationAngle(a, b), tolerance)
      << "a=(" << a.w << "," << a.x << "," << a.y << "," << a.z << ") b=(" << b.w << "," << b.x
      << "," << b.y << "," << b.z << "): " << glm::degrees(RotationAngle(a, b)) << " degrees apart";
  EXPECT_NEAR(glm::length(a), 1.0f, 1e-4f) << "a is not a unit quaternion";
  EXPECT_NEAR(glm::length(b), 1.0f, 1e-4f) << "b is not a unit quaternion";
}

inline void ExpectMatNear(const glm::mat4& a, const glm::mat4& b, float tol = 1e-5f) {
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      EXPECT_NEAR(a[c][r], b[c][r], tol) << "at column " << c << " row " << r;
    }
  }
}

inline glm::quat AxisAngle(float degrees, const glm::vec3& axis) {
  return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

}  // namespace anim_test
