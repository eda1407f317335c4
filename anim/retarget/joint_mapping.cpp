#include "anim/retarget/joint_mapping.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "anim/core/rig_naming.h"

namespace anim {
namespace {

bool SameNameIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

JointMapping AutoMapJoints(const Skeleton& source, const Skeleton& target) {
  const int source_count = source.JointCount();
  const int target_count = target.JointCount();
  JointMapping mapping(static_cast<std::size_t>(target_count), -1);
  std::vector<bool> taken(static_cast<std::size_t>(source_count), false);
  auto claim = [&](int t, int s) {
    if (mapping[t] >= 0 || s < 0 || taken[s]) return;
    mapping[t] = s;
    taken[s] = true;
  };
  // 1. Same name.
  for (int t = 0; t < target_count; ++t) {
    for (int s = 0; s < source_count && mapping[t] < 0; ++s) {
      if (SameNameIgnoringCase(target.JointName(t), source.JointName(s))) claim(t, s);
    }
  }
  // 2. Same stem and side.
  std::vector<JointNaming> source_names;
  source_names.reserve(source_count);
  for (int s = 0; s < source_count; ++s) source_names.push_back(ReadJointName(source.JointName(s)));
  for (int t = 0; t < target_count; ++t) {
    if (mapping[t] >= 0) continue;
    const JointNaming name = ReadJointName(target.JointName(t));
    if (name.stem.empty()) continue;
    for (int s = 0; s < source_count && mapping[t] < 0; ++s) {
      if (source_names[s].side == name.side && source_names[s].stem == name.stem) claim(t, s);
    }
  }
  // 3. Same body part and side, as each rig reads it.
  const RigMap source_rig = ReadRig(source);
  const RigMap target_rig = ReadRig(target);
  for (int part = 0; part < kBodyPartCount; ++part) {
    for (int side = 0; side < kSideCount; ++side) {
      const int t = target_rig.joint[part][side];
      if (t >= 0) claim(t, source_rig.joint[part][side]);
    }
  }
  return mapping;
}

int NearestMappedAncestor(const Skeleton& target, std::span<const int> mapping, int joint) {
  int above = target.Parent(joint);
  while (above >= 0 && mapping[above] < 0) above = target.Parent(above);
  return above;
}

bool IsStrictlyBelow(const Skeleton& skeleton, int joint, int ancestor) {
  for (int j = skeleton.Parent(joint); j >= 0; j = skeleton.Parent(j)) {
    if (j == ancestor) return true;
  }
  return false;
}

int MappedJointCount(std::span<const int> mapping) {
  return static_cast<int>(
      std::count_if(mapping.begin(), mapping.end(), [](int s) { return s >= 0; }));
}

std::string CheckJointMapping(const Skeleton& source, const Skeleton& target,
                              std::span<const int> mapping) {
  if (static_cast<int>(mapping.size()) != target.JointCount()) {
    return "the mapping has " + std::to_string(mapping.size()) + " entries for a target of " +
           std::to_string(target.JointCount()) + " joints";
  }
  std::vector<int> user(static_cast<std::size_t>(source.JointCount()), -1);
  for (int t = 0; t < target.JointCount(); ++t) {
    const int s = mapping[t];
    if (s < -1 || s >= source.JointCount()) {
      return "target joint \"" + target.JointName(t) + "\" maps to " + std::to_string(s) +
             ", not one of the source's " + std::to_string(source.JointCount()) + " joints";
    }
    if (s < 0) continue;
    if (user[s] >= 0) {
      return "source joint \"" + source.JointName(s) + "\" drives both \"" +
             target.JointName(user[s]) + "\" and \"" + target.JointName(t) + "\"";
    }
    user[s] = t;
  }
  if (MappedJointCount(mapping) == 0) return "no target joint has a source joint";
  // Each mapped joint against its nearest mapped ancestor: enough, since
  // the order holds along every chain when it holds link by link.
  for (int t = 0; t < target.JointCount(); ++t) {
    if (mapping[t] < 0) continue;
    const int above = NearestMappedAncestor(target, mapping, t);
    if (above < 0) continue;
    // Distinct sources (checked above), so "below or is" is "below".
    if (IsStrictlyBelow(source, mapping[above], mapping[t])) {
      return "the mapping crosses the hierarchy (a cycle): target \"" + target.JointName(above) +
             "\" is above \"" + target.JointName(t) + "\", but its source \"" +
             source.JointName(mapping[above]) + "\" is below (or is) \"" +
             source.JointName(mapping[t]) + "\"";
    }
  }
  return {};
}

std::vector<bool> JointsAboveMapped(const Skeleton& target, std::span<const int> mapping) {
  std::vector<bool> above(static_cast<std::size_t>(target.JointCount()), false);
  for (int t = 0; t < target.JointCount() && t < static_cast<int>(mapping.size()); ++t) {
    if (mapping[t] < 0) continue;
    // Stops at the first joint already marked: everything above it is too.
    for (int j = target.Parent(t); j >= 0 && !above[j]; j = target.Parent(j)) above[j] = true;
  }
  return above;
}

}  // namespace anim
