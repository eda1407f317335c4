// The distances the key reduction and the compressed-clip builder measure
// errors with (anim/offline/key_reduction.h), against values by hand.
#include "anim/offline/key_reduction.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace {

constexpr float kPi = 3.14159265f;

TEST(ValueDistance, ARotationsDistanceIsTheAngleBetweenThem) {
  const glm::quat identity(1, 0, 0, 0);
  EXPECT_NEAR(anim::ValueDistance(identity, anim_test::AxisAngle(90, {1, 0, 0})), 0.5f * kPi,
              1e-6f);
  EXPECT_NEAR(anim::ValueDistance(anim_test::AxisAngle(30, {0, 1, 0}),
                                  anim_test::AxisAngle(-45, {0, 1, 0})),
              75.0f * kPi / 180.0f, 1e-6f);
  // q and -q are the same rotation; the length does not matter.
  const glm::quat q = anim_test::AxisAngle(70, {0, 0, 1});
  EXPECT_NEAR(anim::ValueDistance(q, -2.0f * q), 0.0f, 1e-6f);
}

// A zero quaternion is no rotation at all: two of them are the same, and one
// is as far as can be (pi) from any rotation.
TEST(ValueDistance, ZeroQuaternionsAreEqualToEachOtherAndFarFromAnyRotation) {
  const glm::quat zero(0, 0, 0, 0);
  EXPECT_EQ(anim::ValueDistance(zero, zero), 0.0f);
  EXPECT_NEAR(anim::ValueDistance(zero, glm::quat(1, 0, 0, 0)), kPi, 1e-6f);
  EXPECT_NEAR(anim::ValueDistance(anim_test::AxisAngle(10, {1, 0, 0}), zero), kPi, 1e-6f);
}

TEST(ValueDistance, AVectorsDistanceIsEuclidean) {
  EXPECT_FLOAT_EQ(anim::ValueDistance(glm::vec3(1, 2, 3), glm::vec3(4, 6, 3)), 5.0f);
}

}  // namespace
