// Aim and look-at against geometry computed here: the distance from the
// target to the aim ray, the angle between axes, the plane the up axis
// must lie in.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "anim/ik/aim_ik.h"
#include "anim/offline/pose.h"
#include "ik_on_pose.h"
#include "test_util.h"

namespace {

using anim_test::AxisAngle;
using anim_test::ExpectVecNear;

glm::vec3 Position(const anim::Pose& pose, int joint) { return pose.ModelMatrix(joint)[3]; }
glm::vec3 Axis(const anim::Pose& pose, int joint, const glm::vec3& local) {
  return glm::normalize(glm::mat3(pose.ModelMatrix(joint)) * local);
}
glm::vec3 Point(const anim::Pose& pose, int joint, const glm::vec3& local) {
  return pose.ModelMatrix(joint) * glm::vec4(local, 1.0f);
}
// Distance from p to the ray origin + s * dir, s >= 0.
float DistanceToRay(const glm::vec3& p, const glm::vec3& origin, const glm::vec3& dir) {
  const float s = glm::dot(p - origin, dir);
  if (s < 0) return glm::length(p - origin);
  return glm::length(p - (origin + s * dir));
}
float Angle(const glm::vec3& a, const glm::vec3& b) {
  return std::atan2(glm::length(glm::cross(a, b)), glm::dot(a, b));
}

// A spine of four joints going up y (spine, chest, neck, head), each
// rotated a little, under a rotated root. The head looks along local +z.
anim::Pose MakeSpine() {
  std::vector<anim::Transform> locals(5);
  locals[0].translation = {0.2f, 0.0f, 0.1f};
  locals[0].rotation = AxisAngle(25, {0, 1, 0});
  locals[1].translation = {0, 1.0f, 0};
  locals[1].rotation = AxisAngle(5, {1, 0, 0});
  locals[2].translation = {0, 0.25f, 0};
  locals[2].rotation = AxisAngle(-4, {0, 0, 1});
  locals[3].translation = {0, 0.3f, 0};
  locals[3].rotation = AxisAngle(6, {1, 1, 0});
  locals[4].translation = {0, 0.12f, 0};
  locals[4].rotation = AxisAngle(-8, {0, 1, 0});
  return anim::Pose(locals, {-1, 0, 1, 2, 3});
}

constexpr int kHead = 4;

TEST(AimIk, ForwardAxisPointsAtTheTarget) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int i = 0; i < 100; ++i) {
    anim::Pose pose = MakeSpine();
    const glm::vec3 head = Position(pose, kHead);
    const glm::vec3 target = head + glm::vec3(u(rng), u(rng), u(rng)) * 2.0f + glm::vec3(0.05f);
    anim::ik::AimIkJob job;
    job.joint = kHead;
    job.target = target;
    const anim::ik::AimIkResult r = SolveOnPose(anim::ik::SolveAimIk, pose, job);
    SCOPED_TRACE(i);
    EXPECT_TRUE(r.valid);
    EXPECT_LT(Angle(Axis(pose, kHead, {0, 0, 1}), target - head), 1e-3f);
    EXPECT_LT(r.angle_error, 1e-3f);
    ExpectVecNear(Position(pose, kHead), head, 1e-6f);  // turns in place
  }
}

TEST(AimIk, RayFromAnOffsetPassesThroughTheTarget) {
  // Eyes 0.1 forward and 0.08 up from the head joint: the ray from them,
  // not the joint's axis, must hit the target.
  anim::Pose pose = MakeSpine();
  const glm::vec3 offset(0, 0.08f, 0.1f);
  const glm::vec3 target = Position(pose, kHead) + glm::vec3(1.2f, -0.4f, 0.3f);
  anim::ik::AimIkJob job;
  job.joint = kHead;
  job.target = target;
  job.axes.offset = offset;
  SolveOnPose(anim::ik::SolveAimIk, pose, job);
  EXPECT_LT(DistanceToRay(target, Point(pose, kHead, offset), Axis(pose, kHead, {0, 0, 1})), 1e-4f);
}

