#include "anim/ik/foot_ik.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anim/core/job_messages.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/ik_job_messages.h"
#include "anim/ik/ik_math.h"
#include "anim/ik/two_bone_ik.h"

namespace anim::ik {

namespace msg = ik_messages;

namespace {

// Legs i's problem: its joints (a chain below the pelvis) and its numbers.
std::string LegProblem(const IkPose& pose, const FootIkLeg& leg, std::size_t i, int pelvis) {
  const auto field = [i](const char* member) { return job_messages::Indexed("legs", i, member); };
  if (std::string chain = msg::LegChainProblem(pose, i, leg.hip, leg.knee, leg.ankle);
      !chain.empty())
    return chain;
  if (!pose.IsAncestorOrSelf(pelvis, leg.hip))
    return msg::NotBelow(field("hip"), leg.hip, "pelvis", pelvis);
  if (!std::isfinite(leg.ankle_height))
    return msg::NotFinite(field("ankle_height"), leg.ankle_height);
  if (!std::isfinite(leg.contact)) return msg::NotFinite(field("contact"), leg.contact);
  return {};
}

bool FiniteMatrix(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c) {
    if (!IsFinite(glm::vec3(m[c])) || !std::isfinite(m[c][3])) return false;
  }
  return true;
}

// The pelvis offset (<= `offset`) that brings the leg's ankle target within
// the soft reach (soften x thigh + shin) of its hip, the hip moving with
// the pelvis along up: the root nearer zero of |T - (H + up d)| = reach,
// or the closest approach (d = (T - H) . up) when no drop reaches.
float ReachDrop(const IkPose& pose, const FootIkJob& job, const FootIkLeg& leg,
                const FootIkLegResult& r, float offset) {
  const glm::vec3 hip = PositionOf(job.world * pose.ModelMatrix(leg.hip));
  const glm::vec3 knee = PositionOf(job.world * pose.ModelMatrix(leg.knee));
  const glm::vec3 ankle = PositionOf(job.world * pose.ModelMatrix(leg.ankle));
  const float reach =
      std::clamp(job.soften, 0.0f, 1.0f) * (glm::length(knee - hip) + glm::length(ankle - knee));
  // Where the ankle aims with this leg's share, the pelvis at `offset`.
  const glm::vec3 lowered = ankle + job.up * offset;
  const glm::vec3 target = lowered + (r.ankle_target - lowered) * r.weight;
  const glm::vec3 d = target - (hip + job.up * offset);
  if (glm::dot(d, d) <= reach * reach) return offset;
  const float along = glm::dot(d, job.up);
  const float discriminant = along * along - (glm::dot(d, d) - reach * reach);
  const float extra = discriminant >= 0.0f ? along + std::sqrt(discriminant) : along;
  return offset + std::min(extra, 0.0f);
}

}  // namespace

bool LegFromAnkle(const Skeleton& skeleton, int ankle, FootIkLeg* leg) {
  if (ankle < 0 || ankle >= skeleton.JointCount()) return false;
  const int knee = skeleton.Parent(ankle);
  const int hip = knee >= 0 ? skeleton.Parent(knee) : -1;
  if (hip < 0) return false;
  *leg = FootIkLeg{};
  leg->hip = hip;
  leg->knee = knee;
  leg->ankle = ankle;
  return true;
}

float FootContactFromHeight(float sole_height, float planted, float lifted) {
  if (!(lifted > planted)) return sole_height <= planted ? 1.0f : 0.0f;
  const float x = std::clamp((sole_height - planted) / (lifted - planted), 0.0f, 1.0f);
  return 1.0f - x * x * (3.0f - 2.0f * x);
}

