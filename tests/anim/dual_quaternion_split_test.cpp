// SplitPaletteMatrix (anim/core/dual_quaternion.h) against matrices built by
// hand: the rotation goes into the rigid part, the scale stays in the
// stretch, and blending two joints' rigid parts turns about their axis (the
// point of dual-quaternion skinning) instead of shrinking as matrices do.
#include "anim/core/dual_quaternion.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "test_util.h"

namespace {

using anim_test::AxisAngle;
using anim_test::ExpectSameRotation;
using anim_test::ExpectVecNear;

// translate(1, 2, 3) * rotate(90 deg about Z) * scale(2, 1, 1).
TEST(DualQuaternionSplit, RotationIntoTheRigidPartScaleIntoTheStretch) {
  const glm::mat4 m = glm::scale(glm::rotate(glm::translate(glm::mat4(1.0f), {1, 2, 3}),
                                             glm::radians(90.0f), glm::vec3(0, 0, 1)),
                                 glm::vec3(2, 1, 1));
  const anim::DualQuaternionJoint joint = anim::SplitPaletteMatrix(m);
  ExpectSameRotation(joint.rigid.real, AxisAngle(90, {0, 0, 1}), 1e-5f);
  ExpectVecNear(anim::TranslationOf(joint.rigid), {1, 2, 3}, 1e-5f);
  for (int c = 0; c < 3; ++c)
    ExpectVecNear(joint.stretch[c], glm::vec3(glm::mat3(glm::scale(glm::mat4(1.0f), {2, 1, 1}))[c]),
                  1e-5f);
  // Stretch, then the rigid part: the matrix's own transform of a point.
  const glm::vec3 p(0.5f, -1.0f, 2.0f);
  ExpectVecNear(anim::SkinPoint(joint, p), glm::vec3(m * glm::vec4(p, 1.0f)), 1e-5f);
}

// Half of a joint turned 90 degrees about Z and half of one at rest: the
// blend turns 45 degrees and keeps a point at its distance from the axis
// (a matrix blend would pull it in to cos 45 of it).
TEST(DualQuaternionSplit, HalfOfARightAngleTurnsFortyFiveDegreesAndKeepsTheLength) {
  const anim::DualQuaternionJoint palette[2] = {
      anim::SplitPaletteMatrix(glm::mat4(1.0f)),
      anim::SplitPaletteMatrix(glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), {0, 0, 1}))};
  const anim::DualQuaternionJoint blended =
      anim::BlendDualQuaternionJoints(palette, {0, 1, 0, 0}, {0.5f, 0.5f, 0.0f, 0.0f});
  const glm::vec3 p = anim::SkinPoint(blended, {1.0f, 0.0f, 0.0f});
  ExpectVecNear(p, {0.70710678f, 0.70710678f, 0.0f}, 1e-5f);
}

}  // namespace
