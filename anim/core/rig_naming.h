// Rig naming: which side of the body a joint is on and which body part it
// is, read from its name. Rigs come from many tools and each names joints
// its own way (Mixamo "mixamorig:LeftArm", Blender "upper_arm.L", Unreal
// "upperarm_l", Maya "L_Arm", 3ds Max "Bip01 L UpperArm", three.js's robot
// "ArmL"...). Mirroring, IK rigs, look-at, foot IK and locomotion all need to
// find "the left foot" or "the partner of this joint"; this module is the one
// place that knows the conventions, so a new one is taught once.
//
// Everything is read case-insensitively except where case is the only thing
// that tells a side marker from a word (a bare trailing "L"/"R", as in
// "FootL", must be a capital after a lowercase letter or digit so that
// "Ball", "Pelvis" or "Tail" stay centre joints).
//
// glm/std only; reading a name allocates its stem, ReadRig allocates once.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "anim/core/skeleton.h"

namespace anim {

enum class Side { kCenter, kLeft, kRight };

// The parts locomotion, IK and look-at need. kOther: anything else
// (fingers, twist and end joints, props, the armature root).
enum class BodyPart {
  kHips,
  kSpine,
  kChest,
  kNeck,
  kHead,
  kShoulder,  // clavicle / collar
  kUpperArm,
  kLowerArm,  // forearm
  kHand,
  kUpperLeg,  // thigh
  kLowerLeg,  // calf / shin
  kFoot,
  kToe,
  kOther,
};
inline constexpr int kBodyPartCount = static_cast<int>(BodyPart::kOther);
inline constexpr int kSideCount = 3;

struct JointNaming {
  Side side = Side::kCenter;
  BodyPart part = BodyPart::kOther;
  // The name without namespace ("mixamorig:", "Armature|"), 3ds Max's
  // "Bip01 ", Rigify's layer ("DEF-", "ORG-", "MCH-") and the side marker,
  // lowercased, separators removed: "mixamorig:LeftUpLeg" -> "upleg",
  // "Bip01 R Toe0" -> "toe0", "DEF-thigh.L" -> "thigh".
  std::string stem;
  // Where the side marker is in the name, for PartnerName (length 0: none).
  std::size_t marker_at = 0;
  std::size_t marker_size = 0;
};

// Reads one joint name. Side markers understood (first that applies wins):
//   "Left"/"Right" starting a word part, any case: LeftArm, upper_arm_left,
//       LEFT_ARM, ArmLeft (not "Bright": "right" must start a word part)
//   "Lf"/"Rt" as a whole word part: Lf_Arm, ArmLf, RT_leg
//   the 3ds Max word " L " / " R " (Bip01 L Thigh), or "L "/"R " first
//   prefixes L_ R_ l_ r_ L. R. l. r. (Maya, l_hand)
//   a capital L/R first, before a capitalised word (LArm, RThigh)
//   suffixes _L _R _l _r .L .R .l .r -L -R -l -r (Blender, Unreal), also
//       before a Blender duplicate number ("forearm.L.001")
//   a bare capital L/R last, after a lowercase letter or digit (ArmL, Hand2L)
// The part comes from the stem: a synonym, optionally followed by digits
// ("spine_01", "Spine2", "Toe0"); anything longer ("LeftHandIndex1",
// "HeadTop_End") is kOther.
JointNaming ReadJointName(std::string_view name);

// The same name with the other side's marker, in the same convention and
// case ("mixamorig:LeftArm" -> "mixamorig:RightArm", "ArmL" -> "ArmR",
// "Lf_Arm" -> "Rt_Arm"); "" when the name has no side.
std::string PartnerName(std::string_view name);

// "hips", "upper arm", ...; with a side: "left foot".
std::string PartName(BodyPart part, Side side = Side::kCenter);

// Per part and side, the joint of a skeleton that plays it (-1: none).
struct RigMap {
  int joint[kBodyPartCount][kSideCount];

  RigMap();
  int Find(BodyPart part, Side side = Side::kCenter) const;
};

// Reads every joint name of the skeleton. When several joints read as the
// same part and side, the one nearest the root wins (Mixamo's Spine over
// Spine1 and Spine2; the lower index breaks ties), because the solvers want
// the start of a chain. Two parts are then derived from the hierarchy:
//   chest: a joint named so (chest, upperchest, torso), else the last spine
//       joint above the neck when it is not the spine joint itself (Mixamo's
//       Spine2), else none;
//   hips: when no joint is named hips/pelvis, the common parent of the left
//       and right upper legs.
RigMap ReadRig(const Skeleton& skeleton);

struct PartOnSide {
  BodyPart part;
  Side side = Side::kCenter;
};

// The readable names ("left foot") of the parts in `wanted` the rig lacks,
// in the order asked; empty when it has them all.
std::vector<std::string> MissingParts(const RigMap& rig, std::initializer_list<PartOnSide> wanted);

// "" when nothing is missing, else "the rig has no joint named as the left
// foot, right foot": what a feature that cannot run on the rig says.
std::string MissingPartsMessage(const RigMap& rig, std::initializer_list<PartOnSide> wanted);

}  // namespace anim
