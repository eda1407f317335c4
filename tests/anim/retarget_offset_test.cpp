// Retargeting between rigs whose mapped joints carry offset rotations (an
// armature's or an importer's fixed turn between parent and joint) and whose
// target has an unmapped joint with a rotation of its own between two mapped
// ones, as a twist or helper bone sits between the upper arm and the
// forearm (issue #59). The target's limbs must point where the source's
// point. The expected directions come from the source's local poses taken to
// model space here, by glm matrix products (parent * offset * T * R), not by
// the retargeter or the runtime's model-space jobs.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/skeleton.h"
#include "anim/core/soa_pose.h"
#include "anim/offline/pose.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"

namespace {

struct JointSpec {
  std::string name;
  int parent;
  glm::vec3 position;  // model space, in the rest pose
  glm::quat rotation;  // model space, in the rest pose
  glm::quat offset;    // the fixed rotation between the parent and the joint
};

glm::mat4 Rigid(const glm::vec3& position, const glm::quat& rotation) {
  return glm::translate(glm::mat4(1.0f), position) * glm::mat4_cast(rotation);
}

// A skeleton whose rest pose puts each joint at its spec's model transform:
// local = inverse(parent model * offset) * model.
anim::Skeleton RigFromModel(const std::vector<JointSpec>& joints) {
  std::vector<std::string> names;
  std::vector<int> parents;
  std::vector<anim::Transform> locals(joints.size());
  std::vector<glm::mat4> offsets, inverse_bind;
  for (std::size_t j = 0; j < joints.size(); ++j) {
    const JointSpec& s = joints[j];
    names.push_back(s.name);
    parents.push_back(s.parent);
    offsets.push_back(glm::mat4_cast(s.offset));
    const glm::mat4 model = Rigid(s.position, s.rotation);
    const glm::mat4 parent = s.parent >= 0
                                 ? Rigid(joints[s.parent].position, joints[s.parent].rotation)
                                 : glm::mat4(1.0f);
    const glm::mat4 local = glm::inverse(parent * offsets.back()) * model;
    locals[j].translation = glm::vec3(local[3]);
    locals[j].rotation = glm::normalize(glm::quat_cast(glm::mat3(local)));
    inverse_bind.push_back(glm::inverse(model));
  }
  const anim::Pose rest(locals, parents, offsets);
  return anim::SkeletonOf(names, rest, rest, inverse_bind);
}

// Joint positions in model space by plain glm products over the skeleton's
// parents and offsets: parent * offset * T * R * S.
std::vector<glm::vec3> ModelPositions(const anim::Skeleton& skeleton, const anim::SoaPose& pose) {
  const int n = skeleton.JointCount();
  std::vector<glm::mat4> model(static_cast<std::size_t>(n));
  std::vector<glm::vec3> out(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    const anim::Transform t = pose.Local(j);
    glm::mat4 local = glm::translate(glm::mat4(1.0f), t.translation) * glm::mat4_cast(t.rotation) *
                      glm::scale(glm::mat4(1.0f), t.scale);
    if (!skeleton.Offsets().empty()) local = skeleton.Offsets()[j] * local;
    const int p = skeleton.Parent(j);
    model[j] = p < 0 ? local : model[p] * local;
    out[j] = glm::vec3(model[j][3]);
  }
  return out;
}

glm::vec3 Direction(const std::vector<glm::vec3>& at, int from, int to) {
  return glm::normalize(at[to] - at[from]);
}

float DegreesBetween(const glm::vec3& a, const glm::vec3& b) {
  return glm::degrees(std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b)));
}

glm::quat Turn(float radians, glm::vec3 axis) {
  return glm::angleAxis(radians, glm::normalize(axis));
}

// Rest positions shared by both rigs (metres; left arm out along +X, bent).
const glm::vec3 kHips(0.0f, 1.0f, 0.0f);
const glm::vec3 kUpperArm(0.2f, 1.45f, 0.0f);
const glm::vec3 kForeArm(0.48f, 1.35f, 0.05f);
const glm::vec3 kHand(0.7f, 1.3f, 0.15f);

