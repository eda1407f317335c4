// Joint limits for the iterative chain solvers (CCD, FABRIK): a hinge (an
// elbow, a knee, a finger joint) turns about one axis within an angle range;
// a ball-and-socket (a shoulder, a hip, a spine joint) swings its bone inside
// a cone and twists about the bone within a range. Limits are measured from
// a reference local rotation (usually the rest pose's), as in "Hands-On C++
// Game Animation Programming" (Szauer, 2020), chapter 13.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

namespace anim::ik {

enum class ConstraintKind { kNone, kHinge, kBallSocket };

struct JointConstraint {
  ConstraintKind kind = ConstraintKind::kNone;
  // The local rotation the limits are measured from. The joint's rotation
  // relative to it is r = conjugate(reference) * local.
  glm::quat reference{1.0f, 0.0f, 0.0f, 0.0f};
  // Unit axis in the joint's own (reference) frame. Hinge: the axis r may
  // turn about. Ball-and-socket: the bone's direction (towards the child),
  // which r swings and twists about.
  glm::vec3 axis{1.0f, 0.0f, 0.0f};
  // Hinge: the range of the turn about `axis`. Ball-and-socket: the range
  // of the twist about the bone. Radians, min <= max, within [-pi, pi].
  float min_angle = -glm::pi<float>();
  float max_angle = glm::pi<float>();
  // Ball-and-socket: how far, in radians, the bone may swing from its
  // reference direction.
  float cone_angle = glm::pi<float>();
};

// The local rotation nearest `local` (swing and twist clamped separately)
// that the constraint allows. kNone returns `local`.
glm::quat ApplyConstraint(const JointConstraint& constraint, const glm::quat& local);

}  // namespace anim::ik
