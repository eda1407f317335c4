#include "anim/ik/ik_math.h"

#include <algorithm>
#include <cmath>

namespace anim::ik {

bool IsFinite(const glm::vec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

glm::vec3 NormalizeOr(const glm::vec3& v, const glm::vec3& fallback) {
  const float len = glm::length(v);
  return len > kIkEpsilon && std::isfinite(len) ? v / len : fallback;
}

glm::vec3 AnyPerpendicular(const glm::vec3& v) {
  // Cross with the axis least aligned with v, so the product is never tiny.
  const glm::vec3 a = glm::abs(v);
  const glm::vec3 other = a.x <= a.y && a.x <= a.z ? glm::vec3(1, 0, 0)
                          : a.y <= a.z             ? glm::vec3(0, 1, 0)
                                                   : glm::vec3(0, 0, 1);
  return NormalizeOr(glm::cross(v, other), glm::vec3(0, 0, 1));
}

glm::quat RotationBetween(const glm::vec3& from, const glm::vec3& to) {
  const float lf = glm::length(from), lt = glm::length(to);
  if (!(lf > kIkEpsilon) || !(lt > kIkEpsilon) || !std::isfinite(lf) || !std::isfinite(lt))
    return glm::quat(1, 0, 0, 0);
  const glm::vec3 f = from / lf, t = to / lt;
  const float d = glm::dot(f, t);
  if (d < -1.0f + 1e-6f) return glm::angleAxis(glm::pi<float>(), AnyPerpendicular(f));
  // Half-way quaternion: (1 + d, f x t) normalised is the shortest arc, and
  // stays accurate for small angles where acos(d) would not.
  const glm::vec3 c = glm::cross(f, t);
  return glm::normalize(glm::quat(1.0f + d, c.x, c.y, c.z));
}

float RotationAngle(const glm::quat& q) {
  return 2.0f * std::atan2(glm::length(glm::vec3(q.x, q.y, q.z)), std::abs(q.w));
}

glm::quat ScaleRotation(const glm::quat& q, float t) {
  if (t >= 1.0f) return q;
  const glm::vec3 v(q.x, q.y, q.z);
  const float s = glm::length(v);
  if (t <= 0.0f || s < 1e-9f) return glm::quat(1, 0, 0, 0);
  // Shortest representation first (w >= 0), so the scaled angle is <= pi.
  const float sign = q.w < 0.0f ? -1.0f : 1.0f;
  const float angle = 2.0f * std::atan2(s, std::abs(q.w));
  return glm::angleAxis(angle * t, v * (sign / s));
}

glm::quat ClampRotationAngle(const glm::quat& q, float max_angle) {
  const float angle = RotationAngle(q);
  if (angle <= max_angle || angle < 1e-9f) return q;
  return ScaleRotation(q, std::max(max_angle, 0.0f) / angle);
}

void SwingTwist(const glm::quat& q, const glm::vec3& axis, glm::quat& swing, glm::quat& twist) {
  const glm::vec3 v(q.x, q.y, q.z);
  const glm::vec3 p = glm::dot(v, axis) * axis;
  const glm::quat t(q.w, p.x, p.y, p.z);
  const float len = glm::length(t);
  // A half-turn swing leaves no twist component: the twist is identity.
  twist = len > 1e-9f ? t / len : glm::quat(1, 0, 0, 0);
  swing = q * glm::conjugate(twist);
}

float SignedAngleAbout(const glm::quat& twist, const glm::vec3& axis) {
  float angle = 2.0f * std::atan2(glm::dot(glm::vec3(twist.x, twist.y, twist.z), axis), twist.w);
  if (angle > glm::pi<float>()) angle -= glm::two_pi<float>();
  if (angle <= -glm::pi<float>()) angle += glm::two_pi<float>();
  return angle;
}

void RotateJointInModelSpace(IkPose& pose, int joint, const glm::mat4& parent_frame,
                             const glm::quat& delta) {
  // The joint's model rotation is P * L; turning it by D in model space
  // means L' = P^-1 D P L. With a uniformly scaled or mirrored P the
  // conjugate P^-1 D P is again a proper rotation, so it is built from the
  // matrix rather than from a quaternion of P (which a mirror has none of).
  const glm::mat3 p(parent_frame);
  const float det = glm::determinant(p);
  if (!(std::abs(det) > 1e-12f) || !std::isfinite(det)) return;
  glm::mat3 local_delta = glm::inverse(p) * glm::mat3_cast(delta) * p;
  // Remove the rounding the scale put in, so the quaternion is a rotation.
  for (int c = 0; c < 3; ++c) local_delta[c] = NormalizeOr(local_delta[c], glm::vec3(0.0f));
  Transform t = pose.Local(joint);
  t.rotation = glm::normalize(glm::quat_cast(local_delta) * t.rotation);
  pose.SetLocal(joint, t);
}

glm::quat ModelRotation(const glm::mat4& m) {
  glm::mat3 r(m);
  for (int c = 0; c < 3; ++c) r[c] = NormalizeOr(r[c], glm::vec3(0.0f));
  if (glm::determinant(r) < 0.0f) r[0] = -r[0];
  return glm::normalize(glm::quat_cast(r));
}

}  // namespace anim::ik
