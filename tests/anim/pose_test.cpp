#include "anim/offline/pose.h"
#include "anim/core/local_to_model_jobs.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/skeleton.h"
#include "test_util.h"

namespace {

using anim::Pose;
using anim::Transform;
using namespace anim_test;

// root (at (1,0,0)) -> child (up 2, rotated 90 deg about Z) -> tip (1 along x).
Pose ThreeJointChain() {
  std::vector<Transform> locals(3);
  locals[0].translation = {1, 0, 0};
  locals[1].translation = {0, 2, 0};
  locals[1].rotation = AxisAngle(90, {0, 0, 1});
  locals[2].translation = {1, 0, 0};
  return Pose(locals, {-1, 0, 1});
}

TEST(Pose, ModelMatrixWalksTheParentChain) {
  const Pose pose = ThreeJointChain();
  // By hand: the tip's local x axis is the child's rotated x = world +y, so
  // the tip sits at root (1,0,0) + (0,2,0) + (0,1,0) = (1,3,0).
  ExpectVecNear(glm::vec3(pose.ModelMatrix(2)[3]), {1, 3, 0});
  ExpectVecNear(glm::vec3(pose.ModelMatrix(1)[3]), {1, 2, 0});
}

TEST(Pose, OnePassModelMatricesEqualPerJointChains) {
  const Pose pose = ThreeJointChain();
  std::vector<glm::mat4> all(3);
  pose.ComputeModelMatrices(all);
  for (int i = 0; i < 3; ++i) ExpectMatNear(all[i], pose.ModelMatrix(i));
}

TEST(Pose, OffsetsOfNonJointAncestorsApplyBeforeTheLocalTransform) {
  // An armature node scaling by 0.01 above the root, as in many exported
  // rigs: the tip at (1,3,0) in joint units is at (0.01, 0.03, 0) in the model.
  Pose chain = ThreeJointChain();
  std::vector<Transform> locals(chain.Locals().begin(), chain.Locals().end());
  std::vector<glm::mat4> offsets(3, glm::mat4(1));
  offsets[0] = glm::scale(glm::mat4(1), glm::vec3(0.01f));
  const Pose pose(locals, {-1, 0, 1}, offsets);
  std::vector<glm::mat4> all(3);
  pose.ComputeModelMatrices(all);
  ExpectVecNear(glm::vec3(all[2][3]), {0.01f, 0.03f, 0.0f}, 1e-6f);
  ExpectMatNear(all[2], pose.ModelMatrix(2));
}

anim::Skeleton SkeletonFromRest(const Pose& rest) {
  std::vector<glm::mat4> model(rest.JointCount());
  rest.ComputeModelMatrices(model);
  std::vector<glm::mat4> inverse_bind;
  inverse_bind.reserve(model.size());
  for (const glm::mat4& m : model) inverse_bind.push_back(glm::inverse(m));
  return anim::SkeletonOf({"root", "child", "tip"}, rest, rest, inverse_bind);
}

TEST(Palette, IsIdentityInTheBindPose) {
  const anim::Skeleton skeleton = SkeletonFromRest(ThreeJointChain());
  ASSERT_EQ(skeleton.JointCount(), 3);
  std::vector<glm::mat4> scratch(3), palette(3);
  anim::ComputePalette(skeleton, anim::SoaPose(skeleton.RestPose()), scratch, palette);
  for (const glm::mat4& m : palette) ExpectMatNear(m, glm::mat4(1));
}

TEST(Palette, MovesABoundVertexWithItsJoint) {
  const anim::Skeleton skeleton = SkeletonFromRest(ThreeJointChain());
  Pose pose = anim::RestPoseOf(skeleton);
  // Bend the child a further 90 degrees about Z: the tip, bound at (1,3,0),
  // now points along world -x from the child at (1,2,0): (0,2,0).
  Transform child = pose.Local(1);
  child.rotation = AxisAngle(180, {0, 0, 1});
  pose.SetLocal(1, child);
  std::vector<glm::mat4> scratch(3), palette(3);
  anim::ComputePalette(skeleton, anim::SoaPose(pose), scratch, palette);
  ExpectVecNear(glm::vec3(palette[2] * glm::vec4(1, 3, 0, 1)), {0, 2, 0});
  // The root did not move, so its palette entry is still the identity.
  ExpectMatNear(palette[0], glm::mat4(1));
}

TEST(Skeleton, RejectsAParentListedAfterItsChild) {
  const std::vector<Transform> locals(2);
  anim::Skeleton skeleton;
  std::string error;
  EXPECT_FALSE(skeleton.Build({"a", "b"}, {1, -1}, {}, locals, locals, {glm::mat4(1), glm::mat4(1)},
                              &error));
  EXPECT_EQ(skeleton.JointCount(), 0);
  EXPECT_NE(error.find("joint 0 (a) has parent 1; parents must come before their children"),
            std::string::npos)
      << error;
  // A joint its own parent is refused too, by the hierarchy-only form.
  EXPECT_FALSE(skeleton.BuildHierarchy(locals, {-1, 1}, {}, &error));
  EXPECT_NE(error.find("joint 1 (joint1) has parent 1"), std::string::npos) << error;
}

TEST(Skeleton, RejectsArraysOfDifferentLengths) {
  const std::vector<Transform> locals(2);
  anim::Skeleton skeleton;
  std::string error;
  EXPECT_FALSE(skeleton.Build({"a", "b"}, {-1, 0}, {}, locals, locals, {glm::mat4(1)}, &error));
  EXPECT_EQ(skeleton.JointCount(), 0);
  EXPECT_NE(error.find("inverse bind matrices 1"), std::string::npos) << error;
  // An offset list that is neither empty nor one per joint.
  EXPECT_FALSE(skeleton.Build({"a", "b"}, {-1, 0}, {glm::mat4(1)}, locals, locals,
                              {glm::mat4(1), glm::mat4(1)}, &error));
  EXPECT_NE(error.find("offsets 1"), std::string::npos) << error;
  // A skeleton that was built and is built again from bad arrays is empty.
  ASSERT_TRUE(skeleton.Build({"a", "b"}, {-1, 0}, {}, locals, locals, {glm::mat4(1), glm::mat4(1)},
                             &error));
  EXPECT_EQ(skeleton.JointCount(), 2);
  EXPECT_FALSE(skeleton.Build({"a"}, {-1, 0}, {}, locals, locals, {glm::mat4(1)}, &error));
  EXPECT_EQ(skeleton.JointCount(), 0);
}

TEST(Skeleton, FindsJointsByName) {
  const anim::Skeleton skeleton = SkeletonFromRest(ThreeJointChain());
  EXPECT_EQ(skeleton.FindJoint("tip"), 2);
  EXPECT_EQ(skeleton.FindJoint("nope"), -1);
  EXPECT_EQ(skeleton.Parent(2), 1);
}

}  // namespace
