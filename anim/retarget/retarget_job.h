// RetargetJob: one frame of retargeting, a local pose of the source skeleton
// turned into a local pose of the target skeleton by a RetargetMap
// (retarget_map.h says how rotations and the roots' travel are carried).
//
// The optional IK pass pins limbs where the source puts them: with
// pin_feet, each foot goes to Pt_ref + k * (Ps - Ps_ref) for its source
// foot, the same rule as the hips, by the two-bone solver
// (anim/ik/two_bone_ik.h) on the target's upper leg, lower leg and foot, and
// the foot keeps the rotation the transfer gave it. Where the two legs'
// proportions differ (a longer shin, a shorter thigh), rotations alone put
// the target's foot elsewhere than the scaled source foot, so a planted
// foot slides; pinned, it stays wherever the source's stays. pin_hands does
// the same for the hands (upper arm, forearm, hand).
//
// Check, then run (anim/README.md): Validate names the first problem, Run
// refuses exactly that and writes nothing. Allocates nothing; the scratch is
// sized once by RetargetScratch::Prepare.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/soa_pose.h"
#include "anim/retarget/retarget_map.h"

namespace anim {

// The job's working memory, one per thread that runs retargets.
struct RetargetScratch {
  std::vector<glm::mat4> source_model;
  std::vector<glm::quat> source_rotations;
  std::vector<glm::quat> target_rotations;
  // Sizes it for `map` (allocates; nothing is allocated when it already fits).
  void Prepare(const RetargetMap& map);
  bool Fits(const RetargetMap& map) const;
  std::size_t ByteSize() const {
    return source_model.size() * sizeof(glm::mat4) +
           (source_rotations.size() + target_rotations.size()) * sizeof(glm::quat);
  }
};

struct RetargetJob {
  const RetargetMap* map = nullptr;
  const SoaPose* source = nullptr;  // a local pose of map->Source()
  SoaPose* target = nullptr;        // written whole: a pose of map->Target()
  RetargetScratch* scratch = nullptr;
  bool pin_feet = false;
  bool pin_hands = false;

  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
