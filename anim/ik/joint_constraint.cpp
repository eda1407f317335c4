#include "anim/ik/joint_constraint.h"

#include <algorithm>

#include "anim/ik/ik_math.h"

namespace anim::ik {

namespace {

glm::quat ClampTwist(const glm::quat& twist, const glm::vec3& axis, float min_angle,
                     float max_angle) {
  const float angle = SignedAngleAbout(twist, axis);
  const float clamped = std::clamp(angle, min_angle, std::max(min_angle, max_angle));
  return clamped == angle ? twist : glm::angleAxis(clamped, axis);
}

}  // namespace

glm::quat ApplyConstraint(const JointConstraint& constraint, const glm::quat& local) {
  if (constraint.kind == ConstraintKind::kNone) return local;
  const glm::vec3 axis = NormalizeOr(constraint.axis, glm::vec3(1, 0, 0));
  const glm::quat relative = glm::conjugate(constraint.reference) * local;
  glm::quat swing, twist;
  SwingTwist(relative, axis, swing, twist);
  twist = ClampTwist(twist, axis, constraint.min_angle, constraint.max_angle);
  glm::quat allowed;
  if (constraint.kind == ConstraintKind::kHinge) {
    allowed = twist;  // a hinge has no swing at all
  } else {
    allowed = ClampRotationAngle(swing, std::max(constraint.cone_angle, 0.0f)) * twist;
  }
  return glm::normalize(constraint.reference * allowed);
}

}  // namespace anim::ik
