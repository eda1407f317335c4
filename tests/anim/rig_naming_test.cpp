#include "anim/core/rig_naming.h"
#include "anim/offline/pose.h"

#include "anim/blending/mirror.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

using anim::BodyPart;
using anim::Side;

struct Row {
  const char* name;
  Side side;
  BodyPart part;
  const char* partner;  // "" for a centre joint
};

// Real joint names from each tool's rigs.
const Row kRows[] = {
    // Mixamo (and Mixamo-style rigs without the namespace, like Woman.gltf)
    {"mixamorig:LeftArm", Side::kLeft, BodyPart::kUpperArm, "mixamorig:RightArm"},
    {"mixamorig:RightUpLeg", Side::kRight, BodyPart::kUpperLeg, "mixamorig:LeftUpLeg"},
    {"mixamorig:Hips", Side::kCenter, BodyPart::kHips, ""},
    {"mixamorig:LeftToeBase", Side::kLeft, BodyPart::kToe, "mixamorig:RightToeBase"},
    {"mixamorig1:LeftForeArm", Side::kLeft, BodyPart::kLowerArm, "mixamorig1:RightForeArm"},
    {"Armature|RightShoulder", Side::kRight, BodyPart::kShoulder, "Armature|LeftShoulder"},
    {"LeftLeg", Side::kLeft, BodyPart::kLowerLeg, "RightLeg"},
    {"RightHandIndex4", Side::kRight, BodyPart::kOther, "LeftHandIndex4"},
    {"LeftToe_End", Side::kLeft, BodyPart::kOther, "RightToe_End"},
    {"HeadTop_End", Side::kCenter, BodyPart::kOther, ""},
    {"Spine2", Side::kCenter, BodyPart::kSpine, ""},
    // Blender Rigify / metarig
    {"upper_arm.L", Side::kLeft, BodyPart::kUpperArm, "upper_arm.R"},
    {"forearm.R", Side::kRight, BodyPart::kLowerArm, "forearm.L"},
    {"thigh.L", Side::kLeft, BodyPart::kUpperLeg, "thigh.R"},
    {"shin.R", Side::kRight, BodyPart::kLowerLeg, "shin.L"},
    {"foot.L", Side::kLeft, BodyPart::kFoot, "foot.R"},
    {"toe.R", Side::kRight, BodyPart::kToe, "toe.L"},
    {"hand.L", Side::kLeft, BodyPart::kHand, "hand.R"},
    {"shoulder.R", Side::kRight, BodyPart::kShoulder, "shoulder.L"},
    {"spine.003", Side::kCenter, BodyPart::kSpine, ""},
    {"forearm.L.001", Side::kLeft, BodyPart::kLowerArm, "forearm.R.001"},
    {"hand.l", Side::kLeft, BodyPart::kHand, "hand.r"},
    {"foot-R", Side::kRight, BodyPart::kFoot, "foot-L"},
    // Unreal mannequin
    {"upperarm_l", Side::kLeft, BodyPart::kUpperArm, "upperarm_r"},
    {"lowerarm_r", Side::kRight, BodyPart::kLowerArm, "lowerarm_l"},
    {"thigh_l", Side::kLeft, BodyPart::kUpperLeg, "thigh_r"},
    {"calf_r", Side::kRight, BodyPart::kLowerLeg, "calf_l"},
    {"foot_l", Side::kLeft, BodyPart::kFoot, "foot_r"},
    {"ball_r", Side::kRight, BodyPart::kToe, "ball_l"},
    {"pelvis", Side::kCenter, BodyPart::kHips, ""},
    {"spine_01", Side::kCenter, BodyPart::kSpine, ""},
    {"neck_01", Side::kCenter, BodyPart::kNeck, ""},
    {"head", Side::kCenter, BodyPart::kHead, ""},
    {"clavicle_l", Side::kLeft, BodyPart::kShoulder, "clavicle_r"},
    {"hand_r", Side::kRight, BodyPart::kHand, "hand_l"},
    {"upperarm_twist_01_l", Side::kLeft, BodyPart::kOther, "upperarm_twist_01_r"},
    {"thigh_L", Side::kLeft, BodyPart::kUpperLeg, "thigh_R"},
    // Maya / HumanIK
    {"L_Arm", Side::kLeft, BodyPart::kUpperArm, "R_Arm"},
    {"R_UpLeg", Side::kRight, BodyPart::kUpperLeg, "L_UpLeg"},
    {"LeftForeArm", Side::kLeft, BodyPart::kLowerArm, "RightForeArm"},
    {"Character1_LeftHand", Side::kLeft, BodyPart::kHand, "Character1_RightHand"},
    {"L.clavicle", Side::kLeft, BodyPart::kShoulder, "R.clavicle"},
    // 3ds Max biped
    {"Bip01 L Thigh", Side::kLeft, BodyPart::kUpperLeg, "Bip01 R Thigh"},
    {"Bip01 R Calf", Side::kRight, BodyPart::kLowerLeg, "Bip01 L Calf"},
    {"Bip01 L Foot", Side::kLeft, BodyPart::kFoot, "Bip01 R Foot"},
    {"Bip01 R Toe0", Side::kRight, BodyPart::kToe, "Bip01 L Toe0"},
    {"Bip01 Pelvis", Side::kCenter, BodyPart::kHips, ""},
    {"Bip01 Spine1", Side::kCenter, BodyPart::kSpine, ""},
    {"Bip01 L UpperArm", Side::kLeft, BodyPart::kUpperArm, "Bip01 R UpperArm"},
    {"Bip01 R Forearm", Side::kRight, BodyPart::kLowerArm, "Bip01 L Forearm"},
    {"Bip001 L Clavicle", Side::kLeft, BodyPart::kShoulder, "Bip001 R Clavicle"},
    {"Bip01 R Toe0Nub", Side::kRight, BodyPart::kOther, "Bip01 L Toe0Nub"},
    {"Bip01", Side::kCenter, BodyPart::kOther, ""},
    // l_ / r_, Lf / Rt
    {"l_hand", Side::kLeft, BodyPart::kHand, "r_hand"},
    {"r_foot", Side::kRight, BodyPart::kFoot, "l_foot"},
    {"Lf_Arm", Side::kLeft, BodyPart::kUpperArm, "Rt_Arm"},
    {"Rt_Leg", Side::kRight, BodyPart::kLowerLeg, "Lf_Leg"},
    {"ArmLf", Side::kLeft, BodyPart::kUpperArm, "ArmRt"},
    {"RT_thigh", Side::kRight, BodyPart::kUpperLeg, "LF_thigh"},
    // Left/Right elsewhere and in other cases
    {"upper_arm_left", Side::kLeft, BodyPart::kUpperArm, "upper_arm_right"},
    {"FootRight", Side::kRight, BodyPart::kFoot, "FootLeft"},
    {"LEFT_HAND", Side::kLeft, BodyPart::kHand, "RIGHT_HAND"},
    {"left_hip", Side::kLeft, BodyPart::kUpperLeg, "right_hip"},
    // three.js's RobotExpressive
    {"ArmL", Side::kLeft, BodyPart::kUpperArm, "ArmR"},
    {"ArmR", Side::kRight, BodyPart::kUpperArm, "ArmL"},
    {"FootL", Side::kLeft, BodyPart::kFoot, "FootR"},
    {"FootR", Side::kRight, BodyPart::kFoot, "FootL"},
    {"LowerLegL", Side::kLeft, BodyPart::kLowerLeg, "LowerLegR"},
    {"UpperLegR", Side::kRight, BodyPart::kUpperLeg, "UpperLegL"},
    {"HandL", Side::kLeft, BodyPart::kHand, "HandR"},
    {"ShoulderL", Side::kLeft, BodyPart::kShoulder, "ShoulderR"},
    {"Hand2L", Side::kLeft, BodyPart::kHand, "Hand2R"},
    {"Head", Side::kCenter, BodyPart::kHead, ""},
    {"Torso", Side::kCenter, BodyPart::kChest, ""},
    {"Hips", Side::kCenter, BodyPart::kHips, ""},
    {"Abdomen", Side::kCenter, BodyPart::kSpine, ""},
    // Names that must not read as sided
    {"Pelvis", Side::kCenter, BodyPart::kHips, ""},
    {"Spine", Side::kCenter, BodyPart::kSpine, ""},
    {"Neck", Side::kCenter, BodyPart::kNeck, ""},
    {"HEAD", Side::kCenter, BodyPart::kHead, ""},
    {"Ball", Side::kCenter, BodyPart::kToe, ""},
    {"Lollipop", Side::kCenter, BodyPart::kOther, ""},
    {"Rotator", Side::kCenter, BodyPart::kOther, ""},
    {"Tail", Side::kCenter, BodyPart::kOther, ""},
    {"Camera", Side::kCenter, BodyPart::kOther, ""},
    {"Shirt", Side::kCenter, BodyPart::kOther, ""},
    {"Bright", Side::kCenter, BodyPart::kOther, ""},
    {"Root", Side::kCenter, BodyPart::kOther, ""},
    {"_L", Side::kCenter, BodyPart::kOther, ""},
    {"Left", Side::kCenter, BodyPart::kOther, ""},
    {"", Side::kCenter, BodyPart::kOther, ""},
};

