// IkPose, the view the IK solvers work through (the skeleton's hierarchy and
// offsets, the runtime pose's locals): its model matrices (from the root and
// from an ancestor's) against glm products written out here, and every
// solver (two-bone, aim, look-at, CCD, FABRIK, foot) refusing a pose made for
// another skeleton without touching it.
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/aim_ik.h"
#include "anim/ik/chain_ik.h"
#include "anim/ik/foot_ik.h"
#include "anim/ik/ik_pose.h"
#include "anim/ik/two_bone_ik.h"
#include "anim/offline/pose.h"
#include "test_util.h"

namespace {

using anim_test::AxisAngle;

void ExpectMatNear(const glm::mat4& a, const glm::mat4& b, float tolerance) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) EXPECT_NEAR(a[c][r], b[c][r], tolerance) << "column " << c;
}

glm::mat4 Trs(const anim::Transform& t) {
  return glm::translate(glm::mat4(1.0f), t.translation) * glm::mat4_cast(t.rotation) *
         glm::scale(glm::mat4(1.0f), t.scale);
}

// root (0) -> 1 -> 2, and 3 under the root: joint 1 sits under an affine
// offset (a static node turned and scaled), joint 3 under a projective one
// (a general matrix), so each of anim/core/joint_offset.h's kinds is crossed.
struct Rig {
  std::vector<anim::Transform> locals = std::vector<anim::Transform>(4);
  std::vector<int> parents = {-1, 0, 1, 0};
  std::vector<glm::mat4> offsets = std::vector<glm::mat4>(4, glm::mat4(1.0f));
  Rig() {
    locals[0] = {{0.2f, 1.0f, -0.3f}, AxisAngle(25, {0, 1, 0}), glm::vec3(1.0f)};
    locals[1] = {{0.0f, 0.4f, 0.1f}, AxisAngle(-40, {1, 0, 0}), glm::vec3(1.0f, 1.2f, 1.0f)};
    locals[2] = {{0.1f, 0.5f, 0.0f}, AxisAngle(70, {0, 0, 1}), glm::vec3(1.0f)};
    locals[3] = {{-0.3f, 0.2f, 0.2f}, AxisAngle(10, {1, 1, 0}), glm::vec3(1.0f)};
    offsets[1] = glm::translate(glm::mat4(1.0f), glm::vec3(0.05f, 0.1f, 0.0f)) *
                 glm::mat4_cast(AxisAngle(15, {0, 0, 1})) *
                 glm::scale(glm::mat4(1.0f), glm::vec3(1.5f));
    offsets[3] = glm::mat4(1.0f);
    offsets[3][0][3] = 0.1f;  // a projective row: not affine
  }
  anim::Pose AsPose() const { return anim::Pose(locals, parents, offsets); }
};

TEST(IkPose, ModelMatricesAreParentTimesOffsetTimesLocalUpTheChain) {
  const Rig rig;
  const anim::Pose pose = rig.AsPose();
  const anim::Skeleton skeleton = anim::SkeletonOf(pose);
  anim::SoaPose locals(pose);
  const anim::ik::IkPose view(skeleton, locals);
  // Written out joint by joint with glm.
  const glm::mat4 m0 = Trs(rig.locals[0]);
  const glm::mat4 m1 = m0 * rig.offsets[1] * Trs(rig.locals[1]);
  const glm::mat4 m2 = m1 * Trs(rig.locals[2]);
  const glm::mat4 m3 = m0 * rig.offsets[3] * Trs(rig.locals[3]);
  ExpectMatNear(view.ModelMatrix(0), m0, 1e-5f);
  ExpectMatNear(view.ModelMatrix(1), m1, 1e-5f);
  ExpectMatNear(view.ModelMatrix(2), m2, 1e-5f);
  ExpectMatNear(view.ModelMatrix(3), m3, 1e-5f);
  // From an ancestor's model matrix, composing only the joints below it.
  ExpectMatNear(view.ModelMatrixBelow(0, m0, 2), m2, 1e-5f);
  ExpectMatNear(view.ModelMatrixBelow(1, m1, 2), m2, 1e-5f);
  ExpectMatNear(view.ModelMatrixBelow(0, m0, 3), m3, 1e-5f);
  ExpectMatNear(view.ParentFrame(0), glm::mat4(1.0f), 0.0f);
  ExpectMatNear(view.ParentFrame(1), m0 * rig.offsets[1], 1e-5f);
  ExpectMatNear(view.ParentFrame(2), m1, 1e-5f);
  ExpectMatNear(view.ParentFrame(3), m0 * rig.offsets[3], 1e-5f);
  EXPECT_TRUE(view.IsAncestorOrSelf(0, 2));
  EXPECT_TRUE(view.IsAncestorOrSelf(2, 2));
  EXPECT_FALSE(view.IsAncestorOrSelf(3, 2));
  EXPECT_FALSE(view.IsAncestorOrSelf(2, 1));
  EXPECT_FALSE(view.IsAncestorOrSelf(1, 3));  // a lower index on another branch
}

