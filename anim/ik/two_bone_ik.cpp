#include "anim/ik/two_bone_ik.h"

#include <algorithm>
#include <cmath>

#include "anim/ik/ik_job_messages.h"
#include "anim/ik/ik_math.h"

namespace anim::ik {

namespace msg = ik_messages;

std::string TwoBoneIkJob::Validate(const IkPose& pose) const {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  if (!pose.ValidJoint(start_joint)) return msg::JointOutside("start_joint", start_joint, pose);
  if (!pose.ValidJoint(mid_joint)) return msg::JointOutside("mid_joint", mid_joint, pose);
  if (!pose.ValidJoint(end_joint)) return msg::JointOutside("end_joint", end_joint, pose);
  if (!pose.DescendsFrom(mid_joint, start_joint))
    return msg::NotALink("mid_joint", mid_joint, "start_joint", start_joint);
  if (!pose.DescendsFrom(end_joint, mid_joint))
    return msg::NotALink("end_joint", end_joint, "mid_joint", mid_joint);
  if (!IsFinite(target)) return msg::NotFinite("target", target);
  if (!IsFinite(pole)) return msg::NotFinite("pole", pole);
  return {};
}

namespace {

TwoBoneIkResult Measure(const IkPose& pose, const TwoBoneIkJob& job) {
  TwoBoneIkResult r;
  r.valid = true;
  r.error = glm::length(glm::vec3(pose.ModelMatrix(job.end_joint)[3]) - job.target);
  r.reached = r.error <= job.tolerance;
  return r;
}

}  // namespace

float SoftenedReach(float distance, float reach, float soften) {
  const float soft_start = std::clamp(soften, 0.0f, 1.0f) * reach;
  const float soft_band = reach - soft_start;
  if (distance <= soft_start || soft_band <= kIkEpsilon) return std::min(distance, reach);
  return soft_start + soft_band * (1.0f - std::exp(-(distance - soft_start) / soft_band));
}

TwoBoneIkResult SolveTwoBoneIk(IkPose& pose, const TwoBoneIkJob& job) {
  if (!job.Validate(pose).empty()) return TwoBoneIkResult{};
  // Weight 0 (or NaN) leaves the pose bit for bit as it was.
  if (!(job.weight > 0.0f)) return Measure(pose, job);
  const float weight = std::min(job.weight, 1.0f);

  const glm::mat4 start_parent = pose.ParentFrame(job.start_joint);
  const glm::vec3 a = (start_parent * ToMatrix(pose.Local(job.start_joint)))[3];
  const glm::mat4 mid_parent = pose.ParentFrame(job.mid_joint);
  const glm::vec3 b = (mid_parent * ToMatrix(pose.Local(job.mid_joint)))[3];
  const glm::vec3 c = pose.ModelMatrix(job.end_joint)[3];
  const glm::vec3 upper = b - a, lower = c - b;
  const float l1 = glm::length(upper), l2 = glm::length(lower);

  // Target on the start joint: keep pointing the way the chain points.
  const glm::vec3 dir =
      NormalizeOr(job.target - a, NormalizeOr(c - a, NormalizeOr(upper, glm::vec3(0, 1, 0))));
  const float reach = l1 + l2;
  const float goal =
      std::max(SoftenedReach(glm::length(job.target - a), reach, job.soften), std::abs(l1 - l2));

  // 1. Bend the mid joint about the bend plane's normal until the distance
  // start-end is `goal` (law of cosines). A straight chain has no plane: it
  // bends towards the pole, or any way when there is none.
  glm::quat mid_delta(1, 0, 0, 0);
  if (l1 > kIkEpsilon && l2 > kIkEpsilon) {
    glm::vec3 axis = glm::cross(upper, lower);
    if (glm::length(axis) < 1e-6f * l1 * l2) axis = glm::cross(upper, job.pole);
    axis = NormalizeOr(axis, AnyPerpendicular(upper / l1));
    // Both angles in forms that stay accurate near 0 and pi, where acos of
    // the law of cosines loses half its digits (a straight knee): atan2 of
    // the cross and dot products, and the half-angle formula
    // tan(C / 2) = sqrt((s - a)(s - b) / (s (s - c))) with s the half perimeter.
    const float current =
        std::atan2(glm::length(glm::cross(upper, lower)), glm::dot(-upper, lower));
    const float s = 0.5f * (l1 + l2 + goal);
    const float wanted = 2.0f * std::atan2(std::sqrt(std::max((s - l1) * (s - l2), 0.0f)),
                                           std::sqrt(std::max(s * (s - goal), 0.0f)));
    mid_delta = glm::angleAxis(current - wanted, axis);
  }
  const glm::vec3 bent_end = b + mid_delta * lower;

  // 2. Swing the start joint so the end lies on the line towards the target.
  const glm::quat swing = RotationBetween(bent_end - a, dir);

  // 3. Twist about that line so the mid joint sits on the pole's side.
  glm::quat twist(1, 0, 0, 0);
  const glm::vec3 mid_offset = swing * upper;
  const glm::vec3 mid_perp = mid_offset - glm::dot(mid_offset, dir) * dir;
  const glm::vec3 pole_perp = job.pole - glm::dot(job.pole, dir) * dir;
  if (glm::length(mid_perp) > kIkEpsilon && glm::length(pole_perp) > kIkEpsilon) {
    const float angle =
        std::atan2(glm::dot(glm::cross(mid_perp, pole_perp), dir), glm::dot(mid_perp, pole_perp));
    twist = glm::angleAxis(angle, dir);
  }
  glm::quat start_delta = twist * swing;

  if (weight < 1.0f) {
    start_delta = ScaleRotation(start_delta, weight);
    mid_delta = ScaleRotation(mid_delta, weight);
  }
  // The mid joint first, in the frame its parent has before the start joint
  // turns; turning the start joint then carries it along.
  RotateJointInModelSpace(pose, job.mid_joint, mid_parent, mid_delta);
  RotateJointInModelSpace(pose, job.start_joint, start_parent, start_delta);
  return Measure(pose, job);
}

}  // namespace anim::ik
