// Small vector and rotation helpers shared by the IK solvers (two-bone, aim,
// CCD, FABRIK). Every function returns finite values for finite input,
// including zero-length and parallel vectors, so no solver can produce NaN
// from a degenerate chain.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/ik/ik_pose.h"

namespace anim::ik {

// Lengths below this count as zero (model units; characters are metres).
inline constexpr float kIkEpsilon = 1e-6f;

bool IsFinite(const glm::vec3& v);

// v / |v|, or `fallback` when |v| is (almost) zero.
glm::vec3 NormalizeOr(const glm::vec3& v, const glm::vec3& fallback);

// A unit vector perpendicular to the unit vector v.
glm::vec3 AnyPerpendicular(const glm::vec3& v);

// The shortest-arc rotation taking direction `from` to direction `to`
// (neither needs to be unit length). Identity when either is zero; a half
// turn about some perpendicular axis when they point opposite ways.
glm::quat RotationBetween(const glm::vec3& from, const glm::vec3& to);

// The rotation's angle in [0, pi] (q and -q give the same angle).
float RotationAngle(const glm::quat& q);

// The rotation scaled towards identity: angle * t about the same axis.
// t = 1 returns q; t = 0 identity.
glm::quat ScaleRotation(const glm::quat& q, float t);

// Limits a rotation's angle to max_angle (radians), keeping its axis.
glm::quat ClampRotationAngle(const glm::quat& q, float max_angle);

// Swing-twist decomposition about a unit axis: q = swing * twist, where
// twist turns about `axis` only and swing moves `axis` by the shortest arc.
void SwingTwist(const glm::quat& q, const glm::vec3& axis, glm::quat& swing, glm::quat& twist);

// Signed angle in (-pi, pi] of a rotation that turns about the unit `axis`
// only (such as a twist from SwingTwist).
float SignedAngleAbout(const glm::quat& twist, const glm::vec3& axis);

// Turns `joint` by the model-space rotation `delta` about the joint's own
// position: the joint and everything below it swing, its position and
// everything above stay. `parent_frame` is pose.ParentFrame(joint). Works
// with uniformly scaled and mirrored parent frames.
void RotateJointInModelSpace(IkPose& pose, int joint, const glm::mat4& parent_frame,
                             const glm::quat& delta);

// The model-space rotation matching a model matrix's upper 3x3 (scale
// removed; a mirrored frame gives the rotation of its unmirrored twin).
glm::quat ModelRotation(const glm::mat4& m);

// The translation of a model (or world) matrix: the joint's position.
inline glm::vec3 PositionOf(const glm::mat4& m) { return glm::vec3(m[3]); }

}  // namespace anim::ik