TEST(AimIk, UpAxisLeansTowardsThePole) {
  anim::Pose pose = MakeSpine();
  const glm::vec3 head = Position(pose, kHead);
  const glm::vec3 target = head + glm::vec3(-1.0f, 0.5f, 0.7f);
  const glm::vec3 pole(0.3f, 1.0f, 0.0f);
  anim::ik::AimIkJob job;
  job.joint = kHead;
  job.target = target;
  job.axes.pole = pole;
  SolveOnPose(anim::ik::SolveAimIk, pose, job);
  const glm::vec3 dir = glm::normalize(target - head);
  const glm::vec3 up = Axis(pose, kHead, {0, 1, 0});
  EXPECT_LT(Angle(Axis(pose, kHead, {0, 0, 1}), dir), 1e-3f);
  EXPECT_NEAR(glm::dot(up, glm::normalize(glm::cross(dir, pole))), 0.0f, 1e-4f);
  EXPECT_GT(glm::dot(up, pole), 0.0f);
}

TEST(AimIk, WeightAndAngleLimitScaleTheTurn) {
  const anim::Pose input = MakeSpine();
  const glm::vec3 head = Position(input, kHead);
  const glm::vec3 forward = Axis(input, kHead, {0, 0, 1});
  const glm::vec3 target = head + glm::vec3(2, 0, -0.5f);
  const float full = Angle(forward, target - head);
  anim::ik::AimIkJob job;
  job.joint = kHead;
  job.target = target;

  anim::Pose pose = input;
  job.weight = 0.0f;
  SolveOnPose(anim::ik::SolveAimIk, pose, job);
  EXPECT_EQ(pose.Local(kHead).rotation, input.Local(kHead).rotation);

  job.weight = 0.25f;
  SolveOnPose(anim::ik::SolveAimIk, pose, job);
  EXPECT_NEAR(Angle(forward, Axis(pose, kHead, {0, 0, 1})), 0.25f * full, 1e-4f);

  pose = input;
  job.weight = 1.0f;
  job.max_angle = glm::radians(30.0f);
  const anim::ik::AimIkResult r = SolveOnPose(anim::ik::SolveAimIk, pose, job);
  EXPECT_TRUE(r.clamped);
  EXPECT_NEAR(r.turn, glm::radians(30.0f), 1e-5f);
  EXPECT_NEAR(Angle(forward, Axis(pose, kHead, {0, 0, 1})), glm::radians(30.0f), 1e-4f);
  EXPECT_NEAR(r.angle_error, full - glm::radians(30.0f), 1e-3f);
}

TEST(AimIk, DegenerateInputStaysFinite) {
  const anim::Pose input = MakeSpine();
  anim::ik::AimIkJob job;
  job.joint = kHead;
  anim::Pose pose = input;
  job.target = Position(pose, kHead);  // on the joint
  EXPECT_TRUE(SolveOnPose(anim::ik::SolveAimIk, pose, job).valid);
  const glm::quat q = pose.Local(kHead).rotation;
  EXPECT_TRUE(std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z));
  // Target straight behind: a half turn, still finite and on target.
  pose = input;
  job.target = Position(pose, kHead) - Axis(pose, kHead, {0, 0, 1});
  SolveOnPose(anim::ik::SolveAimIk, pose, job);
  EXPECT_LT(Angle(Axis(pose, kHead, {0, 0, 1}), job.target - Position(pose, kHead)), 1e-3f);
  pose = input;
  job.target = glm::vec3(std::nanf(""), 0, 0);
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveAimIk, pose, job).valid);
  job.target = glm::vec3(1, 0, 0);
  job.axes.forward = glm::vec3(0.0f);
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveAimIk, pose, job).valid);
  job.axes.forward = glm::vec3(0, 0, 1);
  job.joint = 9;
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveAimIk, pose, job).valid);
  EXPECT_EQ(pose.Local(kHead).rotation, input.Local(kHead).rotation);
}

