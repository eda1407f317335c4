// The IK jobs run every frame after blending: this executable replaces the
// global operator new to count allocations, and the count must not move
// while two-bone, aim, look-at, CCD and FABRIK solve a moving target for
// many frames (with constraints on the chain).
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "allocation_counter.h"

#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/two_bone_ik.h"
#include "anim/offline/pose.h"

namespace {

// Seven joints in a line up y, each 0.25 long, under a root.
anim::Pose MakeChainPose() {
  std::vector<anim::Transform> locals(8);
  std::vector<int> parents(8);
  for (int k = 0; k < 8; ++k) {
    parents[k] = k - 1;
    locals[k].translation = k == 0 ? glm::vec3(0.0f) : glm::vec3(0, 0.25f, 0);
    locals[k].rotation = glm::angleAxis(0.1f, glm::vec3(0, 0, 1));
  }
  return anim::Pose(locals, parents);
}

TEST(IkNoHeapAllocation, SolversAllocateNothingPerFrame) {
  const anim::Pose input_pose = MakeChainPose();
  const anim::Skeleton skeleton = anim::SkeletonOf(input_pose);
  const anim::SoaPose input(input_pose);
  anim::SoaPose locals = input;
  anim::ik::IkPose pose(skeleton, locals);
  const int chain[] = {1, 2, 3, 4, 5, 6, 7};
  std::vector<anim::ik::JointConstraint> constraints(7);
  for (anim::ik::JointConstraint& c : constraints) {
    c.kind = anim::ik::ConstraintKind::kBallSocket;
    c.axis = {0, 1, 0};
    c.cone_angle = 0.8f;
  }
  const anim::ik::LookAtJoint look[] = {{2, 0.3f, 0.5f}, {3, 0.5f, 0.5f}, {4, 1.0f, 1.0f}};

  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 1000; ++frame) {
    const float t = frame * 0.02f;
    const glm::vec3 target(0.6f * std::sin(t), 1.0f + 0.4f * std::cos(t), 0.3f);
    locals.CopyFrom(input);  // same size: copies into the existing storage

    anim::ik::TwoBoneIkJob two_bone;
    two_bone.start_joint = 5;
    two_bone.mid_joint = 6;
    two_bone.end_joint = 7;
    two_bone.target = target;
    two_bone.pole = {0, 0, 1};
    two_bone.soften = 0.95f;
    anim::ik::SolveTwoBoneIk(pose, two_bone);

    anim::ik::AimIkJob aim;
    aim.joint = 4;
    aim.target = target;
    anim::ik::SolveAimIk(pose, aim);

    anim::ik::LookAtJob look_at;
    look_at.chain = look;
    look_at.target = target;
    look_at.weight = 0.7f;
    anim::ik::SolveLookAt(pose, look_at);

    anim::ik::ChainIkJob job;
    job.joints = chain;
    job.constraints = constraints;
    job.target = target;
    job.weight = 0.8f;
    anim::ik::SolveCcd(pose, job);
    anim::ik::SolveFabrik(pose, job);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
}

}  // namespace