TEST(IkPose, WritesGoToTheRuntimePose) {
  const anim::Pose pose = Rig().AsPose();
  const anim::Skeleton skeleton = anim::SkeletonOf(pose);
  anim::SoaPose locals(pose);
  anim::ik::IkPose view(skeleton, locals);
  anim::Transform t = view.Local(2);
  t.rotation = AxisAngle(5, {0, 1, 0});
  view.SetLocal(2, t);
  EXPECT_FLOAT_EQ(locals.Local(2).rotation.y, t.rotation.y);
  EXPECT_FLOAT_EQ(locals.Local(2).rotation.w, t.rotation.w);
}

// A pose with one joint fewer than the skeleton: each solver says invalid
// and leaves every value as it was (nothing read or written past its end).
TEST(IkPose, EverySolverRefusesAPoseOfAnotherSkeleton) {
  const anim::Pose pose = Rig().AsPose();
  const anim::Skeleton skeleton = anim::SkeletonOf(pose);
  const anim::Pose shorter(std::vector<anim::Transform>(3), std::vector<int>{-1, 0, 1});
  anim::SoaPose locals(shorter);
  const anim::SoaPose before = locals;
  anim::ik::IkPose view(skeleton, locals);
  EXPECT_FALSE(view.Matches());

  anim::ik::TwoBoneIkJob two_bone;
  two_bone.start_joint = 0;
  two_bone.mid_joint = 1;
  two_bone.end_joint = 2;
  two_bone.target = {0.5f, 0.5f, 0.0f};
  EXPECT_FALSE(anim::ik::SolveTwoBoneIk(view, two_bone).valid);

  anim::ik::AimIkJob aim;
  aim.joint = 2;
  aim.target = {1, 1, 1};
  EXPECT_FALSE(anim::ik::SolveAimIk(view, aim).valid);

  const anim::ik::LookAtJoint look[] = {{1, 0.5f, 0.5f}, {2, 1.0f, 1.0f}};
  anim::ik::LookAtJob look_at;
  look_at.chain = look;
  look_at.target = {1, 1, 1};
  EXPECT_FALSE(anim::ik::SolveLookAt(view, look_at).valid);

  const int chain[] = {0, 1, 2};
  anim::ik::ChainIkJob job;
  job.joints = chain;
  job.target = {0.5f, 0.5f, 0.0f};
  EXPECT_FALSE(anim::ik::SolveCcd(view, job).valid);
  EXPECT_FALSE(anim::ik::SolveFabrik(view, job).valid);

  anim::ik::FootIkLeg leg;
  leg.hip = 0;
  leg.knee = 1;
  leg.ankle = 2;
  anim::ik::FootIkLegResult leg_result;
  anim::ik::FootIkJob foot;
  foot.legs = std::span<const anim::ik::FootIkLeg>(&leg, 1);
  foot.results = std::span<anim::ik::FootIkLegResult>(&leg_result, 1);
  foot.pelvis = 0;
  foot.ground.raycast = [](const void*, const glm::vec3& origin, const glm::vec3&, float,
                           anim::ik::GroundContact* contact) {
    contact->point = {origin.x, 0.0f, origin.z};  // a floor at height 0
    return true;
  };
  EXPECT_FALSE(anim::ik::SolveFootIk(view, foot).valid);

  for (int c = 0; c < anim::kSoaChannels; ++c) {
    for (int j = 0; j < locals.JointCount(); ++j)
      EXPECT_EQ(locals.Channel(c)[j], before.Channel(c)[j]) << "channel " << c << " joint " << j;
  }
}

}  // namespace