TEST(RigNaming, TableOfRealNames) {
  for (const Row& row : kRows) {
    SCOPED_TRACE(row.name);
    const anim::JointNaming r = anim::ReadJointName(row.name);
    EXPECT_EQ(r.side, row.side);
    EXPECT_EQ(r.part, row.part) << "stem '" << r.stem << "'";
    EXPECT_EQ(anim::PartnerName(row.name), row.partner);
    if (row.side != Side::kCenter) {
      // The partner reads as the same part on the other side, and its
      // partner is the name again.
      const anim::JointNaming p = anim::ReadJointName(row.partner);
      EXPECT_EQ(p.side, row.side == Side::kLeft ? Side::kRight : Side::kLeft);
      EXPECT_EQ(p.part, row.part);
      EXPECT_EQ(p.stem, r.stem);
      EXPECT_EQ(anim::PartnerName(row.partner), row.name);
    }
  }
}

// Issue #59: names whose side marker runs into the part's capital ("LArm",
// "RThigh"), all-capital names ("ARM_L"), the biped's two-word part
// ("Bip01 L UpperArm") and Rigify's deform layer ("DEF-thigh.L"), each with
// the side and part a person reads in it, and the partner a person would
// write. The last rows are the same parts as other tools spell them, which
// must still read the same.
TEST(RigNaming, NamesWithConsecutiveCapitalsReadAsAPersonReadsThem) {
  struct Reading {
    const char* name;
    const char* reads_as;  // PartName's words: side, then part
    const char* partner;   // "" for a centre joint
  };
  const Reading readings[] = {
      {"LArm", "left upper arm", "RArm"},
      {"RThigh", "right upper leg", "LThigh"},
      {"ARM_L", "left upper arm", "ARM_R"},
      {"Bip01 L UpperArm", "left upper arm", "Bip01 R UpperArm"},
      {"DEF-thigh.L", "left upper leg", "DEF-thigh.R"},
      {"LUpperArm", "left upper arm", "RUpperArm"},
      {"RForeArm", "right lower arm", "LForeArm"},
      {"ORG-upper_arm.R", "right upper arm", "ORG-upper_arm.L"},
      {"THIGH_R", "right upper leg", "THIGH_L"},
      {"mixamorig:LeftUpLeg", "left upper leg", "mixamorig:RightUpLeg"},
      {"thigh.L", "left upper leg", "thigh.R"},
      {"upperarm_l", "left upper arm", "upperarm_r"},
      // Capitals that are no side: an acronym, a word starting with L or R.
      {"LOD0", "other", ""},
      {"RGBLight", "other", ""},
      {"Leg", "lower leg", ""},
      {"DEF-spine", "spine", ""},
  };
  for (const Reading& reading : readings) {
    SCOPED_TRACE(reading.name);
    const anim::JointNaming r = anim::ReadJointName(reading.name);
    EXPECT_EQ(anim::PartName(r.part, r.side), reading.reads_as) << "stem '" << r.stem << "'";
    EXPECT_EQ(anim::PartnerName(reading.name), reading.partner);
  }
  // What the stems are once the marker and prefixes are set aside.
  EXPECT_EQ(anim::ReadJointName("LArm").stem, "arm");
  EXPECT_EQ(anim::ReadJointName("RThigh").stem, "thigh");
  EXPECT_EQ(anim::ReadJointName("DEF-thigh.L").stem, "thigh");
  EXPECT_EQ(anim::ReadJointName("Bip01 L UpperArm").stem, "upperarm");
}

