#include "leg_ik.h"

#include <algorithm>
#include <cmath>

#include "rig.h"

namespace mannequin {

namespace {

// The rotation whose columns are the given orthonormal axes (x, y, z).
glm::quat FromAxes(const glm::vec3& x, const glm::vec3& y, const glm::vec3& z) {
  return glm::normalize(glm::quat_cast(glm::mat3(x, y, z)));
}

float g_max_reach = 0.0f;

}  // namespace

float TakeMaxReach() {
  const float r = g_max_reach;
  g_max_reach = 0.0f;
  return r;
}

float SolveLeg(RigPose& pose, bool left, const LegGoal& goal) {
  const int up_leg = left ? kLeftUpLeg : kRightUpLeg;
  const int leg = up_leg + 1, foot = up_leg + 2, toe = up_leg + 3;
  const glm::quat hips_rotation = pose.joints[kHips].rotation;
  const glm::vec3 hip = pose.joints[kHips].translation + hips_rotation * Joints()[up_leg].offset;

  const float l1 = ThighLength(), l2 = ShinLength();
  glm::vec3 to_ankle = goal.ankle - hip;
  const float reach = glm::length(to_ankle);
  const float d = glm::clamp(reach, 1e-4f, (l1 + l2) * 0.99999f);
  const glm::vec3 dir = to_ankle / reach;
  // Knee bend plane: contains the hip-ankle line and the knee direction.
  glm::vec3 bend = goal.knee_direction - dir * glm::dot(goal.knee_direction, dir);
  bend = glm::normalize(bend);
  const float cos_hip = glm::clamp((l1 * l1 + d * d - l2 * l2) / (2.0f * l1 * d), -1.0f, 1.0f);
  const float hip_angle = std::acos(cos_hip);
  const glm::vec3 knee = hip + l1 * (std::cos(hip_angle) * dir + std::sin(hip_angle) * bend);
  const glm::vec3 ankle = hip + dir * d;

  // Bones point down their parent-to-child offset (-Y in the bind pose); the
  // knee hinge is the bind pose's X axis = bend x dir (left-handed check: for
  // a leg straight down with the knee forward, (0,0,1) x (0,-1,0) = (1,0,0)).
  const glm::vec3 hinge = glm::normalize(glm::cross(bend, dir));
  const glm::vec3 thigh_y = glm::normalize(hip - knee);
  const glm::vec3 shin_y = glm::normalize(knee - ankle);
  const glm::quat thigh_world = FromAxes(hinge, thigh_y, glm::cross(hinge, thigh_y));
  const glm::quat shin_world = FromAxes(hinge, shin_y, glm::cross(hinge, shin_y));

  pose.joints[up_leg].rotation = glm::normalize(glm::inverse(hips_rotation) * thigh_world);
  pose.joints[leg].rotation = glm::normalize(glm::inverse(thigh_world) * shin_world);
  pose.joints[foot].rotation = glm::normalize(glm::inverse(shin_world) * goal.foot);
  pose.joints[toe].rotation = glm::normalize(glm::inverse(goal.foot) * goal.toes);
  g_max_reach = std::max(g_max_reach, reach / (l1 + l2));
  return reach / (l1 + l2);
}

}  // namespace mannequin