namespace {

// The placement's frames, computed once per solve.
struct Frames {
  glm::mat4 to_model;  // world -> model
  // World units per model unit, along up (the placement's uniform scale).
  float scale = 1.0f;
  // Normals go from world to model space by the transpose of the placement
  // (the inverse transpose of world -> model).
  glm::mat3 normal_to_model;
  glm::vec3 model_up;
};

Frames FramesOf(const FootIkJob& job) {
  Frames f;
  f.to_model = glm::inverse(job.world);
  f.scale = glm::length(glm::vec3(job.world * glm::vec4(0, 1, 0, 0)));
  f.normal_to_model = glm::transpose(glm::mat3(job.world));
  f.model_up = NormalizeOr(f.normal_to_model * job.up, glm::vec3(0, 1, 0));
  return f;
}

// Step 1: probes the ground under the leg's ankle and finds where the ankle
// should stand (r.ankle_target, r.weight); returns how far that is along up
// from the animated ankle, scaled by the leg's share (0 without ground).
float ProbeGround(const IkPose& pose, const FootIkJob& job, const Frames& f, const FootIkLeg& leg,
                  float weight, FootIkLegResult& r) {
  r = FootIkLegResult{};
  const glm::mat4 ankle_model = pose.ModelMatrix(leg.ankle);
  r.animated_ankle_rotation = ModelRotation(ankle_model);
  const glm::vec3 ankle = PositionOf(job.world * ankle_model);
  r.ankle_target = ankle;
  const float ankle_height = leg.ankle_height * f.scale;
  GroundContact contact;
  const glm::vec3 origin = ankle + job.up * job.probe_above;
  if (!job.ground.raycast(job.ground.context, origin, -job.up,
                          job.probe_above + ankle_height + job.probe_below, &contact) ||
      !IsFinite(contact.point) || !IsFinite(contact.normal)) {
    return 0.0f;
  }
  contact.normal = NormalizeOr(contact.normal, job.up);
  if (glm::dot(contact.normal, job.up) < 0.0f) contact.normal = -contact.normal;
  const float cos_slope = glm::dot(contact.normal, job.up);
  if (cos_slope < 0.1f) return 0.0f;  // a wall, not ground to stand on
  r.hit = true;
  r.ground = contact;
  r.weight = std::clamp(leg.contact, 0.0f, 1.0f) * weight;
  // How far the animation lifts the sole above the character's own
  // ground plane: kept, so a foot coming down lands instead of snapping.
  const float ankle_model_height = glm::dot(PositionOf(ankle_model), f.model_up);
  const float lift = std::max(0.0f, (ankle_model_height - leg.ankle_height) * f.scale);
  // Straight above the contact, at the height that puts the ankle
  // ankle_height from the ground's plane along its normal.
  r.ankle_target = contact.point + job.up * (ankle_height / cos_slope + lift);
  return r.weight * glm::dot(r.ankle_target - ankle, job.up);
}

// Step 2: lowers the pelvis so the lowest planted foot is within reach: by
// what it lacks vertically (`offset`), and further where its target would
// still be past the leg's soft reach from the lowered hip; limited by the
// job's drop and rate. Returns the offset applied.
float LowerPelvis(IkPose& pose, const FootIkJob& job, float offset) {
  for (std::size_t i = 0; i < job.legs.size(); ++i) {
    const FootIkLegResult& r = job.results[i];
    if (!r.hit || r.weight <= 0.0f) continue;
    offset = std::min(offset, ReachDrop(pose, job, job.legs[i], r, offset));
  }
  offset = std::max(offset, -job.max_pelvis_drop);
  if (job.max_pelvis_step >= 0.0f && std::isfinite(job.previous_pelvis_offset)) {
    offset = std::clamp(offset, job.previous_pelvis_offset - job.max_pelvis_step,
                        job.previous_pelvis_offset + job.max_pelvis_step);
  }
  if (offset < 0.0f) {
    const glm::mat4 parent = job.world * pose.ParentFrame(job.pelvis);
    const glm::vec3 shift = glm::vec3(glm::inverse(parent) * glm::vec4(job.up * offset, 0));
    Transform local = pose.Local(job.pelvis);
    local.translation += shift;
    pose.SetLocal(job.pelvis, local);
  }
  return offset;
}

// Steps 3 and 4: the leg reaches its target by its share, then its ankle
// turns its sole from the character's ground plane onto the ground's.
void PlaceFoot(IkPose& pose, const FootIkJob& job, const Frames& f, const FootIkLeg& leg,
               FootIkLegResult& r) {
  const glm::vec3 ankle = PositionOf(job.world * pose.ModelMatrix(leg.ankle));
  if (!r.hit || r.weight <= 0.0f) {
    r.ankle_target = ankle;
    return;
  }
  r.ankle_target = ankle + (r.ankle_target - ankle) * r.weight;
  TwoBoneIkJob reach;
  reach.start_joint = leg.hip;
  reach.mid_joint = leg.knee;
  reach.end_joint = leg.ankle;
  reach.target = glm::vec3(f.to_model * glm::vec4(r.ankle_target, 1.0f));
  reach.soften = job.soften;
  SolveTwoBoneIk(pose, reach);

  const glm::vec3 model_normal = NormalizeOr(f.normal_to_model * r.ground.normal, f.model_up);
  const glm::quat tilt = ScaleRotation(RotationBetween(f.model_up, model_normal), r.weight);
  const glm::mat4 parent = pose.ParentFrame(leg.ankle);
  const glm::quat now = ModelRotation(pose.ModelMatrix(leg.ankle));
  RotateJointInModelSpace(pose, leg.ankle, parent,
                          tilt * r.animated_ankle_rotation * glm::inverse(now));
  r.remaining_error =
      glm::length(PositionOf(job.world * pose.ModelMatrix(leg.ankle)) - r.ankle_target);
}

}  // namespace

