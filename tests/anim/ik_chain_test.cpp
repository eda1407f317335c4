// CCD and FABRIK against geometry computed here: the two analytic
// solutions of a two-bone planar chain, straight-line reach, and joint
// limits measured from each joint's rotation by direct vector geometry
// (how the hinge axis and the bone move), not by the solver's swing-twist
// decomposition.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/ik/chain_ik.h"
#include "anim/offline/pose.h"
#include "ik_on_pose.h"
#include "test_util.h"

namespace {

using anim::ik::ConstraintKind;
using anim::ik::JointConstraint;
using anim_test::AxisAngle;
using anim_test::ExpectVecNear;

glm::vec3 Position(const anim::Pose& pose, int joint) { return pose.ModelMatrix(joint)[3]; }

// A chain of `bones` bones along each joint's local +y, `length` long,
// under a translated root; joint k bends `bend` degrees about z, so the
// chain lies in the model's xy plane.
anim::Pose MakePlanarChain(int bones, float length, float bend) {
  std::vector<anim::Transform> locals(bones + 1);
  std::vector<int> parents(bones + 1);
  for (int k = 0; k <= bones; ++k) {
    parents[k] = k - 1;
    locals[k].translation = k == 0 ? glm::vec3(0.2f, 1.0f, 0.0f) : glm::vec3(0, length, 0);
    if (k < bones) locals[k].rotation = AxisAngle(bend, {0, 0, 1});
  }
  return anim::Pose(locals, parents);
}

std::vector<int> AllJoints(const anim::Pose& pose) {
  std::vector<int> joints(pose.JointCount());
  for (int k = 0; k < pose.JointCount(); ++k) joints[k] = k;
  return joints;
}

using Solver = anim::ik::ChainIkResult (*)(anim::ik::IkPose&, const anim::ik::ChainIkJob&);
struct NamedSolver {
  const char* name;
  Solver solve;
};
const NamedSolver kSolvers[] = {{"CCD", anim::ik::SolveCcd}, {"FABRIK", anim::ik::SolveFabrik}};

TEST(ChainIk, CcdAndFabrikAgreeWithTheAnalyticTwoBoneSolution) {
  // Two bones 0.5 long: for a target at distance d, the mid joint is at
  // d/2 along the line and sqrt(0.25 - d^2/4) to one side of it.
  const glm::vec3 offsets[] = {{0.3f, 0.6f, 0}, {-0.7f, 0.2f, 0}, {0.1f, -0.5f, 0}};
  for (const glm::vec3& offset : offsets) {
    glm::vec3 mids[2];
    for (int s = 0; s < 2; ++s) {
      const NamedSolver& solver = kSolvers[s];
      anim::Pose pose = MakePlanarChain(2, 0.5f, 40.0f);
      const glm::vec3 root = Position(pose, 0), target = root + offset;
      const std::vector<int> joints = AllJoints(pose);
      anim::ik::ChainIkJob job;
      job.joints = joints;
      job.target = target;
      job.tolerance = 1e-5f;
      job.max_iterations = 500;
      const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, pose, job);
      SCOPED_TRACE(solver.name);
      EXPECT_TRUE(r.valid);
      EXPECT_TRUE(r.reached) << r.error << " after " << r.iterations;
      ExpectVecNear(Position(pose, 2), target, 1e-4f);
      const float d = glm::length(offset);
      const glm::vec3 dir = offset / d, side = glm::vec3(-dir.y, dir.x, 0);
      const float h = std::sqrt(0.25f - d * d / 4);
      const glm::vec3 a = root + dir * (d / 2) + side * h, b = root + dir * (d / 2) - side * h;
      mids[s] = Position(pose, 1);
      EXPECT_LT(std::min(glm::length(mids[s] - a), glm::length(mids[s] - b)), 1e-3f);
    }
    ExpectVecNear(mids[0], mids[1], 1e-3f);
  }
}

TEST(ChainIk, LongPlanarChainReachesAndStaysInItsPlane) {
  for (const NamedSolver& solver : kSolvers) {
    anim::Pose pose = MakePlanarChain(6, 0.2f, 15.0f);
    const std::vector<int> joints = AllJoints(pose);
    anim::ik::ChainIkJob job;
    job.joints = joints;
    job.target = Position(pose, 0) + glm::vec3(-0.4f, 0.5f, 0);
    job.tolerance = 1e-4f;
    job.max_iterations = 100;
    const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, pose, job);
    SCOPED_TRACE(solver.name);
    EXPECT_TRUE(r.reached);
    EXPECT_LE(r.error, 1e-4f);
    EXPECT_GT(r.iterations, 0);
    EXPECT_LE(r.iterations, 100);
    EXPECT_NEAR(glm::length(Position(pose, 6) - job.target), r.error, 1e-6f);
    for (int k = 0; k <= 6; ++k) EXPECT_NEAR(Position(pose, k).z, 0.0f, 1e-4f) << k;
    for (int k = 0; k < 6; ++k)
      EXPECT_NEAR(glm::length(Position(pose, k + 1) - Position(pose, k)), 0.2f, 1e-5f);
  }
}

