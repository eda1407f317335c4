// The IK jobs' Validate(pose): one test per problem with its exact text
// (written out here, the field and the value the job was given), the
// solver's result invalid, and the pose (and foot IK's results) unchanged
// bit for bit. Valid jobs validate to "" and keep their tests in
// ik_*_test.cpp and foot_ik_test.cpp.
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_pose.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/foot_ik.h"
#include "anim/ik/ik_pose.h"
#include "anim/ik/two_bone_ik.h"
#include "anim/offline/pose.h"
#include "test_util.h"

namespace {

using anim::ik::IkPose;
using anim_test::AxisAngle;

const float kNan = std::nanf("");
const float kInf = INFINITY;

// root (0) -> 1 -> 2 -> 3, and 4 on another branch under the root: a leg or
// an arm (1, 2, 3) and a joint that is not in its chain.
anim::Pose MakeRig(const glm::vec3& joint1_scale = glm::vec3(1.0f)) {
  std::vector<anim::Transform> locals(5);
  locals[0].translation = {0.1f, 1.0f, 0.0f};
  locals[1].translation = {0.1f, -0.1f, 0.0f};
  locals[1].rotation = AxisAngle(10, {0, 0, 1});
  locals[1].scale = joint1_scale;
  locals[2].translation = {0.0f, -0.45f, 0.0f};
  locals[2].rotation = AxisAngle(15, {1, 0, 0});
  locals[3].translation = {0.0f, -0.4f, 0.0f};
  locals[4].translation = {-0.1f, -0.1f, 0.0f};
  return anim::Pose(locals, {-1, 0, 1, 2, 0});
}

// The runtime's view of a rig: skeleton, pose, and the IkPose over them.
struct Rig {
  explicit Rig(const anim::Pose& pose)
      : skeleton(anim::SkeletonOf(pose)), locals(pose), view(skeleton, locals) {}
  Rig(const anim::Pose& skeleton_pose, const anim::Pose& pose)
      : skeleton(anim::SkeletonOf(skeleton_pose)), locals(pose), view(skeleton, locals) {}
  anim::Skeleton skeleton;
  anim::SoaPose locals;
  IkPose view;
};

void ExpectSameBits(const anim::SoaPose& a, const anim::SoaPose& b) {
  ASSERT_EQ(a.JointCount(), b.JointCount());
  for (int c = 0; c < anim::kSoaChannels; ++c) {
    for (int j = 0; j < a.JointCount(); ++j) {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(a.Channel(c)[j]),
                std::bit_cast<std::uint32_t>(b.Channel(c)[j]))
          << "channel " << c << " joint " << j;
    }
  }
}

// `job` names `message`, and each solver given refuses it and leaves the
// pose as it was, bit for bit.
template <typename Job, typename... Solvers>
void ExpectRefused(Rig& rig, const Job& job, const std::string& message, Solvers... solvers) {
  EXPECT_EQ(job.Validate(rig.view), message);
  const anim::SoaPose before = rig.locals;
  (
      [&] {
        EXPECT_FALSE(solvers(rig.view, job).valid);
        ExpectSameBits(rig.locals, before);
      }(),
      ...);
}

template <typename Job, typename... Solvers>
void ExpectRefused(const Job& job, const std::string& message, Solvers... solvers) {
  Rig rig(MakeRig());
  ExpectRefused(rig, job, message, solvers...);
}

// ---- Two-bone IK ------------------------------------------------------

anim::ik::TwoBoneIkJob ValidTwoBone() {
  anim::ik::TwoBoneIkJob job;
  job.start_joint = 1;
  job.mid_joint = 2;
  job.end_joint = 3;
  job.target = {0.3f, 0.5f, 0.1f};
  job.pole = {0, 0, 1};
  return job;
}