TEST(LookAt, ChainSpreadsTheTurnAndTheHeadEndsOnTarget) {
  const anim::Pose input = MakeSpine();
  const anim::ik::LookAtJoint chain[] = {{1, 0.2f, glm::pi<float>()},
                                         {2, 0.3f, glm::pi<float>()},
                                         {3, 0.5f, glm::pi<float>()},
                                         {kHead, 1.0f, glm::pi<float>()}};
  anim::ik::LookAtJob job;
  job.chain = chain;
  job.target = Position(input, kHead) + glm::vec3(1.5f, 0.8f, -1.0f);
  job.axes.offset = glm::vec3(0, 0.05f, 0.1f);
  anim::Pose pose = input;
  const anim::ik::LookAtResult r = SolveOnPose(anim::ik::SolveLookAt, pose, job);
  EXPECT_TRUE(r.valid);
  EXPECT_EQ(r.clamped_joints, 0);
  EXPECT_LT(
      DistanceToRay(job.target, Point(pose, kHead, job.axes.offset), Axis(pose, kHead, {0, 0, 1})),
      1e-4f);
  EXPECT_LT(r.angle_error, 1e-3f);
  // Every joint with a share turned, the root did not.
  for (int j = 1; j <= kHead; ++j)
    EXPECT_GT(anim_test::RotationAngle(input.Local(j).rotation, pose.Local(j).rotation), 0.02) << j;
  EXPECT_EQ(pose.Local(0).rotation, input.Local(0).rotation);
}

TEST(LookAt, AngleLimitsHoldAndLeaveTheRestUndone) {
  const anim::Pose input = MakeSpine();
  const float limit = glm::radians(10.0f);
  const anim::ik::LookAtJoint chain[] = {{1, 0.5f, limit}, {2, 0.5f, limit}, {kHead, 1.0f, limit}};
  anim::ik::LookAtJob job;
  job.chain = chain;
  job.target = Position(input, kHead) + glm::vec3(-2.0f, 0.0f, -1.0f);  // far round the back
  anim::Pose pose = input;
  const anim::ik::LookAtResult r = SolveOnPose(anim::ik::SolveLookAt, pose, job);
  EXPECT_EQ(r.clamped_joints, 3);
  EXPECT_GT(r.angle_error, 0.5f);
  for (const anim::ik::LookAtJoint& link : chain) {
    EXPECT_LE(
        anim_test::RotationAngle(input.Local(link.joint).rotation, pose.Local(link.joint).rotation),
        limit + 1e-4)
        << link.joint;
  }
}

TEST(LookAt, OverallWeightZeroIsTheInputAndBadChainsAreRefused) {
  const anim::Pose input = MakeSpine();
  const anim::ik::LookAtJoint chain[] = {{2, 0.5f, 1.0f}, {kHead, 1.0f, 1.0f}};
  anim::ik::LookAtJob job;
  job.chain = chain;
  job.target = {3, 1, 0};
  job.weight = 0.0f;
  anim::Pose pose = input;
  EXPECT_TRUE(SolveOnPose(anim::ik::SolveLookAt, pose, job).valid);
  for (int j = 0; j < pose.JointCount(); ++j)
    EXPECT_EQ(pose.Local(j).rotation, input.Local(j).rotation);
  // Out of order (head before neck) and out of range are refused.
  const anim::ik::LookAtJoint reversed[] = {{kHead, 1.0f, 1.0f}, {2, 0.5f, 1.0f}};
  job.chain = reversed;
  job.weight = 1.0f;
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveLookAt, pose, job).valid);
  const anim::ik::LookAtJoint missing[] = {{2, 0.5f, 1.0f}, {11, 1.0f, 1.0f}};
  job.chain = missing;
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveLookAt, pose, job).valid);
  job.chain = {};
  EXPECT_FALSE(SolveOnPose(anim::ik::SolveLookAt, pose, job).valid);
}

}  // namespace