TEST(ChainIk, UnreachableTargetStretchesTheChainTowardsIt) {
  for (const NamedSolver& solver : kSolvers) {
    anim::Pose pose = MakePlanarChain(4, 0.25f, 20.0f);
    const std::vector<int> joints = AllJoints(pose);
    const glm::vec3 root = Position(pose, 0), dir = glm::normalize(glm::vec3(1, -1, 1));
    anim::ik::ChainIkJob job;
    job.joints = joints;
    job.target = root + dir * 3.0f;
    job.max_iterations = 60;
    const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, pose, job);
    SCOPED_TRACE(solver.name);
    EXPECT_TRUE(r.valid);
    EXPECT_FALSE(r.reached);
    EXPECT_EQ(r.iterations, 60);
    EXPECT_NEAR(r.error, 2.0f, 1e-3f);
    for (int k = 1; k <= 4; ++k) ExpectVecNear(Position(pose, k), root + dir * (0.25f * k), 2e-3f);
  }
}

TEST(ChainIk, IterationCapCountsWholePasses) {
  // A solve capped at k passes ends where k solves of one pass each end,
  // and reports k.
  for (const NamedSolver& solver : kSolvers) {
    SCOPED_TRACE(solver.name);
    const anim::Pose input = MakePlanarChain(5, 0.2f, 12.0f);
    const std::vector<int> joints = AllJoints(input);
    anim::ik::ChainIkJob job;
    job.joints = joints;
    job.target = Position(input, 0) + glm::vec3(0.3f, 0.4f, 0.2f);
    job.tolerance = 1e-7f;
    for (int cap = 1; cap <= 3; ++cap) {
      anim::Pose capped = input, stepped = input;
      job.max_iterations = cap;
      const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, capped, job);
      job.max_iterations = 1;
      for (int i = 0; i < cap; ++i) SolveOnPose(solver.solve, stepped, job);
      EXPECT_EQ(r.iterations, cap);
      EXPECT_FALSE(r.reached);
      ExpectVecNear(Position(capped, 5), Position(stepped, 5), 1e-5f);
      EXPECT_NEAR(r.error, glm::length(Position(stepped, 5) - job.target), 1e-5f);
    }
  }
}

// The hinge axis must stay put under r, and a vector across it turns
// within the limits.
float AngleAbout(const glm::quat& r, const glm::vec3& axis) {
  const glm::vec3 across = glm::normalize(glm::cross(axis, glm::vec3(0.3f, 0.5f, 0.8f)));
  const glm::vec3 turned = r * across;
  return std::atan2(glm::dot(glm::cross(across, turned), axis), glm::dot(across, turned));
}

void ExpectWithin(const JointConstraint& c, const glm::quat& local) {
  constexpr float kTol = 2e-4f;
  const glm::quat r = glm::conjugate(c.reference) * local;
  if (c.kind == ConstraintKind::kHinge) {
    ExpectVecNear(r * c.axis, c.axis, kTol);
    const float angle = AngleAbout(r, c.axis);
    EXPECT_GE(angle, c.min_angle - kTol);
    EXPECT_LE(angle, c.max_angle + kTol);
  } else if (c.kind == ConstraintKind::kBallSocket) {
    const glm::vec3 bone = r * c.axis;
    const float swing = std::atan2(glm::length(glm::cross(c.axis, bone)), glm::dot(c.axis, bone));
    EXPECT_LE(swing, c.cone_angle + kTol);
    // Undo the swing with the shortest arc between the two bone directions;
    // what is left turns about the bone: the twist.
    glm::quat unswing(1, 0, 0, 0);
    if (swing > 1e-6f) unswing = glm::angleAxis(-swing, glm::normalize(glm::cross(c.axis, bone)));
    const float twist = AngleAbout(unswing * r, c.axis);
    EXPECT_GE(twist, c.min_angle - kTol);
    EXPECT_LE(twist, c.max_angle + kTol);
  }
}