TEST(RigNaming, StemDropsNamespaceBipedRootAndMarker) {
  EXPECT_EQ(anim::ReadJointName("mixamorig:LeftUpLeg").stem, "upleg");
  EXPECT_EQ(anim::ReadJointName("Bip01 R Toe0").stem, "toe0");
  EXPECT_EQ(anim::ReadJointName("upper_arm.L").stem, "upperarm");
  EXPECT_EQ(anim::ReadJointName("Lf_Arm").stem, "arm");
}

TEST(RigNaming, PartNames) {
  EXPECT_EQ(anim::PartName(BodyPart::kFoot, Side::kLeft), "left foot");
  EXPECT_EQ(anim::PartName(BodyPart::kUpperArm, Side::kRight), "right upper arm");
  EXPECT_EQ(anim::PartName(BodyPart::kHips), "hips");
}

// Builds a skeleton from (name, parent) pairs; transforms don't matter here.
anim::Skeleton MakeSkeleton(const std::vector<std::pair<std::string, int>>& joints) {
  std::vector<std::string> names;
  std::vector<int> parents;
  for (const auto& [name, parent] : joints) {
    names.push_back(name);
    parents.push_back(parent);
  }
  const std::vector<anim::Transform> locals(joints.size());
  const anim::Pose rest(locals, parents);
  return anim::SkeletonOf(names, rest, rest,
                          std::vector<glm::mat4>(joints.size(), glm::mat4(1.0f)));
}

