// Two-bone IK against geometry computed independently: the mid joint's
// solved position comes from the law of cosines written out here in the
// plane spanned by the target direction and the pole, not from the solver's
// rotate-bend-swing-twist steps.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/ik/two_bone_ik.h"
#include "anim/offline/pose.h"
#include "ik_on_pose.h"
#include "test_util.h"

namespace {

using anim_test::AxisAngle;
using anim_test::ExpectVecNear;

glm::vec3 Position(const anim::Pose& pose, int joint) { return pose.ModelMatrix(joint)[3]; }

bool Finite(const anim::Pose& pose) {
  for (const anim::Transform& t : pose.Locals()) {
    const glm::quat q = t.rotation;
    if (!std::isfinite(q.w) || !std::isfinite(q.x) || !std::isfinite(q.y) || !std::isfinite(q.z))
      return false;
  }
  return true;
}

// root (0) -> start (1) -> mid (2) -> end (3): an arm hanging from a
// rotated, translated root, upper bone 0.5 and lower bone 0.4 long, bent
// a little at the mid joint.
anim::Pose MakeArm(const glm::quat& mid_bend = AxisAngle(20, {1, 0, 0}),
                   std::vector<glm::mat4> offsets = {}) {
  std::vector<anim::Transform> locals(4);
  locals[0].translation = {0.3f, 1.2f, -0.1f};
  locals[0].rotation = AxisAngle(30, {0, 1, 0});
  locals[1].translation = {0.1f, 0.2f, 0.0f};
  locals[1].rotation = AxisAngle(-10, {0, 0, 1});
  locals[2].translation = {0.0f, -0.5f, 0.0f};
  locals[2].rotation = mid_bend;
  locals[3].translation = {0.0f, -0.4f, 0.0f};
  return anim::Pose(locals, {-1, 0, 1, 2}, std::move(offsets));
}

anim::ik::TwoBoneIkJob ArmJob(const glm::vec3& target, const glm::vec3& pole) {
  anim::ik::TwoBoneIkJob job;
  job.start_joint = 1;
  job.mid_joint = 2;
  job.end_joint = 3;
  job.target = target;
  job.pole = pole;
  return job;
}

// Where the mid joint must be: in the plane of the start-target line and
// the pole, on the pole's side, at the angle the law of cosines gives.
glm::vec3 ExpectedMid(const glm::vec3& a, const glm::vec3& target, const glm::vec3& pole, float l1,
                      float l2) {
  const float d = glm::length(target - a);
  const glm::vec3 dir = (target - a) / d;
  const glm::vec3 side = glm::normalize(pole - glm::dot(pole, dir) * dir);
  const float cos_a = (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d);
  return a + l1 * (cos_a * dir + std::sqrt(1 - cos_a * cos_a) * side);
}

constexpr float kUpper = 0.5f, kLower = 0.4f, kChainSize = kUpper + kLower;

TEST(TwoBoneIk, ReachesTargetKeepsLengthsAndBendsTowardsThePole) {
  anim::Pose pose = MakeArm();
  const glm::vec3 a = Position(pose, 1);
  const glm::vec3 target = a + glm::vec3(0.3f, -0.45f, 0.35f);
  const glm::vec3 pole(0, 0.2f, -1);
  const anim::ik::TwoBoneIkResult r =
      SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, pole));
  EXPECT_TRUE(r.valid);
  EXPECT_TRUE(r.reached);
  EXPECT_LT(r.error, 1e-4f * kChainSize);
  ExpectVecNear(Position(pose, 3), target, 1e-4f * kChainSize);
  ExpectVecNear(Position(pose, 1), a, 1e-6f);  // the start joint does not move
  EXPECT_NEAR(glm::length(Position(pose, 2) - a), kUpper, 1e-5f);
  EXPECT_NEAR(glm::length(Position(pose, 3) - Position(pose, 2)), kLower, 1e-5f);
  ExpectVecNear(Position(pose, 2), ExpectedMid(a, target, pole, kUpper, kLower), 1e-4f);
}