TEST(IkValidate, TwoBoneStartJointOutsideThePose) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.start_joint = 5;
  ExpectRefused(job, "start_joint 5 is not one of the pose's 5 joints", anim::ik::SolveTwoBoneIk);
  job.start_joint = -1;  // the default: not set
  ExpectRefused(job, "start_joint -1 is not one of the pose's 5 joints", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneMidJointOutsideThePose) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.mid_joint = 9;
  ExpectRefused(job, "mid_joint 9 is not one of the pose's 5 joints", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneEndJointOutsideThePose) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.end_joint = -2;
  ExpectRefused(job, "end_joint -2 is not one of the pose's 5 joints", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneMidJointIsTheStartJoint) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.mid_joint = 1;
  ExpectRefused(job, "mid_joint 1 is the same joint as start_joint", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneMidJointNotBelowTheStartJoint) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.start_joint = 2;
  job.mid_joint = 1;  // 2's parent
  ExpectRefused(job, "mid_joint 1 does not descend from start_joint 2", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneEndJointIsTheMidJoint) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.end_joint = 2;
  ExpectRefused(job, "end_joint 2 is the same joint as mid_joint", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneEndJointNotBelowTheMidJoint) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.end_joint = 4;  // on the root's other branch
  ExpectRefused(job, "end_joint 4 does not descend from mid_joint 2", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBoneTargetNotFinite) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.target.x = kNan;
  ExpectRefused(job, "target (nan, 0.5, 0.1) is not finite", anim::ik::SolveTwoBoneIk);
}

TEST(IkValidate, TwoBonePoleNotFinite) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  job.pole.y = kInf;
  ExpectRefused(job, "pole (0, inf, 1) is not finite", anim::ik::SolveTwoBoneIk);
}

// Weights are clamped, as before Validate existed, not refused: below 0
// leaves the pose bit for bit, above 1 solves as 1.
TEST(IkValidate, TwoBoneWeightOutsideZeroOneIsClampedNotRefused) {
  anim::ik::TwoBoneIkJob job = ValidTwoBone();
  Rig below(MakeRig()), full(MakeRig()), above(MakeRig());
  const anim::SoaPose input = below.locals;
  job.weight = -0.5f;
  EXPECT_EQ(job.Validate(below.view), "");
  EXPECT_TRUE(anim::ik::SolveTwoBoneIk(below.view, job).valid);
  ExpectSameBits(below.locals, input);
  job.weight = 1.0f;
  anim::ik::SolveTwoBoneIk(full.view, job);
  job.weight = 1.5f;
  EXPECT_EQ(job.Validate(above.view), "");
  EXPECT_TRUE(anim::ik::SolveTwoBoneIk(above.view, job).valid);
  ExpectSameBits(above.locals, full.locals);
}

// ---- Aim and look-at ---------------------------------------------------

anim::ik::AimIkJob ValidAim() {
  anim::ik::AimIkJob job;
  job.joint = 3;
  job.target = {1.0f, 1.0f, 1.0f};
  job.axes.pole = {0, 1, 0};
  return job;
}