TEST(RigNaming, ReadRigPicksTheJointNearestTheRootAndDerivesTheChest) {
  // Mixamo layout: three spine joints, the chest is the last one.
  const anim::Skeleton s = MakeSkeleton({{"mixamorig:Hips", -1},
                                         {"mixamorig:Spine", 0},
                                         {"mixamorig:Spine1", 1},
                                         {"mixamorig:Spine2", 2},
                                         {"mixamorig:Neck", 3},
                                         {"mixamorig:Head", 4},
                                         {"mixamorig:HeadTop_End", 5},
                                         {"mixamorig:LeftUpLeg", 0},
                                         {"mixamorig:LeftLeg", 7},
                                         {"mixamorig:LeftFoot", 8},
                                         {"mixamorig:LeftToeBase", 9},
                                         {"mixamorig:RightUpLeg", 0},
                                         {"mixamorig:RightLeg", 11},
                                         {"mixamorig:RightFoot", 12},
                                         {"mixamorig:LeftShoulder", 3},
                                         {"mixamorig:LeftArm", 14},
                                         {"mixamorig:LeftForeArm", 15},
                                         {"mixamorig:LeftHand", 16}});
  ASSERT_EQ(s.JointCount(), 18);
  const anim::RigMap rig = anim::ReadRig(s);
  EXPECT_EQ(rig.Find(BodyPart::kHips), 0);
  EXPECT_EQ(rig.Find(BodyPart::kSpine), 1);
  EXPECT_EQ(rig.Find(BodyPart::kChest), 3);
  EXPECT_EQ(rig.Find(BodyPart::kNeck), 4);
  EXPECT_EQ(rig.Find(BodyPart::kHead), 5);
  EXPECT_EQ(rig.Find(BodyPart::kUpperLeg, Side::kLeft), 7);
  EXPECT_EQ(rig.Find(BodyPart::kLowerLeg, Side::kLeft), 8);
  EXPECT_EQ(rig.Find(BodyPart::kFoot, Side::kLeft), 9);
  EXPECT_EQ(rig.Find(BodyPart::kToe, Side::kLeft), 10);
  EXPECT_EQ(rig.Find(BodyPart::kUpperLeg, Side::kRight), 11);
  EXPECT_EQ(rig.Find(BodyPart::kFoot, Side::kRight), 13);
  EXPECT_EQ(rig.Find(BodyPart::kToe, Side::kRight), -1);
  EXPECT_EQ(rig.Find(BodyPart::kShoulder, Side::kLeft), 14);
  EXPECT_EQ(rig.Find(BodyPart::kUpperArm, Side::kLeft), 15);
  EXPECT_EQ(rig.Find(BodyPart::kLowerArm, Side::kLeft), 16);
  EXPECT_EQ(rig.Find(BodyPart::kHand, Side::kLeft), 17);
  EXPECT_EQ(rig.Find(BodyPart::kFoot), -1);  // no centre foot
  EXPECT_EQ(rig.Find(BodyPart::kOther), -1);

  // One spine joint: no separate chest.
  const anim::RigMap short_spine =
      anim::ReadRig(MakeSkeleton({{"pelvis", -1}, {"spine_01", 0}, {"neck_01", 1}, {"head", 2}}));
  EXPECT_EQ(short_spine.Find(BodyPart::kSpine), 1);
  EXPECT_EQ(short_spine.Find(BodyPart::kChest), -1);
}

