#include "pose_math.h"

#include <cmath>

namespace mannequin {

RigPose::RigPose() {
  for (int j = 0; j < kJointCount; ++j) joints[j].translation = Joints()[j].offset;
}

WorldPose ForwardKinematics(const RigPose& pose) {
  WorldPose world;
  for (int j = 0; j < kJointCount; ++j) {
    const int parent = Joints()[j].parent;
    const JointPose& local = pose.joints[j];
    if (parent < 0) {
      world.position[j] = local.translation;
      world.rotation[j] = local.rotation;
    } else {
      world.position[j] = world.position[parent] + world.rotation[parent] * local.translation;
      world.rotation[j] = glm::normalize(world.rotation[parent] * local.rotation);
    }
  }
  return world;
}

glm::quat Rot(float degrees, const glm::vec3& axis) {
  return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

glm::quat MirrorRotation(const glm::quat& q) {
  // Reflecting x -> -x keeps rotations about X and flips those about Y and Z.
  return glm::quat(q.w, q.x, -q.y, -q.z);
}

void SetMirrored(RigPose& pose, int left_joint, const glm::quat& left_rotation,
                 const glm::quat& right_rotation) {
  pose.joints[left_joint].rotation = left_rotation;
  pose.joints[MirrorJoint(left_joint)].rotation = MirrorRotation(right_rotation);
}

float Smoothstep(float edge0, float edge1, float x) {
  float t = glm::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

float Hermite(float p0, float m0, float p1, float m1, float s) {
  const float s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 +
         (s3 - s2) * m1;
}

float Wrap01(float phase) { return phase - std::floor(phase); }

}  // namespace mannequin
