// Comparison helpers shared by the anim tests.
#pragma once

#include <gtest/gtest.h>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim_test {

inline void ExpectVecNear(const glm::vec3& a, const glm::vec3& b, float tol = 1e-5f) {
  EXPECT_NEAR(a.x, b.x, tol);
  EXPECT_NEAR(a.y, b.y, tol);
  EXPECT_NEAR(a.z, b.z, tol);
}

// Same rotation: q and -q are equal rotations.
inline void ExpectSameRotation(const glm::quat& a, const glm::quat& b, float tol = 1e-5f) {
  EXPECT_NEAR(std::abs(glm::dot(a, b)), 1.0f, tol) << "a=(" << a.w << "," << a.x << "," << a.y
                                                   << "," << a.z << ") b=(" << b.w << "," << b.x
                                                   << "," << b.y << "," << b.z << ")";
}

inline void ExpectMatNear(const glm::mat4& a, const glm::mat4& b, float tol = 1e-5f) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[c][r], b[c][r], tol) << "at column " << c << " row " << r;
}

inline glm::quat AxisAngle(float degrees, const glm::vec3& axis) {
  return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

}  // namespace anim_test
