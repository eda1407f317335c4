#include "samples/ik_rig.h"

#include <algorithm>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"
#include "samples/clip_roles.h"

namespace samples {

bool FindRightArm(const anim::Model& model, ArmJoints* arm, std::string* why) {
  const anim::Skeleton& s = model.skeleton;
  // anim/core/rig_naming.h reads the side and part in every tool's convention
  // (RightHand, hand_r, hand.R, HandR, Bip01 R Hand...).
  const anim::RigMap rig = anim::ReadRig(s);
  const int hand = rig.Find(anim::BodyPart::kHand, anim::Side::kRight);
  if (hand < 0) {
    *why = anim::MissingPartsMessage(rig, {{anim::BodyPart::kHand, anim::Side::kRight}});
    return false;
  }
  arm->hand = hand;
  arm->lower = s.Parent(hand);
  arm->upper = arm->lower >= 0 ? s.Parent(arm->lower) : -1;
  arm->shoulder = arm->upper >= 0 ? s.Parent(arm->upper) : -1;
  if (arm->shoulder < 0) {
    *why = "the right hand " + s.JointName(hand) + " has fewer than three joints above it";
    return false;
  }
  return true;
}

bool FindSpineToHead(const anim::Model& model, int max_joints, std::vector<int>* chain,
                     std::string* why) {
  const anim::Skeleton& s = model.skeleton;
  const anim::RigMap rig = anim::ReadRig(s);
  const int head = rig.Find(anim::BodyPart::kHead);
  if (head < 0) {
    *why = anim::MissingPartsMessage(rig, {{anim::BodyPart::kHead}});
    return false;
  }
  chain->clear();
  // Up from the head, stopping below the hips (they carry the legs): the
  // joint named so (or the joint both thighs hang from: ReadRig), else the
  // root. An animated armature above the hips is a joint too, so the root
  // alone is not enough.
  const int hips = rig.Find(anim::BodyPart::kHips);
  for (int j = head;
       j >= 0 && j != hips && s.Parent(j) >= 0 && static_cast<int>(chain->size()) < max_joints;
       j = s.Parent(j))
    chain->push_back(j);
  if (chain->empty()) chain->push_back(head);
  std::reverse(chain->begin(), chain->end());
  return true;
}

glm::vec3 CharacterForward(const anim::Model& model) {
  const anim::Skeleton& s = model.skeleton;
  const auto rest_at = [&](int joint) {
    return glm::vec3(anim::ModelMatrixOf(s, s.RestPose(), joint)[3]);
  };
  glm::vec3 sum(0.0f);
  for (const char* toe : {"LeftToeBase", "RightToeBase", "ball_l", "ball_r", "toe.L", "toe.R"}) {
    const int j = s.FindJoint(toe);
    if (j < 0 || s.Parent(j) < 0) continue;
    sum += rest_at(j) - rest_at(s.Parent(j));
  }
  sum.y = 0.0f;
  return glm::length(sum) > 1e-4f ? glm::normalize(sum) : glm::vec3(0, 0, 1);
}

glm::vec3 DirectionInJoint(const glm::mat4& joint_model, const glm::vec3& model_direction) {
  glm::mat3 r(joint_model);
  for (int c = 0; c < 3; ++c) r[c] = glm::normalize(r[c]);
  return glm::normalize(glm::transpose(r) * model_direction);
}

float RestHeight(const anim::Model& model) {
  std::vector<glm::mat4> rest(static_cast<std::size_t>(model.skeleton.JointCount()));
  anim::ComputeModelMatrices(model.skeleton, model.skeleton.RestPose(), rest);
  float low = 0.0f, high = 0.0f;
  for (std::size_t j = 0; j < rest.size(); ++j) {
    const float y = rest[j][3].y;
    low = j == 0 ? y : std::min(low, y);
    high = j == 0 ? y : std::max(high, y);
  }
  return std::max(high - low, 0.1f);
}

}  // namespace samples
