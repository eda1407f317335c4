#include "anim/retarget/retarget_map.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "anim/core/error_text.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/rig_naming.h"
#include "anim/retarget/joint_mapping.h"

namespace anim {
namespace {

glm::vec3 PositionOf(const glm::mat4& m) { return glm::vec3(m[3]); }

std::vector<glm::mat4> ModelMatrices(const Skeleton& skeleton, const SoaPose& pose) {
  std::vector<glm::mat4> model(static_cast<std::size_t>(skeleton.JointCount()));
  ComputeModelMatrices(skeleton, pose, model);
  return model;
}

std::vector<glm::quat> OffsetRotations(const Skeleton& skeleton) {
  std::vector<glm::quat> rotations(static_cast<std::size_t>(skeleton.JointCount()),
                                   glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
  const std::span<const glm::mat4> offsets = skeleton.Offsets();
  for (std::size_t j = 0; j < offsets.size() && j < rotations.size(); ++j) {
    rotations[j] = OffsetRotation(offsets[j]);
  }
  return rotations;
}

// The shortest-arc rotation taking direction `from` onto `to` (both non-zero).
glm::quat ArcBetween(const glm::vec3& from, const glm::vec3& to) {
  const glm::vec3 a = glm::normalize(from);
  const glm::vec3 b = glm::normalize(to);
  const float d = glm::dot(a, b);
  if (d > 0.999999f) return glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  if (d < -0.999999f) {  // opposite: half a turn about any axis across them
    glm::vec3 axis = glm::cross(a, glm::vec3(1.0f, 0.0f, 0.0f));
    if (glm::dot(axis, axis) < 1e-6f) axis = glm::cross(a, glm::vec3(0.0f, 1.0f, 0.0f));
    return glm::angleAxis(glm::pi<float>(), glm::normalize(axis));
  }
  return glm::normalize(glm::quat(1.0f + d, glm::cross(a, b)));
}

// The part of `v` across `axis` (a unit vector).
glm::vec3 Across(const glm::vec3& v, const glm::vec3& axis) { return v - glm::dot(v, axis) * axis; }

// The rotation matching the target's bones `t1` (and `t2`, when given) onto
// the source's `s1` (and `s2`): t1 onto s1 by the shortest arc, then about
// s1 until t2 lies in the plane of s1 and s2.
glm::quat MatchBones(const glm::vec3& t1, const glm::vec3& s1, const glm::vec3* t2,
                     const glm::vec3* s2) {
  const glm::quat first = ArcBetween(t1, s1);
  if (t2 == nullptr) return first;
  const glm::vec3 axis = glm::normalize(s1);
  const glm::vec3 from = Across(first * *t2, axis);
  const glm::vec3 to = Across(*s2, axis);
  if (glm::dot(from, from) < 1e-10f || glm::dot(to, to) < 1e-10f) return first;
  return ArcBetween(from, to) * first;  // both across the axis: the arc turns about it
}

float Length(const glm::vec3& v) { return std::sqrt(glm::dot(v, v)); }

// Upper plus lower leg, both sides averaged; 0 when no leg reads.
float LegLength(const Skeleton& skeleton, const std::vector<glm::mat4>& model) {
  const RigMap rig = ReadRig(skeleton);
  float total = 0.0f;
  int legs = 0;
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int upper = rig.Find(BodyPart::kUpperLeg, side);
    const int lower = rig.Find(BodyPart::kLowerLeg, side);
    const int foot = rig.Find(BodyPart::kFoot, side);
    if (upper < 0 || lower < 0 || foot < 0) continue;
    total += Length(PositionOf(model[lower]) - PositionOf(model[upper])) +
             Length(PositionOf(model[foot]) - PositionOf(model[lower]));
    ++legs;
  }
  return legs == 0 ? 0.0f : total / static_cast<float>(legs);
}

// The hips' height over the lowest joint; 0 without hips.
float HipHeight(const Skeleton& skeleton, const std::vector<glm::mat4>& model) {
  const int hips = ReadRig(skeleton).Find(BodyPart::kHips);
  if (hips < 0) return 0.0f;
  float lowest = PositionOf(model[hips]).y;
  for (const glm::mat4& m : model) lowest = std::min(lowest, PositionOf(m).y);
  return PositionOf(model[hips]).y - lowest;
}

float TranslationScaleFor(const Skeleton& source, const std::vector<glm::mat4>& source_model,
                          const Skeleton& target, const std::vector<glm::mat4>& target_model) {
  const float source_leg = LegLength(source, source_model);
  const float target_leg = LegLength(target, target_model);
  if (source_leg > 1e-6f && target_leg > 1e-6f) return target_leg / source_leg;
  const float source_hips = HipHeight(source, source_model);
  const float target_hips = HipHeight(target, target_model);
  if (source_hips > 1e-6f && target_hips > 1e-6f) return target_hips / source_hips;
  return 1.0f;
}

// Per target joint, its mapped children: the mapped joints whose nearest
// mapped ancestor it is.
std::vector<std::vector<int>> MappedChildren(const Skeleton& target, std::span<const int> mapping) {
  std::vector<std::vector<int>> children(static_cast<std::size_t>(target.JointCount()));
  for (int t = 0; t < target.JointCount(); ++t) {
    if (mapping[t] < 0) continue;
    const int above = NearestMappedAncestor(target, mapping, t);
    if (above >= 0) children[above].push_back(t);
  }
  return children;
}

// Turns the target's reference, from the root down, so that each mapped
// joint's bones to its mapped children point as the source's do.
void MatchReferenceToSource(const std::vector<glm::mat4>& source_model, const Skeleton& target,
                            std::span<const int> mapping, std::span<const glm::quat> target_offsets,
                            SoaPose& reference) {
  const std::vector<std::vector<int>> children = MappedChildren(target, mapping);
  std::vector<glm::quat> rotations(static_cast<std::size_t>(target.JointCount()));
  for (int t = 0; t < target.JointCount(); ++t) {
    const std::vector<int>& kids = children[t];
    if (mapping[t] < 0 || kids.empty()) continue;
    // The bone along the joint's own side first (hips to spine, chest to
    // neck, upper arm to forearm), then the first one across it.
    const Side side = ReadJointName(target.JointName(t)).side;
    int first = kids.front();
    for (int k : kids) {
      if (ReadJointName(target.JointName(k)).side == side) {
        first = k;
        break;
      }
    }
    const glm::vec3 s_from = PositionOf(source_model[mapping[t]]);
    const glm::vec3 s1 = PositionOf(source_model[mapping[first]]) - s_from;
    const std::vector<glm::mat4> model = ModelMatrices(target, reference);
    const glm::vec3 t_from = PositionOf(model[t]);
    const glm::vec3 t1 = PositionOf(model[first]) - t_from;
    if (Length(s1) < 1e-6f || Length(t1) < 1e-6f) continue;
    glm::vec3 s2{0.0f}, t2{0.0f};
    bool second = false;
    for (int k : kids) {
      if (k == first) continue;
      s2 = PositionOf(source_model[mapping[k]]) - s_from;
      t2 = PositionOf(model[k]) - t_from;
      const float sine = Length(glm::cross(glm::normalize(s1), s2)) / std::max(Length(s2), 1e-9f);
      if (Length(s2) > 1e-6f && Length(t2) > 1e-6f && sine > 0.3f) {
        second = true;
        break;
      }
    }
    const glm::quat turn = MatchBones(t1, s1, second ? &t2 : nullptr, second ? &s2 : nullptr);
    // model rotation becomes turn * model rotation: local' = QF^-1 * turn * QF * local.
    ComputeModelRotations(target, reference, target_offsets, rotations);
    const int parent = target.Parent(t);
    const glm::quat frame =
        (parent >= 0 ? rotations[parent] : glm::quat(1.0f, 0.0f, 0.0f, 0.0f)) * target_offsets[t];
    Transform local = reference.Local(t);
    local.rotation = glm::normalize(glm::inverse(frame) * turn * frame * local.rotation);
    reference.SetLocal(t, local);
  }
}

}  // namespace

glm::quat OffsetRotation(const glm::mat4& offset) {
  glm::mat3 m(offset);
  for (int c = 0; c < 3; ++c) {
    const float length = Length(m[c]);
    if (length > 1e-12f) m[c] /= length;
  }
  return glm::normalize(glm::quat_cast(m));
}

void ComputeModelRotations(const Skeleton& skeleton, const SoaPose& pose,
                           std::span<const glm::quat> offset_rotations, std::span<glm::quat> out) {
  const std::span<const int> parents = skeleton.Parents();
  const float* qx = pose.Channel(kQx);
  const float* qy = pose.Channel(kQy);
  const float* qz = pose.Channel(kQz);
  const float* qw = pose.Channel(kQw);
  const int count = std::min<int>(skeleton.JointCount(), static_cast<int>(out.size()));
  for (int j = 0; j < count; ++j) {
    const glm::quat local(qw[j], qx[j], qy[j], qz[j]);
    const glm::quat above =
        parents[j] >= 0 ? out[parents[j]] * offset_rotations[j] : offset_rotations[j];
    out[j] = above * local;
  }
}

bool RetargetMap::Build(const Skeleton& source, const Skeleton& target,
                        std::span<const int> mapping, ReferenceMatch match, std::string* error,
                        const SoaPose* source_reference) {
  *this = RetargetMap();
  auto fail = [&](std::string why) {
    if (error != nullptr) *error = std::move(why);
    *this = RetargetMap();
    return false;
  };
  if (std::string problem = CheckJointMapping(source, target, mapping); !problem.empty()) {
    return fail(problem);
  }
  if (source_reference != nullptr && source_reference->JointCount() != source.JointCount()) {
    return fail("the source reference pose has " + std::to_string(source_reference->JointCount()) +
                " joints, the source skeleton " + std::to_string(source.JointCount()));
  }
  source_ = &source;
  target_ = &target;
  mapping_.assign(mapping.begin(), mapping.end());
  match_ = match;
  source_reference_.CopyFrom(source_reference != nullptr ? *source_reference : source.RestPose());
  target_reference_.CopyFrom(target.RestPose());
  source_offset_rotations_ = OffsetRotations(source);
  const std::vector<glm::quat> target_offsets = OffsetRotations(target);

  const std::vector<glm::mat4> source_model = ModelMatrices(source, source_reference_);
  if (match == ReferenceMatch::kMatchSource) {
    MatchReferenceToSource(source_model, target, mapping_, target_offsets, target_reference_);
  }
  const std::vector<glm::mat4> target_model = ModelMatrices(target, target_reference_);
  scale_ = TranslationScaleFor(source, source_model, target, target_model);

  PlanJoints(source_model, target_model, target_offsets);
  FindLimbs(source_model, target_model);
  return true;
}

void RetargetMap::PlanJoints(const std::vector<glm::mat4>& source_model,
                             const std::vector<glm::mat4>& target_model,
                             const std::vector<glm::quat>& target_offsets) {
  const Skeleton& source = *source_;
  const Skeleton& target = *target_;
  std::vector<glm::quat> source_rotations(static_cast<std::size_t>(source.JointCount()));
  std::vector<glm::quat> target_rotations(static_cast<std::size_t>(target.JointCount()));
  ComputeModelRotations(source, source_reference_, source_offset_rotations_, source_rotations);
  ComputeModelRotations(target, target_reference_, target_offsets, target_rotations);
  plan_.assign(static_cast<std::size_t>(target.JointCount()), JointPlan{});
  for (int t = 0; t < target.JointCount(); ++t) {
    JointPlan& plan = plan_[t];
    plan.offset_rotation = target_offsets[t];
    plan.source = mapping_[t];
    if (plan.source < 0) continue;
    plan.moves = NearestMappedAncestor(target, mapping_, t) < 0;
    plan.source_ref_inverse = glm::inverse(source_rotations[plan.source]);
    plan.target_ref = target_rotations[t];
    plan.source_ref_position = PositionOf(source_model[plan.source]);
    plan.target_ref_position = PositionOf(target_model[t]);
  }
}

void RetargetMap::FindLimbs(const std::vector<glm::mat4>& source_model,
                            const std::vector<glm::mat4>& target_model) {
  const Skeleton& target = *target_;
  const RigMap rig = ReadRig(target);
  auto limb = [&](BodyPart start, BodyPart mid, BodyPart end, Side side) {
    Limb out;
    out.start = rig.Find(start, side);
    out.mid = rig.Find(mid, side);
    out.end = rig.Find(end, side);
    out.usable = out.start >= 0 && out.mid >= 0 && out.end >= 0 && mapping_[out.start] >= 0 &&
                 mapping_[out.mid] >= 0 && mapping_[out.end] >= 0 &&
                 IsStrictlyBelow(target, out.mid, out.start) &&
                 IsStrictlyBelow(target, out.end, out.mid);
    if (out.usable) {
      out.source_end = mapping_[out.end];
      out.source_ref_position = PositionOf(source_model[out.source_end]);
      out.target_ref_position = PositionOf(target_model[out.end]);
    }
    return out;
  };
  limbs_[static_cast<int>(RetargetLimb::kLeftLeg)] =
      limb(BodyPart::kUpperLeg, BodyPart::kLowerLeg, BodyPart::kFoot, Side::kLeft);
  limbs_[static_cast<int>(RetargetLimb::kRightLeg)] =
      limb(BodyPart::kUpperLeg, BodyPart::kLowerLeg, BodyPart::kFoot, Side::kRight);
  limbs_[static_cast<int>(RetargetLimb::kLeftArm)] =
      limb(BodyPart::kUpperArm, BodyPart::kLowerArm, BodyPart::kHand, Side::kLeft);
  limbs_[static_cast<int>(RetargetLimb::kRightArm)] =
      limb(BodyPart::kUpperArm, BodyPart::kLowerArm, BodyPart::kHand, Side::kRight);
}

bool RetargetMap::SetProps(std::span<const int> follows, std::string* error) {
  auto fail = [&](std::string why) {
    if (error != nullptr) *error = std::move(why);
    return false;
  };
  if (Empty()) return fail("props: the map is not built");
  const Skeleton& target = *target_;
  if (follows.size() != plan_.size()) {
    return fail("props: " + std::to_string(follows.size()) + " entries for " +
                std::to_string(plan_.size()) + " target joints");
  }
  // A prop is placed last, after the joints under it: one with a mapped
  // joint below would carry that joint off where the source put it.
  const std::vector<bool> mapped_below = JointsAboveMapped(target, mapping_);
  for (int t = 0; t < target.JointCount(); ++t) {
    const int f = follows[t];
    if (f < 0) continue;
    const std::string prop = Quoted(target.JointName(t));
    if (f >= target.JointCount()) return fail("props: " + prop + " follows no joint");
    if (mapping_[t] >= 0) return fail("props: " + prop + " is mapped, so it moves already");
    if (mapped_below[t]) {
      return fail("props: " + prop + ": mapped joints hang below it, and it would carry them off");
    }
    if (mapping_[f] < 0) {
      return fail("props: " + prop + " follows " + Quoted(target.JointName(f)) +
                  ", which is unmapped and keeps its reference pose");
    }
  }
  const std::vector<glm::mat4> model = ModelMatrices(target, target_reference_);
  props_.clear();
  for (int t = 0; t < target.JointCount(); ++t) {
    JointPlan& plan = plan_[t];
    plan.follows = follows[t] >= 0 ? follows[t] : -1;
    plan.follow_offset = glm::mat4(1.0f);
    if (plan.follows < 0) continue;
    plan.follow_offset = glm::inverse(model[plan.follows]) * model[t];
    props_.push_back(t);
  }
  return true;
}

std::vector<int> RetargetMap::UnmappedTargetJoints() const {
  std::vector<int> joints;
  for (int t = 0; t < static_cast<int>(mapping_.size()); ++t) {
    if (mapping_[t] < 0) joints.push_back(t);
  }
  return joints;
}

std::size_t RetargetMap::ByteSize() const {
  auto pose_bytes = [](const SoaPose& pose) {
    return static_cast<std::size_t>(pose.PaddedCount()) * kSoaChannels * sizeof(float) +
           pose.MorphWeights().size() * sizeof(float);
  };
  return sizeof(*this) + plan_.size() * sizeof(JointPlan) + mapping_.size() * sizeof(int) +
         props_.size() * sizeof(int) + source_offset_rotations_.size() * sizeof(glm::quat) +
         pose_bytes(source_reference_) + pose_bytes(target_reference_);
}

std::vector<int> RetargetMap::UnusedSourceJoints() const {
  if (source_ == nullptr) return {};
  std::vector<bool> used(static_cast<std::size_t>(source_->JointCount()), false);
  for (int s : mapping_) {
    if (s >= 0) used[s] = true;
  }
  std::vector<int> joints;
  for (int s = 0; s < source_->JointCount(); ++s) {
    if (!used[s]) joints.push_back(s);
  }
  return joints;
}

ArmPoseReading ReadArmPose(const Skeleton& skeleton, const SoaPose& pose) {
  ArmPoseReading reading;
  if (pose.JointCount() != skeleton.JointCount()) return reading;
  const RigMap rig = ReadRig(skeleton);
  const std::vector<glm::mat4> model = ModelMatrices(skeleton, pose);
  float total = 0.0f;
  int arms = 0;
  for (Side side : {Side::kLeft, Side::kRight}) {
    const int upper = rig.Find(BodyPart::kUpperArm, side);
    const int lower = rig.Find(BodyPart::kLowerArm, side);
    if (upper < 0 || lower < 0) continue;
    const glm::vec3 bone = PositionOf(model[lower]) - PositionOf(model[upper]);
    if (Length(bone) < 1e-9f) continue;
    total += glm::degrees(std::asin(std::clamp(-bone.y / Length(bone), -1.0f, 1.0f)));
    ++arms;
  }
  if (arms == 0) return reading;
  reading.degrees_below_level = total / static_cast<float>(arms);
  reading.pose = reading.degrees_below_level < 20.0f    ? ArmPose::kTPose
                 : reading.degrees_below_level <= 65.0f ? ArmPose::kAPose
                                                        : ArmPose::kArmsDown;
  return reading;
}

std::string DescribeArmPose(const ArmPoseReading& reading) {
  const char* name = "no arms found";
  switch (reading.pose) {
    case ArmPose::kTPose: name = "T-pose"; break;
    case ArmPose::kAPose: name = "A-pose"; break;
    case ArmPose::kArmsDown: name = "arms down"; break;
    case ArmPose::kUnknown: return name;
  }
  char text[96];
  // Rounded to whole degrees, without "-0" for arms a hair above level.
  const double degrees = std::round(static_cast<double>(reading.degrees_below_level)) + 0.0;
  std::snprintf(text, sizeof text, "%s (arms %.0f degrees %s level)", name, std::abs(degrees),
                degrees < 0.0 ? "above" : "below");
  return text;
}

}  // namespace anim