TEST(RigNaming, ReadRigOnTheRobotAndALegsOnlyRigWithoutHips) {
  const anim::RigMap robot = anim::ReadRig(MakeSkeleton({{"Root", -1},
                                                         {"Hips", 0},
                                                         {"Abdomen", 1},
                                                         {"Torso", 2},
                                                         {"Neck", 3},
                                                         {"Head", 4},
                                                         {"UpperLegL", 1},
                                                         {"LowerLegL", 6},
                                                         {"FootL", 7},
                                                         {"UpperLegR", 1},
                                                         {"LowerLegR", 9},
                                                         {"FootR", 10}}));
  EXPECT_EQ(robot.Find(BodyPart::kHips), 1);
  EXPECT_EQ(robot.Find(BodyPart::kSpine), 2);
  EXPECT_EQ(robot.Find(BodyPart::kChest), 3);
  EXPECT_EQ(robot.Find(BodyPart::kFoot, Side::kLeft), 8);
  EXPECT_EQ(robot.Find(BodyPart::kFoot, Side::kRight), 11);

  // No joint named hips: the joint both thighs hang from plays it.
  const anim::RigMap legs = anim::ReadRig(MakeSkeleton(
      {{"root", -1}, {"base", 0}, {"thigh_l", 1}, {"thigh_r", 1}, {"calf_l", 2}, {"calf_r", 3}}));
  EXPECT_EQ(legs.Find(BodyPart::kHips), 1);
  EXPECT_EQ(legs.Find(BodyPart::kLowerLeg, Side::kRight), 5);
}

TEST(RigNaming, MissingPartsSaysWhatTheRigLacks) {
  // A rig whose feet carry no side anyone could read.
  const anim::RigMap rig = anim::ReadRig(MakeSkeleton(
      {{"Hips", -1}, {"Spine", 0}, {"Head", 1}, {"FootA", 0}, {"FootB", 0}, {"ArmL", 1}}));
  EXPECT_TRUE(anim::MissingParts(rig, {{BodyPart::kHips}, {BodyPart::kHead}}).empty());
  EXPECT_EQ(anim::MissingPartsMessage(rig, {{BodyPart::kHips}, {BodyPart::kHead}}), "");
  EXPECT_EQ(anim::MissingParts(rig, {{BodyPart::kFoot, Side::kLeft},
                                     {BodyPart::kHips},
                                     {BodyPart::kFoot, Side::kRight},
                                     {BodyPart::kUpperArm, Side::kLeft}}),
            (std::vector<std::string>{"left foot", "right foot"}));
  EXPECT_EQ(anim::MissingPartsMessage(
                rig, {{BodyPart::kFoot, Side::kLeft}, {BodyPart::kFoot, Side::kRight}}),
            "the rig has no joint named as the left foot, right foot");
}

// The issue's robot: mirroring pairs its bare-suffix joints through
// PartnerName (the old patterns left ArmL without a partner).
TEST(RigNaming, MirrorMapPairsTheRobotsJoints) {
  const anim::Skeleton s = MakeSkeleton({{"Hips", -1},
                                         {"Torso", 0},
                                         {"ArmL", 1},
                                         {"ArmR", 1},
                                         {"HandL", 2},
                                         {"HandR", 3},
                                         {"UpperLegL", 0},
                                         {"UpperLegR", 0}});
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  EXPECT_EQ(map.partner, (std::vector<int>{0, 1, 3, 2, 5, 4, 7, 6}));
}

}  // namespace