TEST(TwoBoneIk, RandomChainsAndTargetsAreSolvedExactly) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int i = 0; i < 200; ++i) {
    const glm::vec3 bend_axis(u(rng), u(rng), u(rng));
    anim::Pose pose = MakeArm(AxisAngle(90 * u(rng), bend_axis + glm::vec3(0.01f)));
    const glm::vec3 a = Position(pose, 1);
    // Distances from 0.2 to 0.85: inside [l1 - l2, l1 + l2] with a margin.
    const glm::vec3 dir = glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(0.01f));
    const glm::vec3 target = a + dir * (0.525f + 0.325f * u(rng));
    glm::vec3 pole(u(rng), u(rng), u(rng));
    if (glm::length(glm::cross(pole, dir)) < 0.1f) pole += glm::vec3(0.5f, 0, 0);
    SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, pole));
    SCOPED_TRACE(i);
    ExpectVecNear(Position(pose, 3), target, 1e-4f * kChainSize);
    EXPECT_NEAR(glm::length(Position(pose, 2) - a), kUpper, 1e-5f);
    EXPECT_NEAR(glm::length(Position(pose, 3) - Position(pose, 2)), kLower, 1e-5f);
    // In the pole plane: no component along its normal.
    const glm::vec3 normal = glm::normalize(glm::cross(target - a, pole));
    EXPECT_NEAR(glm::dot(Position(pose, 2) - a, normal), 0.0f, 1e-4f);
    ExpectVecNear(Position(pose, 2), ExpectedMid(a, target, pole, kUpper, kLower), 2e-4f);
  }
}

TEST(TwoBoneIk, WorksUnderScaledAndMirroredParentFrames) {
  // The root's offset scales by 2 and mirrors x: model-space bones are 1.0
  // and 0.8 long, and the local deltas must come out as proper rotations.
  const glm::mat4 mirror = glm::scale(glm::mat4(1.0f), glm::vec3(-2, 2, 2));
  anim::Pose pose = MakeArm(AxisAngle(30, {1, 0, 0}),
                            {mirror, glm::mat4(1.0f), glm::mat4(1.0f), glm::mat4(1.0f)});
  const glm::vec3 a = Position(pose, 1);
  const float l1 = glm::length(Position(pose, 2) - a);
  const float l2 = glm::length(Position(pose, 3) - Position(pose, 2));
  ASSERT_NEAR(l1, 1.0f, 1e-5f);
  const glm::vec3 target = a + glm::vec3(-0.7f, -0.9f, 0.4f);
  const glm::vec3 pole(0, 0, 1);
  SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, pole));
  ExpectVecNear(Position(pose, 3), target, 1e-4f * (l1 + l2));
  EXPECT_NEAR(glm::length(Position(pose, 2) - a), l1, 1e-5f * 2);
  ExpectVecNear(Position(pose, 2), ExpectedMid(a, target, pole, l1, l2), 2e-4f);
}

TEST(TwoBoneIk, WeightZeroLeavesThePoseExactlyAndWeightScalesTheTurn) {
  const anim::Pose input = MakeArm();
  const glm::vec3 target = Position(input, 1) + glm::vec3(0.4f, -0.2f, 0.3f);
  anim::Pose pose = input;
  anim::ik::TwoBoneIkJob job = ArmJob(target, {0, 0, -1});
  job.weight = 0.0f;
  SolveOnPose(anim::ik::SolveTwoBoneIk, pose, job);
  for (int j = 0; j < pose.JointCount(); ++j) {
    EXPECT_EQ(pose.Local(j).rotation, input.Local(j).rotation);
    EXPECT_EQ(pose.Local(j).translation, input.Local(j).translation);
  }
  // Half the weight turns each joint by half the full solve's angle.
  anim::Pose full = input, half = input;
  job.weight = 1.0f;
  SolveOnPose(anim::ik::SolveTwoBoneIk, full, job);
  job.weight = 0.5f;
  SolveOnPose(anim::ik::SolveTwoBoneIk, half, job);
  for (int j : {1, 2}) {
    const double full_angle =
        anim_test::RotationAngle(input.Local(j).rotation, full.Local(j).rotation);
    const double half_angle =
        anim_test::RotationAngle(input.Local(j).rotation, half.Local(j).rotation);
    EXPECT_GT(full_angle, 0.05);
    EXPECT_NEAR(half_angle, 0.5 * full_angle, 1e-4) << "joint " << j;
  }
}

