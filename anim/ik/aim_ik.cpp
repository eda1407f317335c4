#include "anim/ik/aim_ik.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "anim/core/job_messages.h"
#include "anim/core/transform.h"
#include "anim/ik/ik_job_messages.h"
#include "anim/ik/ik_math.h"

namespace anim::ik {

namespace msg = ik_messages;

namespace {

// The aim ray in model space: where it starts and where it points.
struct AimRay {
  glm::vec3 origin;
  glm::vec3 forward;  // unit
  glm::vec3 up;
};

AimRay RayInModelSpace(const glm::mat4& m, const AimAxes& axes) {
  const glm::mat3 r(m);
  return {glm::vec3(m * glm::vec4(axes.offset, 1.0f)),
          NormalizeOr(r * axes.forward, glm::vec3(0, 0, 1)),
          NormalizeOr(r * axes.up, glm::vec3(0, 1, 0))};
}

float AngleToTarget(const AimRay& ray, const glm::vec3& target) {
  const glm::vec3 to = target - ray.origin;
  if (glm::length(to) <= kIkEpsilon) return 0.0f;
  return std::atan2(glm::length(glm::cross(ray.forward, to)), glm::dot(ray.forward, to));
}

// The model-space turn about `pivot` that puts `target` on the ray. With
// the ray's origin off the pivot (o = origin - pivot), the target must end
// up at o + s f for some s > 0 with |o + s f| = |target - pivot|, a
// quadratic in s; the turn is then the shortest arc from o + s f to
// target - pivot. A target inside the ray's reach sphere (too close to aim
// at) falls back to aiming the forward axis along pivot-to-target.
glm::quat AimTurn(const glm::vec3& pivot, const AimRay& ray, const glm::vec3& target,
                  const glm::vec3& pole) {
  const glm::vec3 w = target - pivot;
  const glm::vec3 o = ray.origin - pivot;
  const float of = glm::dot(o, ray.forward);
  const float disc = of * of - glm::dot(o, o) + glm::dot(w, w);
  const glm::vec3 aimed = disc > 0.0f ? o + (-of + std::sqrt(disc)) * ray.forward : ray.forward;
  const glm::quat turn = RotationBetween(aimed, w);
  // Twist about the pivot-target line (the target stays on the ray) so the
  // up axis leans towards the pole as far as it can.
  const glm::vec3 axis = NormalizeOr(w, glm::vec3(0.0f));
  const glm::vec3 up = turn * ray.up;
  const glm::vec3 up_perp = up - glm::dot(up, axis) * axis;
  const glm::vec3 pole_perp = pole - glm::dot(pole, axis) * axis;
  if (glm::length(axis) < 0.5f || glm::length(up_perp) <= kIkEpsilon ||
      glm::length(pole_perp) <= kIkEpsilon)
    return turn;
  const float angle =
      std::atan2(glm::dot(glm::cross(up_perp, pole_perp), axis), glm::dot(up_perp, pole_perp));
  return glm::angleAxis(angle, axis) * turn;
}

// Turns `joint` by `weight` of the aim turn, at most `max_angle`. The ray
// and up are in model space (they may belong to a joint further down).
AimIkResult TurnJoint(IkPose& pose, int joint, const AimRay& ray, const glm::vec3& target,
                      const glm::vec3& pole, float weight, float max_angle) {
  AimIkResult r;
  r.valid = true;
  const glm::mat4 parent = pose.ParentFrame(joint);
  const glm::vec3 pivot = (parent * ToMatrix(pose.Local(joint)))[3];
  glm::quat turn = ScaleRotation(AimTurn(pivot, ray, target, pole), std::min(weight, 1.0f));
  const float angle = RotationAngle(turn);
  if (angle > max_angle) {
    turn = ClampRotationAngle(turn, max_angle);
    r.clamped = true;
  }
  r.turn = RotationAngle(turn);
  RotateJointInModelSpace(pose, joint, parent, turn);
  return r;
}

// The target and axes both jobs take: finite, and a forward axis to aim.
std::string TargetAndAxesProblem(const glm::vec3& target, const AimAxes& axes) {
  if (!IsFinite(target)) return msg::NotFinite("target", target);
  if (!IsFinite(axes.forward)) return msg::NotFinite("axes.forward", axes.forward);
  if (!IsFinite(axes.offset)) return msg::NotFinite("axes.offset", axes.offset);
  if (!IsFinite(axes.up)) return msg::NotFinite("axes.up", axes.up);
  if (!IsFinite(axes.pole)) return msg::NotFinite("axes.pole", axes.pole);
  if (!(glm::length(axes.forward) > kIkEpsilon))
    return "axes.forward " + msg::Format(axes.forward) + " has no direction";
  return {};
}

}  // namespace

std::string AimIkJob::Validate(const IkPose& pose) const {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  if (!pose.ValidJoint(joint)) return msg::JointOutside("joint", joint, pose);
  return TargetAndAxesProblem(target, axes);
}

std::string LookAtJob::Validate(const IkPose& pose) const {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  if (chain.empty()) return "chain is empty";
  if (chain.size() > kMaxLookAtJoints) {
    return "chain has size " + std::to_string(chain.size()) + ", more than kMaxLookAtJoints (" +
           std::to_string(kMaxLookAtJoints) + ")";
  }
  const auto field = [](std::size_t i) { return job_messages::Indexed("chain", i, "joint"); };
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (!pose.ValidJoint(chain[i].joint)) return msg::JointOutside(field(i), chain[i].joint, pose);
    if (i > 0 && !pose.DescendsFrom(chain[i].joint, chain[i - 1].joint))
      return msg::NotALink(field(i), chain[i].joint, field(i - 1), chain[i - 1].joint);
  }
  return TargetAndAxesProblem(target, axes);
}

