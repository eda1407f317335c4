// Joint mapping: which joint of a source skeleton drives each joint of a
// target skeleton when a clip made for the one plays on the other.
//
// AutoMapJoints matches names the way the rig-naming module reads them
// (anim/core/rig_naming.h), so a Mixamo source drives a Blender, Unreal or
// 3ds Max target: per target joint, in order, the first that applies
//   1. the same name, case-insensitively ("Hips" and "hips");
//   2. the same stem and side once namespaces, 3ds Max's "Bip01 " and side
//      markers are set aside ("mixamorig:LeftHandIndex1" and
//      "LeftHandIndex1", "upperarm_l" and "UpperArm.L");
//   3. the same body part and side ("LeftUpLeg" and "Thigh_L": both the left
//      upper leg): the joint ReadRig picks for that part on each side.
// A source joint drives one target joint at most (the first to claim it).
// Target joints left without a source keep their reference (rest) pose.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "anim/core/skeleton.h"

namespace anim {

// Per target joint, the index of its source joint, -1: unmapped.
using JointMapping = std::vector<int>;

JointMapping AutoMapJoints(const Skeleton& source, const Skeleton& target);

// "" when `mapping` fits the pair, else the first problem, naming the
// joints: its size is not the target's joint count, an index is not a
// source joint, two target joints share a source joint, or the mapping
// crosses the hierarchy (a cycle: target A above target B while A's source
// is below B's source, which would turn the chain inside out), or nothing is
// mapped at all.
std::string CheckJointMapping(const Skeleton& source, const Skeleton& target,
                              std::span<const int> mapping);

// The nearest joint above `joint` that has a source, or -1 (`joint` is a
// root of the mapping).
int NearestMappedAncestor(const Skeleton& target, std::span<const int> mapping, int joint);

// True when `joint` is below `ancestor` (not `ancestor` itself).
bool IsStrictlyBelow(const Skeleton& skeleton, int joint, int ancestor);

// How many target joints have a source.
int MappedJointCount(std::span<const int> mapping);

// Per target joint: true when a mapped joint hangs below it (what a joint
// that carries a prop must not have). Allocates the result.
std::vector<bool> JointsAboveMapped(const Skeleton& target, std::span<const int> mapping);

}  // namespace anim
