// The BVH importer (import/bvh_importer.h) against a hand-written take: a
// root with six channels and a child with three in Z X Y order, three
// frames. Expected values are worked out by hand in the comments: each
// rotation is checked by where it sends a vector, turned one axis at a time
// (the rightmost matrix first), never by composing quaternions again.
#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include "anim/core/soa_pose.h"
#include "bvh_test_util.h"
#include "test_util.h"

namespace {

using gltf_test::VecNear;

anim::Model LoadWalk() {
  anim::Model model;
  std::string error;
  EXPECT_TRUE(bvh_test::LoadBvhString("takes/walk.bvh", bvh_test::kWalk, &model, &error)) << error;
  return model;
}

// The local transforms of `model`'s clip 0 at `time`.
anim::SoaPose PoseAt(const anim::Model& model, float time) {
  anim::SoaPose pose = model.skeleton.RestPose();
  model.clips.at(0).Sample(pose, time, anim::LoopMode::kClamp);
  return pose;
}

TEST(BvhImport, JointsParentsAndOffsets) {
  const anim::Model model = LoadWalk();
  const anim::Skeleton& s = model.skeleton;
  ASSERT_EQ(s.JointCount(), 3);
  EXPECT_EQ(s.JointName(0), "Hips");
  EXPECT_EQ(s.JointName(1), "Chest");
  EXPECT_EQ(s.JointName(2), "Chest_End");  // the End Site, kept as a leaf
  EXPECT_EQ(s.Parent(0), -1);
  EXPECT_EQ(s.Parent(1), 0);
  EXPECT_EQ(s.Parent(2), 1);
  EXPECT_TRUE(VecNear(s.RestPose().Local(0).translation, {0, 0, 0}, 0));
  EXPECT_TRUE(VecNear(s.RestPose().Local(1).translation, {0, 10, 0}, 0));
  EXPECT_TRUE(VecNear(s.RestPose().Local(2).translation, {0, 5, 0}, 0));
  // The rest pose has no rotation: BVH's OFFSETs are its T-pose.
  for (int j = 0; j < 3; ++j) {
    EXPECT_TRUE(VecNear(s.RestPose().Local(j).rotation * glm::vec3(1, 2, 3), {1, 2, 3}, 0));
  }
  EXPECT_TRUE(model.primitives.empty());
  EXPECT_EQ(model.source_path, "takes/walk.bvh");
}

// One clip named after the file's stem; keys at 0, 0.5 and 1.0 s, so it
// lasts (3 - 1) x 0.5 = 1 s: from the first frame's pose to the last's, as
// a glTF clip whose keys are the frames (what Blender's BVH import then
// glTF export writes).
TEST(BvhImport, OneClipNamedAfterTheFileLastingFramesMinusOneTimesFrameTime) {
  const anim::Model model = LoadWalk();
  ASSERT_EQ(model.clips.size(), 1u);
  EXPECT_EQ(model.clips[0].Name(), "walk");
  EXPECT_FLOAT_EQ(model.clips[0].StartTime(), 0.0f);
  EXPECT_FLOAT_EQ(model.clips[0].EndTime(), 1.0f);
  ASSERT_EQ(model.clips[0].Tracks().size(), 2u);  // Hips and Chest; the End Site has no channel
  EXPECT_EQ(model.clips[0].Tracks()[0].rotation.KeyCount(), 3);
  EXPECT_EQ(model.clips[0].Tracks()[1].translation.KeyCount(), 0);  // Chest: rotations only
  EXPECT_EQ(model.clip_roles.size(), 1u);
}

// The root's position channels replace its OFFSET; between frames they
// interpolate linearly (t = 0.25, halfway from (1,2,3) to (4,5,6)).
TEST(BvhImport, PositionChannelsGiveTheTranslation) {
  const anim::Model model = LoadWalk();
  EXPECT_TRUE(VecNear(PoseAt(model, 0.0f).Local(0).translation, {1, 2, 3}, 1e-6f));
  EXPECT_TRUE(VecNear(PoseAt(model, 0.5f).Local(0).translation, {4, 5, 6}, 1e-6f));
  EXPECT_TRUE(VecNear(PoseAt(model, 0.25f).Local(0).translation, {2.5f, 3.5f, 4.5f}, 1e-6f));
  EXPECT_TRUE(VecNear(PoseAt(model, 1.0f).Local(0).translation, {7, 8, 9}, 1e-6f));
  // Chest has no position channel: its OFFSET stays.
  EXPECT_TRUE(VecNear(PoseAt(model, 0.5f).Local(1).translation, {0, 10, 0}, 1e-6f));
}

// Frame 2, Hips: Zrotation 90 alone. A right-handed quarter turn about Z
// sends +X to +Y and +Y to -X. Halfway to it (t = 0.25), 45 degrees: +X to
// (cos 45, sin 45, 0).
TEST(BvhImport, NinetyDegreesAboutZSendsXToY) {
  const anim::Model model = LoadWalk();
  const glm::quat hips = PoseAt(model, 0.5f).Local(0).rotation;
  EXPECT_TRUE(VecNear(hips * glm::vec3(1, 0, 0), {0, 1, 0}, 1e-6f));
  EXPECT_TRUE(VecNear(hips * glm::vec3(0, 1, 0), {-1, 0, 0}, 1e-6f));
  const glm::quat half = PoseAt(model, 0.25f).Local(0).rotation;
  EXPECT_TRUE(VecNear(half * glm::vec3(1, 0, 0), {0.70710678f, 0.70710678f, 0}, 1e-6f));
}

// Frame 2, Chest: Z 90, X 90, Y 0, so R = Rz(90) Rx(90): Rx acts first.
//   (0,0,1): Rx(90) sends +Z to -Y, giving (0,-1,0); Rz(90) sends -Y to +X.
//   (0,1,0): Rx(90) sends +Y to +Z; Rz leaves +Z alone.
// Multiplied the other way (Rx Rz), (0,0,1) would end at (0,-1,0).
TEST(BvhImport, ChannelOrderZXYMultipliesLeftToRight) {
  const anim::Model model = LoadWalk();
  const glm::quat chest = PoseAt(model, 0.5f).Local(1).rotation;
  EXPECT_TRUE(VecNear(chest * glm::vec3(0, 0, 1), {1, 0, 0}, 1e-6f));
  EXPECT_TRUE(VecNear(chest * glm::vec3(0, 1, 0), {0, 0, 1}, 1e-6f));
}

// Frame 3, Chest: Z 0, X 90, Y 90, so R = Rx(90) Ry(90): Ry acts first.
//   (1,0,0): Ry(90) sends +X to -Z; Rx(90) sends -Z to +Y.
// The other way (Ry Rx) it would end at (0,0,-1).
TEST(BvhImport, XThenYRotationsComposeInChannelOrder) {
  const anim::Model model = LoadWalk();
  const glm::quat chest = PoseAt(model, 1.0f).Local(1).rotation;
  EXPECT_TRUE(VecNear(chest * glm::vec3(1, 0, 0), {0, 1, 0}, 1e-6f));
}

// The channel order is the file's, joint by joint: the same angles listed
// X Y Z instead of Z X Y must turn differently. Root with rotations only,
// listed Xrotation Yrotation Zrotation, values X 90, Y 0, Z 90:
// R = Rx(90) Rz(90). (1,0,0): Rz(90) sends it to +Y; Rx(90) sends +Y to +Z.
TEST(BvhImport, ChannelOrderIsReadPerJoint) {
  const std::string text =
      "HIERARCHY\nROOT Root\n{\n OFFSET 0 0 0\n"
      " CHANNELS 3 Xrotation Yrotation Zrotation\n}\n"
      "MOTION\nFrames: 1\nFrame Time: 0.0333333\n90 0 90\n";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(bvh_test::LoadBvhString("xyz.bvh", text, &model, &error)) << error;
  const glm::quat root = PoseAt(model, 0.0f).Local(0).rotation;
  EXPECT_TRUE(VecNear(root * glm::vec3(1, 0, 0), {0, 0, 1}, 1e-6f));
  EXPECT_FLOAT_EQ(model.clips[0].Duration(), 0.0f);  // one frame: a still
}

// Positions among rotations, in any order, and a coordinate without a
// channel keeps the OFFSET's: Zposition Yrotation, OFFSET (1, 2, 3), row
// "7 90": translation (1, 2, 7), rotation Ry(90) sending +X to -Z.
TEST(BvhImport, PartialPositionChannelsKeepTheOffsetsOtherCoordinates) {
  const std::string text =
      "HIERARCHY\r\nROOT Root\r\n{\r\n OFFSET 1 2 3\r\n"
      " CHANNELS 2 Zposition Yrotation\r\n}\r\n"
      "MOTION\r\nFrames: 1\r\nFrame Time: 0.01\r\n7 +90\r\n";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(bvh_test::LoadBvhString("crlf.bvh", text, &model, &error)) << error;
  const anim::Transform root = PoseAt(model, 0.0f).Local(0);
  EXPECT_TRUE(VecNear(root.translation, {1, 2, 7}, 1e-6f));
  EXPECT_TRUE(VecNear(root.rotation * glm::vec3(1, 0, 0), {0, 0, -1}, 1e-6f));
}

// Some exporters open a joint's brace on its own line, some on the JOINT's;
// a name may hold spaces. Either way the same joints come out.
TEST(BvhImport, BraceOnTheJointsLineAndNamesWithSpaces) {
  const std::string text =
      "HIERARCHY\nROOT Root {\n OFFSET 0 0 0\n CHANNELS 1 Yrotation\n"
      " JOINT Left Arm\t{\n  OFFSET 1 0 0\n }\n}\n"
      "MOTION\nFrames: 1\nFrame Time: 0.1\n0\n";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(bvh_test::LoadBvhString("braces.bvh", text, &model, &error)) << error;
  ASSERT_EQ(model.skeleton.JointCount(), 2);
  EXPECT_EQ(model.skeleton.JointName(0), "Root");
  EXPECT_EQ(model.skeleton.JointName(1), "Left Arm");
  EXPECT_EQ(model.skeleton.Parent(1), 0);
}

TEST(BvhImport, ExtensionIsReadInAnyCase) {
  EXPECT_TRUE(anim::IsBvhPath("take.bvh"));
  EXPECT_TRUE(anim::IsBvhPath("/data/CMU/02_01.BVH"));
  EXPECT_TRUE(anim::IsBvhPath("a.Bvh"));
  EXPECT_FALSE(anim::IsBvhPath("take.gltf"));
  EXPECT_FALSE(anim::IsBvhPath("bvh"));
  EXPECT_FALSE(anim::IsBvhPath("take.bvh.glb"));
}

}  // namespace