TEST(TwoBoneIk, UnreachableTargetStretchesTheChainTowardsIt) {
  anim::Pose pose = MakeArm();
  const glm::vec3 a = Position(pose, 1);
  const glm::vec3 dir = glm::normalize(glm::vec3(1, -1, 0.5f));
  const glm::vec3 target = a + dir * 3.0f;
  const anim::ik::TwoBoneIkResult r =
      SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, {0, 0, 1}));
  EXPECT_TRUE(r.valid);
  EXPECT_FALSE(r.reached);
  EXPECT_NEAR(r.error, 3.0f - kChainSize, 1e-4f);
  ExpectVecNear(Position(pose, 2), a + dir * kUpper, 1e-4f);
  ExpectVecNear(Position(pose, 3), a + dir * kChainSize, 1e-4f);
}

TEST(TwoBoneIk, TargetTooCloseFoldsTheChainToItsShortestReach) {
  anim::Pose pose = MakeArm();
  const glm::vec3 a = Position(pose, 1);
  const glm::vec3 dir = glm::normalize(glm::vec3(0, -1, 1));
  SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(a + dir * 0.02f, {1, 0, 0}));
  // |l1 - l2| = 0.1 from the start, on the target's side.
  ExpectVecNear(Position(pose, 3), a + dir * (kUpper - kLower), 1e-4f);
  EXPECT_NEAR(glm::length(Position(pose, 2) - a), kUpper, 1e-5f);
}

TEST(TwoBoneIk, SoftReachApproachesFullExtensionSmoothly) {
  // Below the soft start the target is reached exactly; above it the end
  // follows soft_start + band (1 - exp(-(d - soft_start) / band)).
  const float soften = 0.9f, soft_start = soften * kChainSize, band = kChainSize - soft_start;
  EXPECT_FLOAT_EQ(anim::ik::SoftenedReach(0.5f, kChainSize, soften), 0.5f);
  // Soft reach off: the distance itself, capped at the full reach.
  EXPECT_FLOAT_EQ(anim::ik::SoftenedReach(0.85f, kChainSize, 1.0f), 0.85f);
  EXPECT_FLOAT_EQ(anim::ik::SoftenedReach(2.0f, kChainSize, 1.0f), kChainSize);
  EXPECT_NEAR(anim::ik::SoftenedReach(soft_start + band, kChainSize, soften),
              soft_start + band * (1 - std::exp(-1.0f)), 1e-6f);
  EXPECT_LT(anim::ik::SoftenedReach(1.0f, kChainSize, soften), kChainSize);
  EXPECT_LE(anim::ik::SoftenedReach(10.0f, kChainSize, soften), kChainSize);

  const anim::Pose input = MakeArm();
  const glm::vec3 a = Position(input, 1);
  const glm::vec3 dir = glm::normalize(glm::vec3(0.2f, -1, 0.3f));
  float previous_reach = 0.0f;
  glm::vec3 previous_end(0.0f);
  constexpr float kStep = 0.002f;
  for (float d = 0.7f; d < 1.2f; d += kStep) {
    anim::Pose pose = input;
    anim::ik::TwoBoneIkJob job = ArmJob(a + dir * d, {0, 0, 1});
    job.soften = soften;
    SolveOnPose(anim::ik::SolveTwoBoneIk, pose, job);
    const glm::vec3 end = Position(pose, 3);
    const float reach = glm::length(end - a);
    EXPECT_NEAR(reach, anim::ik::SoftenedReach(d, kChainSize, soften), 1e-4f);
    EXPECT_LT(reach, kChainSize);
    // No snap: the end moves no further than the target did.
    if (d > 0.7f) {
      EXPECT_GT(reach, previous_reach);
      EXPECT_LE(glm::length(end - previous_end), kStep * 1.01f);
    }
    previous_reach = reach;
    previous_end = end;
  }
}