TEST(RetargetOffsets, LimbsFollowTheSourceThroughAnUnmappedTwistJointAndOffsetRotations) {
  // Source: hips, upper arm, forearm, hand, each frame turned its own way,
  // with offset rotations of its own.
  const anim::Skeleton source = RigFromModel({
      {"Hips", -1, kHips, Turn(0.2f, {0, 1, 0}), Turn(0.3f, {1, 0, 0})},
      {"LeftArm", 0, kUpperArm, Turn(-0.4f, {0, 0, 1}), Turn(0.5f, {0, 1, 1})},
      {"LeftForeArm", 1, kForeArm, Turn(0.7f, {1, 1, 0}), Turn(-0.6f, {1, 0, 1})},
      {"LeftHand", 2, kHand, Turn(1.1f, {0, 1, 0}), Turn(0.4f, {1, 2, 0})},
  });
  // Target: the same joints where the source's are, other frames and
  // offsets, and between the upper arm and the forearm an unmapped twist
  // joint, halfway down the bone, turned 70 degrees away from the upper
  // arm's frame about an axis across the bone.
  const glm::quat upper_arm_frame = Turn(1.3f, {1, 0, 2});
  const anim::Skeleton target = RigFromModel({
      {"pelvis", -1, kHips, Turn(-0.5f, {0, 0, 1}), Turn(0.9f, {0, 1, 0})},
      {"upper_arm.L", 0, kUpperArm, upper_arm_frame, Turn(0.8f, {1, -1, 0})},
      {"upper_arm_twist.L", 1, 0.5f * (kUpperArm + kForeArm),
       upper_arm_frame * Turn(1.2f, {0, 1, 1}), glm::quat(1, 0, 0, 0)},
      {"forearm.L", 2, kForeArm, Turn(-1.0f, {2, 1, 0}), Turn(-0.7f, {0, 1, 0})},
      {"hand.L", 3, kHand, Turn(0.3f, {1, 0, 0}), Turn(1.0f, {0, 0, 1})},
  });
  ASSERT_EQ(source.JointCount(), 4);
  ASSERT_EQ(target.JointCount(), 5);
  // The rigs really carry what the test is about: offsets that turn, and a
  // twist joint whose rest rotation is not the identity.
  for (int j : {0, 1, 3, 4}) {
    EXPECT_LT(std::abs(anim::OffsetRotation(target.Offsets()[j]).w), 0.99f) << j;
  }
  EXPECT_LT(std::abs(target.RestPose().Local(2).rotation.w), 0.9f);

  const anim::JointMapping mapping = {0, 1, -1, 2, 3};
  EXPECT_EQ(anim::AutoMapJoints(source, target), mapping);

  for (anim::ReferenceMatch match :
       {anim::ReferenceMatch::kMatchSource, anim::ReferenceMatch::kRestPoses}) {
    anim::RetargetMap map;
    std::string error;
    ASSERT_TRUE(map.Build(source, target, mapping, match, &error)) << error;
    anim::RetargetScratch scratch;
    scratch.Prepare(map);
    for (int k = 0; k < 6; ++k) {
      SCOPED_TRACE("match " + std::to_string(static_cast<int>(match)) + " pose " +
                   std::to_string(k));
      // The source's upper arm, forearm and hand each turned away from rest
      // by up to about 60 degrees about varied axes.
      anim::SoaPose source_pose, target_pose;
      source_pose.CopyFrom(source.RestPose());
      target_pose.CopyFrom(target.RestPose());
      for (int j = 1; j < 4; ++j) {
        anim::Transform local = source_pose.Local(j);
        local.rotation =
            local.rotation * Turn(1.0f * std::sin(0.8f * k + j),
                                  {std::cos(1.7f * k + j), 1.0f, std::sin(0.5f * k - j)});
        source_pose.SetLocal(j, local);
      }
      anim::RetargetJob job{&map, &source_pose, &target_pose, &scratch};
      ASSERT_TRUE(job.Run()) << job.Validate();

      const std::vector<glm::vec3> s = ModelPositions(source, source_pose);
      const std::vector<glm::vec3> t = ModelPositions(target, target_pose);
      // Upper arm to forearm (through the twist joint) and forearm to hand.
      EXPECT_LT(DegreesBetween(Direction(t, 1, 3), Direction(s, 1, 2)), 0.05f);
      EXPECT_LT(DegreesBetween(Direction(t, 3, 4), Direction(s, 2, 3)), 0.05f);
      // Same bone lengths, same hips: the joints land where the source's do.
      EXPECT_LT(glm::distance(t[4], s[3]), 1e-4f);
      // The twist joint stays on the upper arm's bone, halfway down.
      EXPECT_LT(glm::distance(t[2], 0.5f * (t[1] + t[3])), 1e-4f);
    }
  }
}

}  // namespace
