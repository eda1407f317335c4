#include "anim/retarget/retarget_job.h"

#include "anim/core/local_to_model_jobs.h"
#include "anim/ik/ik_pose.h"
#include "anim/ik/two_bone_ik.h"

namespace anim {
namespace {

// Moves a limb's end to `goal` with the two-bone solver, then gives the end
// back the model-space rotation `end_rotation` it had before the solve.
void PinLimb(ik::IkPose& pose, const RetargetMap::Limb& limb, const glm::vec3& goal,
             const glm::quat& end_rotation) {
  ik::TwoBoneIkJob job;
  job.start_joint = limb.start;
  job.mid_joint = limb.mid;
  job.end_joint = limb.end;
  job.target = goal;
  if (!ik::SolveTwoBoneIk(pose, job).valid) return;
  const glm::quat frame = OffsetRotation(pose.ParentFrame(limb.end));
  Transform local = pose.Local(limb.end);
  local.rotation = glm::normalize(glm::inverse(frame) * end_rotation);
  pose.SetLocal(limb.end, local);
}

}  // namespace

void RetargetScratch::Prepare(const RetargetMap& map) {
  if (map.Empty()) return;
  source_model.resize(static_cast<std::size_t>(map.Source().JointCount()));
  source_rotations.resize(static_cast<std::size_t>(map.Source().JointCount()));
  target_rotations.resize(static_cast<std::size_t>(map.Target().JointCount()));
}

bool RetargetScratch::Fits(const RetargetMap& map) const {
  return !map.Empty() &&
         source_model.size() == static_cast<std::size_t>(map.Source().JointCount()) &&
         source_rotations.size() == static_cast<std::size_t>(map.Source().JointCount()) &&
         target_rotations.size() == static_cast<std::size_t>(map.Target().JointCount());
}

std::string RetargetJob::Validate() const {
  if (map == nullptr || map->Empty()) return "map is not built";
  if (source == nullptr) return "source pose is null";
  if (target == nullptr) return "target pose is null";
  if (scratch == nullptr) return "scratch is null";
  if (source->JointCount() != map->Source().JointCount()) {
    return "source pose has " + std::to_string(source->JointCount()) +
           " joints, the map's source skeleton " + std::to_string(map->Source().JointCount());
  }
  if (target->JointCount() != map->Target().JointCount()) {
    return "target pose has " + std::to_string(target->JointCount()) +
           " joints, the map's target skeleton " + std::to_string(map->Target().JointCount());
  }
  if (!scratch->Fits(*map))
    return "scratch is not prepared for this map (RetargetScratch::Prepare)";
  return {};
}

bool RetargetJob::Run() const {
  if (!Validate().empty()) return false;
  const Skeleton& source_skeleton = map->Source();
  const Skeleton& target_skeleton = map->Target();
  ComputeModelMatrices(source_skeleton, *source, scratch->source_model);
  ComputeModelRotations(source_skeleton, *source, map->SourceOffsetRotations(),
                        scratch->source_rotations);
  target->CopyFrom(map->TargetReference());

  const float k = map->TranslationScale();
  const std::span<const RetargetMap::JointPlan> plan = map->Plan();
  std::vector<glm::quat>& rotations = scratch->target_rotations;
  ik::IkPose pose(target_skeleton, *target);
  for (int t = 0; t < target_skeleton.JointCount(); ++t) {
    const RetargetMap::JointPlan& p = plan[t];
    const int parent = target_skeleton.Parent(t);
    const glm::quat frame = parent >= 0 ? rotations[parent] * p.offset_rotation : p.offset_rotation;
    Transform local = target->Local(t);
    if (p.source < 0) {
      rotations[t] = frame * local.rotation;
      continue;
    }
    rotations[t] = scratch->source_rotations[p.source] * p.source_ref_inverse * p.target_ref;
    local.rotation = glm::normalize(glm::inverse(frame) * rotations[t]);
    if (p.moves) {
      const glm::vec3 travel =
          glm::vec3(scratch->source_model[p.source][3]) - p.source_ref_position;
      const glm::vec3 position = p.target_ref_position + k * travel;
      local.translation = glm::vec3(glm::inverse(pose.ParentFrame(t)) * glm::vec4(position, 1.0f));
    }
    target->SetLocal(t, local);
  }

  auto pin = [&](RetargetLimb which) {
    const RetargetMap::Limb& limb = map->LimbOf(which);
    if (!limb.usable) return;
    const glm::vec3 source_end = glm::vec3(scratch->source_model[limb.source_end][3]);
    PinLimb(pose, limb, limb.target_ref_position + k * (source_end - limb.source_ref_position),
            rotations[limb.end]);
  };
  if (pin_feet) {
    pin(RetargetLimb::kLeftLeg);
    pin(RetargetLimb::kRightLeg);
  }
  if (pin_hands) {
    pin(RetargetLimb::kLeftArm);
    pin(RetargetLimb::kRightArm);
  }
  // Props last, so that one held in a pinned hand follows the pinned hand.
  // Parents come before children, so a prop under another sees it placed.
  for (int t : map->Props()) {
    const RetargetMap::JointPlan& p = plan[t];
    const glm::mat4 model = pose.ModelMatrix(p.follows) * p.follow_offset;
    const Transform placed = FromMatrix(glm::inverse(pose.ParentFrame(t)) * model);
    Transform local = target->Local(t);
    local.rotation = placed.rotation;
    local.translation = placed.translation;
    target->SetLocal(t, local);
  }
  return true;
}

}  // namespace anim