TEST(ChainIk, ConstraintsAreNeverViolatedAfterSolving) {
  std::mt19937 rng(99);
  std::uniform_real_distribution<float> u(-1, 1);
  for (int trial = 0; trial < 40; ++trial) {
    for (const NamedSolver& solver : kSolvers) {
      anim::Pose pose = MakePlanarChain(5, 0.3f, 10.0f);
      const std::vector<int> joints = AllJoints(pose);
      std::vector<JointConstraint> constraints(joints.size());
      for (size_t k = 0; k + 1 < joints.size(); ++k) {
        JointConstraint& c = constraints[k];
        c.reference = pose.Local(joints[k]).rotation;
        if (k % 2 == 0) {
          c.kind = ConstraintKind::kBallSocket;
          c.axis = glm::vec3(0, 1, 0);  // the bone, towards the child
          c.cone_angle = glm::radians(20.0f + 40.0f * (u(rng) + 1));
          c.min_angle = glm::radians(-30.0f);
          c.max_angle = glm::radians(15.0f);
        } else {
          c.kind = ConstraintKind::kHinge;
          c.axis = glm::normalize(glm::vec3(0.2f * u(rng), 0.2f * u(rng), 1.0f));
          c.min_angle = glm::radians(-10.0f);
          c.max_angle = glm::radians(100.0f);
        }
      }
      anim::ik::ChainIkJob job;
      job.joints = joints;
      job.constraints = constraints;
      job.target = Position(pose, 0) + glm::vec3(u(rng), u(rng), u(rng)) * 1.2f;
      const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, pose, job);
      SCOPED_TRACE(std::string(solver.name) + " trial " + std::to_string(trial));
      EXPECT_TRUE(r.valid);
      EXPECT_TRUE(std::isfinite(r.error));
      for (size_t k = 0; k + 1 < joints.size(); ++k)
        ExpectWithin(constraints[k], pose.Local(joints[k]).rotation);
    }
  }
}

TEST(ChainIk, HingedChainReachesTargetsInItsPlane) {
  // Hinges about z allowing 0..120 degrees: a bent finger that curls one
  // way only. Targets on the curl side are reachable.
  for (const NamedSolver& solver : kSolvers) {
    anim::Pose pose = MakePlanarChain(3, 0.3f, 10.0f);
    const std::vector<int> joints = AllJoints(pose);
    std::vector<JointConstraint> constraints(joints.size());
    for (size_t k = 0; k + 1 < joints.size(); ++k) {
      constraints[k].kind = ConstraintKind::kHinge;
      constraints[k].axis = {0, 0, 1};
      constraints[k].min_angle = 0.0f;
      constraints[k].max_angle = glm::radians(120.0f);
    }
    anim::ik::ChainIkJob job;
    job.joints = joints;
    job.constraints = constraints;
    job.target = Position(pose, 0) + glm::vec3(-0.45f, 0.35f, 0.0f);
    job.max_iterations = 200;
    const anim::ik::ChainIkResult r = SolveOnPose(solver.solve, pose, job);
    SCOPED_TRACE(solver.name);
    EXPECT_TRUE(r.reached) << r.error;
    for (size_t k = 0; k + 1 < joints.size(); ++k)
      ExpectWithin(constraints[k], pose.Local(joints[k]).rotation);
  }
}

TEST(ChainIk, WeightZeroAlreadyReachedAndBadInput) {
  for (const NamedSolver& solver : kSolvers) {
    SCOPED_TRACE(solver.name);
    const anim::Pose input = MakePlanarChain(3, 0.3f, 10.0f);
    const std::vector<int> joints = AllJoints(input);
    anim::ik::ChainIkJob job;
    job.joints = joints;
    job.target = {1, 1, 1};
    job.weight = 0.0f;
    anim::Pose pose = input;
    EXPECT_TRUE(SolveOnPose(solver.solve, pose, job).valid);
    for (int j = 0; j < pose.JointCount(); ++j)
      EXPECT_EQ(pose.Local(j).rotation, input.Local(j).rotation);

    job.weight = 1.0f;
    job.target = Position(input, 3);
    const anim::ik::ChainIkResult on_target = SolveOnPose(solver.solve, pose, job);
    EXPECT_TRUE(on_target.reached);
    EXPECT_EQ(on_target.iterations, 0);

    job.target = glm::vec3(0, std::nanf(""), 0);
    EXPECT_FALSE(SolveOnPose(solver.solve, pose, job).valid);
    job.target = {1, 1, 1};
    const int reversed[] = {2, 1};
    job.joints = reversed;
    EXPECT_FALSE(SolveOnPose(solver.solve, pose, job).valid);
    const int single[] = {1};
    job.joints = single;
    EXPECT_FALSE(SolveOnPose(solver.solve, pose, job).valid);
    job.joints = joints;
    const JointConstraint too_few[2];
    job.constraints = too_few;
    EXPECT_FALSE(SolveOnPose(solver.solve, pose, job).valid);
    for (int j = 0; j < pose.JointCount(); ++j)
      EXPECT_EQ(pose.Local(j).rotation, input.Local(j).rotation);
  }
}

}  // namespace
