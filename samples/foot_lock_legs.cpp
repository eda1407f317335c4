#include "samples/foot_lock_legs.h"

#include <vector>

#include <glm/glm.hpp>

#include "anim/core/local_to_model_jobs.h"

namespace samples {

std::optional<std::array<anim::ik::FootLockLeg, 2>> FootLockLegs(const anim::Skeleton& skeleton,
                                                                 const anim::MotionJoints& joints) {
  std::vector<glm::mat4> rest(static_cast<std::size_t>(skeleton.JointCount()));
  if (!anim::ComputeModelMatrices(skeleton, skeleton.RestPose(), rest)) return std::nullopt;
  std::array<anim::ik::FootLockLeg, 2> legs;
  const int feet[2] = {joints.left_foot, joints.right_foot};
  for (int i = 0; i < 2; ++i) {
    const int ankle = feet[i];
    if (ankle < 0 || ankle >= skeleton.JointCount()) return std::nullopt;
    const int knee = skeleton.Parents()[static_cast<std::size_t>(ankle)];
    const int hip = knee >= 0 ? skeleton.Parents()[static_cast<std::size_t>(knee)] : -1;
    if (hip < 0) return std::nullopt;
    legs[static_cast<std::size_t>(i)] = {hip, knee, ankle,
                                         rest[static_cast<std::size_t>(ankle)][3].y};
  }
  return legs;
}

anim::ik::FootLockSettings FootLockSettingsFor(float units_per_metre) {
  anim::ik::FootLockSettings s;
  s.contact_height = 0.02f * units_per_metre;
  s.contact_speed = 1.0f * units_per_metre;
  s.max_stretch = 0.25f * units_per_metre;
  return s;
}

}  // namespace samples
