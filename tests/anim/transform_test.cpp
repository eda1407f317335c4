#include "anim/core/transform.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "test_util.h"

namespace {

using anim::Transform;
using namespace anim_test;

Transform MakeTransform(glm::vec3 t, glm::quat r, glm::vec3 s) { return Transform{t, r, s}; }

TEST(Transform, ToMatrixIsTranslateRotateScaleAsGltfDefines) {
  const Transform t = MakeTransform({1, 2, 3}, AxisAngle(30, {1, 2, 0}), {2, 3, 4});
  // Built independently with glm's own matrix helpers.
  const glm::mat4 expected = glm::translate(glm::mat4(1), glm::vec3(1, 2, 3)) *
                             glm::mat4_cast(AxisAngle(30, {1, 2, 0})) *
                             glm::scale(glm::mat4(1), glm::vec3(2, 3, 4));
  ExpectMatNear(anim::ToMatrix(t), expected);
}

TEST(Transform, CombineEqualsMatrixProductForUniformScale) {
  const Transform parent = MakeTransform({1, 0, -2}, AxisAngle(90, {0, 0, 1}), glm::vec3(2));
  const Transform child = MakeTransform({0, 3, 1}, AxisAngle(45, {1, 0, 0}), glm::vec3(0.5f));
  ExpectMatNear(anim::ToMatrix(anim::Combine(parent, child)),
                anim::ToMatrix(parent) * anim::ToMatrix(child));
}

TEST(Transform, CombineMovesAPointLikeApplyingChildThenParent) {
  // Parent: rotate 90 degrees about Z, then move by (10, 0, 0).
  // Child: move by (1, 0, 0). The point (0,0,0) of the child ends at
  // parent(child(0)) = parent((1,0,0)) = (10,0,0) + Rz90 * (1,0,0) = (10, 1, 0).
  const Transform parent = MakeTransform({10, 0, 0}, AxisAngle(90, {0, 0, 1}), glm::vec3(1));
  const Transform child = MakeTransform({1, 0, 0}, glm::quat(1, 0, 0, 0), glm::vec3(1));
  ExpectVecNear(anim::TransformPoint(anim::Combine(parent, child), glm::vec3(0)), {10, 1, 0});
}

TEST(Transform, InverseUndoesTheTransform) {
  const Transform t = MakeTransform({4, -1, 2}, AxisAngle(70, {0.3f, 1, -0.2f}), glm::vec3(1.5f));
  const Transform identity = anim::Combine(anim::Inverse(t), t);
  ExpectVecNear(identity.translation, glm::vec3(0));
  ExpectSameRotation(identity.rotation, glm::quat(1, 0, 0, 0));
  ExpectVecNear(identity.scale, glm::vec3(1));
  const glm::vec3 p(0.5f, 7, -3);
  ExpectVecNear(anim::TransformPoint(anim::Inverse(t), anim::TransformPoint(t, p)), p, 1e-4f);
}

TEST(Transform, InverseOfZeroScaleStaysFinite) {
  const Transform t = MakeTransform({1, 2, 3}, glm::quat(1, 0, 0, 0), {0, 1, 1});
  const Transform inv = anim::Inverse(t);
  EXPECT_EQ(inv.scale.x, 0.0f);
  EXPECT_TRUE(std::isfinite(inv.translation.x));
}

TEST(Transform, FromMatrixRecoversTranslationRotationScale) {
  const Transform t = MakeTransform({-3, 5, 0.25f}, AxisAngle(123, {1, -1, 2}), {0.5f, 2, 3});
  const Transform back = anim::FromMatrix(anim::ToMatrix(t));
  ExpectVecNear(back.translation, t.translation);
  ExpectSameRotation(back.rotation, t.rotation);
  ExpectVecNear(back.scale, t.scale);
}

TEST(Transform, FromMatrixCarriesAMirrorInNegativeXScale) {
  const glm::mat4 mirror = glm::scale(glm::mat4(1), glm::vec3(-1, 1, 1));
  const Transform t = anim::FromMatrix(mirror);
  EXPECT_FLOAT_EQ(t.scale.x, -1.0f);
  ExpectMatNear(anim::ToMatrix(t), mirror);
}

TEST(Mix, EndPointsAreExact) {
  const Transform a = MakeTransform({1, 2, 3}, AxisAngle(10, {0, 1, 0}), {1, 1, 2});
  const Transform b = MakeTransform({-4, 0, 8}, AxisAngle(-80, {1, 0, 0}), {3, 1, 1});
  const Transform at0 = anim::Mix(a, b, 0.0f);
  const Transform at1 = anim::Mix(a, b, 1.0f);
  EXPECT_EQ(at0.translation, a.translation);
  EXPECT_EQ(at0.rotation, a.rotation);
  EXPECT_EQ(at0.scale, a.scale);
  EXPECT_EQ(at1.translation, b.translation);
  EXPECT_EQ(at1.rotation, b.rotation);
  EXPECT_EQ(at1.scale, b.scale);
}

TEST(Mix, InterpolatesTranslationAndScaleLinearly) {
  const Transform a = MakeTransform({0, 0, 0}, glm::quat(1, 0, 0, 0), {1, 1, 1});
  const Transform b = MakeTransform({2, 4, 6}, glm::quat(1, 0, 0, 0), {3, 1, 5});
  const Transform m = anim::Mix(a, b, 0.25f);
  ExpectVecNear(m.translation, {0.5f, 1.0f, 1.5f});
  ExpectVecNear(m.scale, {1.5f, 1.0f, 2.0f});
}

TEST(Mix, RotationHalfwayIsHalfTheAngle) {
  // nlerp at t = 0.5 between two rotations about one axis lands exactly on
  // the half angle (the chord midpoint normalised is the arc midpoint).
  const Transform a;
  const Transform b = MakeTransform({}, AxisAngle(90, {0, 1, 0}), glm::vec3(1));
  ExpectSameRotation(anim::Mix(a, b, 0.5f).rotation, AxisAngle(45, {0, 1, 0}));
}

TEST(Mix, TakesTheShortArcWhenQuaternionsAreInOppositeHemispheres) {
  // -q90 is the same rotation as q90; without the neighbourhood check the
  // blend would swing through 180 + 45 degrees instead of 45.
  const Transform a;
  const Transform b = MakeTransform({}, -AxisAngle(90, {0, 1, 0}), glm::vec3(1));
  ExpectSameRotation(anim::Mix(a, b, 0.5f).rotation, AxisAngle(45, {0, 1, 0}));
}

TEST(Mix, BlendingAQuaternionWithItsNegationGivesTheSameRotation) {
  const glm::quat q = AxisAngle(60, {1, 1, 0});
  const glm::quat m = anim::NlerpShortest(q, -q, 0.5f);
  EXPECT_TRUE(std::isfinite(m.w));
  ExpectSameRotation(m, q);
}

}  // namespace