AimIkResult SolveAimIk(IkPose& pose, const AimIkJob& job) {
  if (!job.Validate(pose).empty()) return AimIkResult{};
  const AimRay before = RayInModelSpace(pose.ModelMatrix(job.joint), job.axes);
  AimIkResult r;
  r.valid = true;
  if (job.weight > 0.0f && job.max_angle > 0.0f)
    r = TurnJoint(pose, job.joint, before, job.target, job.axes.pole, job.weight, job.max_angle);
  r.angle_error = AngleToTarget(RayInModelSpace(pose.ModelMatrix(job.joint), job.axes), job.target);
  return r;
}

LookAtResult SolveLookAt(IkPose& pose, const LookAtJob& job) {
  if (!job.Validate(pose).empty()) return LookAtResult{};
  const int count = static_cast<int>(job.chain.size());
  const int tip = job.chain[count - 1].joint;
  LookAtResult result;
  result.valid = true;
  if (job.weight > 0.0f) {
    std::array<glm::quat, kMaxLookAtJoints> input;
    for (int i = 0; i < count; ++i) input[i] = pose.Local(job.chain[i].joint).rotation;
    for (int i = 0; i < count; ++i) {
      const LookAtJoint& link = job.chain[i];
      if (!(link.weight > 0.0f) || !(link.max_angle > 0.0f)) continue;
      // The aiming joint's ray as it is now, after the joints below turned.
      const AimRay ray = RayInModelSpace(pose.ModelMatrix(tip), job.axes);
      const bool last = i == count - 1;
      const AimIkResult r =
          TurnJoint(pose, link.joint, ray, job.target, last ? job.axes.pole : glm::vec3(0.0f),
                    link.weight, link.max_angle);
      if (r.clamped) ++result.clamped_joints;
    }
    if (job.weight < 1.0f) {
      for (int i = 0; i < count; ++i) {
        Transform t = pose.Local(job.chain[i].joint);
        t.rotation = NlerpShortest(input[i], t.rotation, job.weight);
        pose.SetLocal(job.chain[i].joint, t);
      }
    }
  }
  result.angle_error = AngleToTarget(RayInModelSpace(pose.ModelMatrix(tip), job.axes), job.target);
  return result;
}

}  // namespace anim::ik