TEST(IkValidate, AimJointOutsideThePose) {
  anim::ik::AimIkJob job = ValidAim();
  job.joint = 5;
  ExpectRefused(job, "joint 5 is not one of the pose's 5 joints", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimTargetNotFinite) {
  anim::ik::AimIkJob job = ValidAim();
  job.target.z = -kInf;
  ExpectRefused(job, "target (1, 1, -inf) is not finite", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimForwardNotFinite) {
  anim::ik::AimIkJob job = ValidAim();
  job.axes.forward = {0.0f, kNan, 1.0f};
  ExpectRefused(job, "axes.forward (0, nan, 1) is not finite", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimOffsetNotFinite) {
  anim::ik::AimIkJob job = ValidAim();
  job.axes.offset = {kInf, 0.0f, 0.0f};
  ExpectRefused(job, "axes.offset (inf, 0, 0) is not finite", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimUpNotFinite) {
  anim::ik::AimIkJob job = ValidAim();
  job.axes.up = {0.0f, 1.0f, kNan};
  ExpectRefused(job, "axes.up (0, 1, nan) is not finite", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimPoleNotFinite) {
  anim::ik::AimIkJob job = ValidAim();
  job.axes.pole = {0.0f, kInf, 0.0f};
  ExpectRefused(job, "axes.pole (0, inf, 0) is not finite", anim::ik::SolveAimIk);
}

TEST(IkValidate, AimForwardWithoutDirection) {
  anim::ik::AimIkJob job = ValidAim();
  job.axes.forward = glm::vec3(0.0f);
  ExpectRefused(job, "axes.forward (0, 0, 0) has no direction", anim::ik::SolveAimIk);
}

const anim::ik::LookAtJoint kSpine[] = {{1, 0.5f, 1.0f}, {2, 0.5f, 1.0f}, {3, 1.0f, 1.0f}};

anim::ik::LookAtJob ValidLookAt(std::span<const anim::ik::LookAtJoint> chain = kSpine) {
  anim::ik::LookAtJob job;
  job.chain = chain;
  job.target = {1.0f, 1.0f, 1.0f};
  return job;
}

TEST(IkValidate, LookAtEmptyChain) {
  ExpectRefused(ValidLookAt({}), "chain is empty", anim::ik::SolveLookAt);
}

TEST(IkValidate, LookAtChainLongerThanItsState) {
  // 17 links, one more than the job keeps on its stack.
  const std::vector<anim::ik::LookAtJoint> chain(anim::ik::kMaxLookAtJoints + 1, kSpine[0]);
  ExpectRefused(ValidLookAt(chain), "chain has size 17, more than kMaxLookAtJoints (16)",
                anim::ik::SolveLookAt);
}

TEST(IkValidate, LookAtJointOutsideThePose) {
  const anim::ik::LookAtJoint chain[] = {{1, 0.5f, 1.0f}, {7, 1.0f, 1.0f}};
  ExpectRefused(ValidLookAt(chain), "chain[1].joint 7 is not one of the pose's 5 joints",
                anim::ik::SolveLookAt);
}

TEST(IkValidate, LookAtJointRepeated) {
  const anim::ik::LookAtJoint chain[] = {{1, 0.5f, 1.0f}, {1, 1.0f, 1.0f}};
  ExpectRefused(ValidLookAt(chain), "chain[1].joint 1 is the same joint as chain[0].joint",
                anim::ik::SolveLookAt);
}

TEST(IkValidate, LookAtJointNotBelowThePrevious) {
  const anim::ik::LookAtJoint chain[] = {{1, 0.5f, 1.0f}, {2, 0.5f, 1.0f}, {4, 1.0f, 1.0f}};
  ExpectRefused(ValidLookAt(chain), "chain[2].joint 4 does not descend from chain[1].joint 2",
                anim::ik::SolveLookAt);
}

// The target and axes are checked by the same code as the aim job's.
TEST(IkValidate, LookAtTargetNotFinite) {
  anim::ik::LookAtJob job = ValidLookAt();
  job.target.y = kNan;
  ExpectRefused(job, "target (1, nan, 1) is not finite", anim::ik::SolveLookAt);
}

// ---- CCD and FABRIK ----------------------------------------------------

const int kArm[] = {0, 1, 2, 3};

anim::ik::ChainIkJob ValidChain(std::span<const int> joints = kArm) {
  anim::ik::ChainIkJob job;
  job.joints = joints;
  job.target = {0.4f, 0.6f, 0.2f};
  return job;
}

void ExpectChainRefused(Rig& rig, const anim::ik::ChainIkJob& job, const std::string& message) {
  ExpectRefused(rig, job, message, anim::ik::SolveCcd, anim::ik::SolveFabrik);
}

void ExpectChainRefused(const anim::ik::ChainIkJob& job, const std::string& message) {
  Rig rig(MakeRig());
  ExpectChainRefused(rig, job, message);
}

TEST(IkValidate, ChainOfOneJoint) {
  const int joints[] = {2};
  ExpectChainRefused(ValidChain(joints), "joints has size 1, not 2 to kMaxChainJoints (32)");
}

TEST(IkValidate, ChainLongerThanItsState) {
  const std::vector<int> joints(anim::ik::kMaxChainJoints + 1, 0);
  ExpectChainRefused(ValidChain(joints), "joints has size 33, not 2 to kMaxChainJoints (32)");
}

TEST(IkValidate, ChainJointOutsideThePose) {
  const int joints[] = {0, 1, 8};
  ExpectChainRefused(ValidChain(joints), "joints[2] 8 is not one of the pose's 5 joints");
}

TEST(IkValidate, ChainJointRepeated) {
  const int joints[] = {1, 1, 2};
  ExpectChainRefused(ValidChain(joints), "joints[1] 1 is the same joint as joints[0]");
}

TEST(IkValidate, ChainJointNotBelowThePrevious) {
  const int joints[] = {0, 1, 2, 4};
  ExpectChainRefused(ValidChain(joints), "joints[3] 4 does not descend from joints[2] 2");
}

TEST(IkValidate, ChainConstraintsNotOnePerJoint) {
  const anim::ik::JointConstraint limits[3];
  anim::ik::ChainIkJob job = ValidChain();
  job.constraints = limits;
  ExpectChainRefused(job, "constraints has size 3, not 0 or the size of joints (4)");
}

TEST(IkValidate, ChainTargetNotFinite) {
  anim::ik::ChainIkJob job = ValidChain();
  job.target = {kInf, 0.0f, kNan};
  ExpectChainRefused(job, "target (inf, 0, nan) is not finite");
}

// Joint 1 scaled flat along y: its model matrix's determinant is exactly 0
// (a zero column), so no frame can be carried through it to joint 2.
TEST(IkValidate, ChainJointWithoutAnInverse) {
  Rig rig(MakeRig(glm::vec3(1.0f, 0.0f, 1.0f)));
  ExpectChainRefused(rig, ValidChain(),
                     "joints[1] 1 has a model matrix without an inverse (determinant 0)");
}

// The last joint whose frame is carried on (the one before the end)
// is checked too: joint 2 flat along y.
TEST(IkValidate, ChainJointBeforeTheEndWithoutAnInverse) {
  anim::Pose pose = MakeRig();
  anim::Transform flat = pose.Local(2);
  flat.scale = glm::vec3(1.0f, 0.0f, 1.0f);
  pose.SetLocal(2, flat);
  Rig rig(pose);
  ExpectChainRefused(rig, ValidChain(),
                     "joints[2] 2 has a model matrix without an inverse (determinant 0)");
}

// ---- Foot IK -------------------------------------------------------------

bool Floor(const void*, const glm::vec3& origin, const glm::vec3&, float,
           anim::ik::GroundContact* contact) {
  contact->point = {origin.x, 0.1f, origin.z};
  contact->normal = {0, 1, 0};
  return true;
}

// One leg (1, 2, 3) under the pelvis (0), on a floor 10 cm above the
// character's own (so a solve lifts the foot by that much), with its
// result entry and a sentinel there to see that nothing is written.
struct FootCase {
  anim::ik::FootIkLeg leg{1, 2, 3, 0.05f, 1.0f};
  anim::ik::FootIkLegResult result;
  anim::ik::FootIkJob job;
  FootCase() {
    result.remaining_error = 123.0f;
    result.ankle_target = {7, 8, 9};
    job.legs = std::span<const anim::ik::FootIkLeg>(&leg, 1);
    job.results = std::span<anim::ik::FootIkLegResult>(&result, 1);
    job.pelvis = 0;
    job.ground.raycast = Floor;
  }
  FootCase(const FootCase&) = delete;  // the job points at its own leg and result
};

void ExpectFootRefused(const FootCase& c, const std::string& message) {
  ExpectRefused(c.job, message, anim::ik::SolveFootIk);
  EXPECT_EQ(c.result.remaining_error, 123.0f);
  EXPECT_EQ(c.result.ankle_target, glm::vec3(7, 8, 9));
}

TEST(IkValidate, FootPelvisOutsideThePose) {
  FootCase c;
  c.job.pelvis = 5;
  ExpectFootRefused(c, "pelvis 5 is not one of the pose's 5 joints");
}

TEST(IkValidate, FootHipOutsideThePose) {
  FootCase c;
  c.leg.hip = 6;
  ExpectFootRefused(c, "legs[0].hip 6 is not one of the pose's 5 joints");
}

TEST(IkValidate, FootKneeOutsideThePose) {
  FootCase c;
  c.leg.knee = -1;
  ExpectFootRefused(c, "legs[0].knee -1 is not one of the pose's 5 joints");
}

TEST(IkValidate, FootAnkleOutsideThePose) {
  FootCase c;
  c.leg.ankle = 5;
  ExpectFootRefused(c, "legs[0].ankle 5 is not one of the pose's 5 joints");
}

TEST(IkValidate, FootHipNotBelowThePelvis) {
  FootCase c;
  c.job.pelvis = 4;  // the root's other branch
  ExpectFootRefused(c, "legs[0].hip 1 does not descend from pelvis 4");
}

TEST(IkValidate, FootKneeIsTheHip) {
  FootCase c;
  c.leg.knee = 1;
  ExpectFootRefused(c, "legs[0].knee 1 is the same joint as legs[0].hip");
}

TEST(IkValidate, FootAnkleNotBelowTheKnee) {
  FootCase c;
  c.leg.ankle = 4;
  ExpectFootRefused(c, "legs[0].ankle 4 does not descend from legs[0].knee 2");
}

TEST(IkValidate, FootAnkleHeightNotFinite) {
  FootCase c;
  c.leg.ankle_height = kNan;
  ExpectFootRefused(c, "legs[0].ankle_height nan is not finite");
}

TEST(IkValidate, FootContactNotFinite) {
  FootCase c;
  c.leg.contact = kInf;
  ExpectFootRefused(c, "legs[0].contact inf is not finite");
}

TEST(IkValidate, FootFewerResultsThanLegs) {
  FootCase c;
  c.job.results = {};
  ExpectFootRefused(c, "results has size 0, less than the size of legs (1)");
}

TEST(IkValidate, FootWorldNotFinite) {
  FootCase c;
  c.job.world[3][1] = kNan;
  ExpectFootRefused(c, "world has an element that is not finite");
}

TEST(IkValidate, FootWorldWithoutAnInverse) {
  FootCase c;
  c.job.world = glm::scale(glm::mat4(1.0f), glm::vec3(1.0f, 0.0f, 1.0f));
  ExpectFootRefused(c, "world has no inverse (a zero scale)");
}

TEST(IkValidate, FootUpNotFinite) {
  FootCase c;
  c.job.up = {0.0f, kInf, 0.0f};
  ExpectFootRefused(c, "up (0, inf, 0) is not finite");
}

TEST(IkValidate, FootUpNotUnitLength) {
  FootCase c;
  c.job.up = {0.0f, 2.0f, 0.0f};
  ExpectFootRefused(c, "up (0, 2, 0) is not of unit length (2)");
}

TEST(IkValidate, FootGroundQueryMissing) {
  FootCase c;
  c.job.ground.raycast = nullptr;
  ExpectFootRefused(c, "ground.raycast is null");
}

TEST(IkValidate, FootWeightNotFinite) {
  FootCase c;
  c.job.weight = kNan;
  ExpectFootRefused(c, "weight nan is not finite");
}

// Foot IK clamps a finite weight, as before: 3 solves as 1.
TEST(IkValidate, FootWeightAboveOneIsClampedNotRefused) {
  Rig full(MakeRig()), above(MakeRig());
  FootCase c;
  ASSERT_TRUE(anim::ik::SolveFootIk(full.view, c.job).valid);
  // The floor is 10 cm up: weight 1 bends the knee to lift the ankle by that.
  EXPECT_NEAR(full.view.ModelMatrix(3)[3].y - Rig(MakeRig()).view.ModelMatrix(3)[3].y, 0.1f, 1e-4f);
  c.job.weight = 3.0f;
  EXPECT_EQ(c.job.Validate(above.view), "");
  ASSERT_TRUE(anim::ik::SolveFootIk(above.view, c.job).valid);
  ExpectSameBits(above.locals, full.locals);
}

// ---- Every job -----------------------------------------------------------

// The jobs every test above starts from: no problem, and each solver runs.
TEST(IkValidate, ValidJobsHaveNoProblem) {
  Rig rig(MakeRig());
  const FootCase c;
  EXPECT_EQ(ValidTwoBone().Validate(rig.view), "");
  EXPECT_EQ(ValidAim().Validate(rig.view), "");
  EXPECT_EQ(ValidLookAt().Validate(rig.view), "");
  EXPECT_EQ(ValidChain().Validate(rig.view), "");
  EXPECT_EQ(c.job.Validate(rig.view), "");
  EXPECT_TRUE(anim::ik::SolveTwoBoneIk(rig.view, ValidTwoBone()).valid);
  EXPECT_TRUE(anim::ik::SolveAimIk(rig.view, ValidAim()).valid);
  EXPECT_TRUE(anim::ik::SolveLookAt(rig.view, ValidLookAt()).valid);
  EXPECT_TRUE(anim::ik::SolveCcd(rig.view, ValidChain()).valid);
  EXPECT_TRUE(anim::ik::SolveFabrik(rig.view, ValidChain()).valid);
  EXPECT_TRUE(anim::ik::SolveFootIk(rig.view, c.job).valid);
}

// A pose with one joint fewer than the skeleton: the first problem of
// every job, whatever else it holds.
TEST(IkValidate, PoseOfAnotherSkeleton) {
  const anim::Pose shorter(std::vector<anim::Transform>(4), std::vector<int>{-1, 0, 1, 2});
  const std::string message = "pose has 4 joints, its skeleton 5 joints";
  Rig rig(MakeRig(), shorter);
  ExpectRefused(rig, ValidTwoBone(), message, anim::ik::SolveTwoBoneIk);
  ExpectRefused(rig, ValidAim(), message, anim::ik::SolveAimIk);
  ExpectRefused(rig, ValidLookAt(), message, anim::ik::SolveLookAt);
  ExpectRefused(rig, ValidChain(), message, anim::ik::SolveCcd, anim::ik::SolveFabrik);
  FootCase c;
  ExpectRefused(rig, c.job, message, anim::ik::SolveFootIk);
  EXPECT_EQ(c.result.remaining_error, 123.0f);
}

}  // namespace