std::string FootIkJob::Validate(const IkPose& pose) const {
  if (!pose.Matches()) return msg::PoseOfAnotherSkeleton(pose);
  if (!pose.ValidJoint(pelvis)) return msg::JointOutside("pelvis", pelvis, pose);
  for (std::size_t i = 0; i < legs.size(); ++i) {
    if (auto p = LegProblem(pose, legs[i], i, pelvis); !p.empty()) return p;
  }
  if (results.size() < legs.size()) {
    return "results has size " + std::to_string(results.size()) + ", less than the size of legs (" +
           std::to_string(legs.size()) + ")";
  }
  if (!FiniteMatrix(world)) return "world has an element that is not finite";
  // FramesOf's inverse: a placement that flattens the character has none.
  if (!FiniteMatrix(glm::inverse(world))) return "world has no inverse (a zero scale)";
  if (!IsFinite(up)) return msg::NotFinite("up", up);
  if (!(std::abs(glm::length(up) - 1.0f) < 1e-3f))
    return "up " + msg::Format(up) + " is not of unit length (" + msg::Format(glm::length(up)) +
           ")";
  if (ground.raycast == nullptr) return job_messages::Null("ground.raycast");
  if (!std::isfinite(weight)) return msg::NotFinite("weight", weight);
  return {};
}

FootIkResult SolveFootIk(IkPose& pose, const FootIkJob& job) {
  FootIkResult result;
  if (!job.Validate(pose).empty()) return result;
  const Frames frames = FramesOf(job);
  result.valid = true;
  const float weight = std::clamp(job.weight, 0.0f, 1.0f);
  if (weight == 0.0f) {
    for (FootIkLegResult& r : job.results) r = FootIkLegResult{};
    return result;
  }
  float lowest = 0.0f;  // the pelvis offset the lowest planted foot asks for
  for (std::size_t i = 0; i < job.legs.size(); ++i) {
    lowest = std::min(lowest, ProbeGround(pose, job, frames, job.legs[i], weight, job.results[i]));
  }
  result.pelvis_offset = LowerPelvis(pose, job, lowest);
  for (std::size_t i = 0; i < job.legs.size(); ++i) {
    PlaceFoot(pose, job, frames, job.legs[i], job.results[i]);
  }
  return result;
}

}  // namespace anim::ik
