// A left/right symmetric toy skeleton for the mirroring tests
// (mirror_test.cpp, mirror_clip_test.cpp).
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/offline/pose.h"

namespace anim_test {

// A symmetric toy skeleton: 0 hips, 1 spine, 2 leg_L, 3 leg_R, 4 foot_L, 5 foot_R
// (unless the left leg is given a turn).
inline anim::Skeleton MakeToySkeleton(bool swap_right_parent = false,
                                      const glm::quat& left_leg_turn = glm::quat(1, 0, 0, 0)) {
  std::vector<anim::Transform> locals(6);
  locals[1].translation = {0, 1, 0};
  locals[2].translation = {0.2f, 0, 0};
  locals[2].rotation = left_leg_turn;
  locals[3].translation = {-0.2f, 0, 0};
  locals[4].translation = {0, -1, 0};
  locals[5].translation = {0, -1, 0};
  const std::vector<int> parents = {-1, 0, 0, 0, 2, swap_right_parent ? 2 : 3};
  const anim::Pose rest(locals, parents);
  std::vector<glm::mat4> model(6);
  rest.ComputeModelMatrices(model);
  std::vector<glm::mat4> ib;
  ib.reserve(model.size());
  for (const auto& m : model) ib.push_back(glm::inverse(m));
  return anim::SkeletonOf({"hips", "spine", "leg_L", "leg_R", "foot_L", "foot_R"}, rest, rest, ib);
}

}  // namespace anim_test