TEST(TwoBoneIk, StraightChainBendsTowardsThePole) {
  anim::Pose pose = MakeArm(glm::quat(1, 0, 0, 0));  // collinear: no bend plane
  const glm::vec3 a = Position(pose, 1);
  const glm::vec3 target = a + glm::vec3(0.1f, -0.6f, 0.0f);
  const glm::vec3 pole(0, 0, 1);
  SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, pole));
  ExpectVecNear(Position(pose, 3), target, 1e-4f);
  ExpectVecNear(Position(pose, 2), ExpectedMid(a, target, pole, kUpper, kLower), 1e-4f);
}

TEST(TwoBoneIk, DegenerateInputStaysFinite) {
  {  // Target on the start joint.
    anim::Pose pose = MakeArm();
    const glm::vec3 a = Position(pose, 1);
    const anim::ik::TwoBoneIkResult r =
        SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(a, {0, 0, 1}));
    EXPECT_TRUE(r.valid);
    EXPECT_TRUE(Finite(pose));
    EXPECT_NEAR(glm::length(Position(pose, 3) - a), kUpper - kLower, 1e-4f);
  }
  {  // Pole along the target line, and no pole at all.
    for (const glm::vec3 pole : {glm::vec3(0, -1, 0), glm::vec3(0.0f)}) {
      anim::Pose pose = MakeArm();
      const glm::vec3 target = Position(pose, 1) + glm::vec3(0, -0.7f, 0);
      SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, pole));
      EXPECT_TRUE(Finite(pose));
      ExpectVecNear(Position(pose, 3), target, 1e-4f);
    }
  }
  {  // Zero-length upper bone: the end can only be kLower from the start.
    anim::Pose pose = MakeArm();
    anim::Transform mid = pose.Local(2);
    mid.translation = glm::vec3(0.0f);
    pose.SetLocal(2, mid);
    const glm::vec3 a = Position(pose, 1);
    const glm::vec3 target = a + glm::vec3(0.2f, 0.1f, 0.0f);
    SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(target, {0, 0, 1}));
    EXPECT_TRUE(Finite(pose));
    ExpectVecNear(Position(pose, 3), a + glm::normalize(target - a) * kLower, 1e-4f);
  }
  {  // Non-finite targets and poles: reported invalid, pose untouched.
    const float nan = std::nanf(""), inf = INFINITY;
    for (const glm::vec3& bad : {glm::vec3(nan, 0, 0), glm::vec3(0, inf, 0)}) {
      const anim::Pose input = MakeArm();
      anim::Pose pose = input;
      EXPECT_FALSE(SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob(bad, {0, 0, 1})).valid);
      EXPECT_FALSE(SolveOnPose(anim::ik::SolveTwoBoneIk, pose, ArmJob({0, 0, 0}, bad)).valid);
      for (int j = 0; j < pose.JointCount(); ++j)
        EXPECT_EQ(pose.Local(j).rotation, input.Local(j).rotation);
    }
  }
  {  // Joints that are not a chain, or out of range.
    anim::Pose pose = MakeArm();
    anim::ik::TwoBoneIkJob job = ArmJob({0, 0, 0}, {0, 0, 1});
    job.mid_joint = 3;
    job.end_joint = 2;
    EXPECT_FALSE(SolveOnPose(anim::ik::SolveTwoBoneIk, pose, job).valid);
    job.end_joint = 7;
    EXPECT_FALSE(SolveOnPose(anim::ik::SolveTwoBoneIk, pose, job).valid);
  }
}

}  // namespace
