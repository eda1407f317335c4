// Mirroring as a job: plain fields in; Validate() names the first field
// that does not fit; Run() writes nothing unless Validate() passes.
// MirrorPose (mirror.h) is this job in one call.
#pragma once

#include <span>
#include <string>

#include "anim/blending/mirror.h"
#include "anim/core/soa_pose.h"

namespace anim {

// output = the mirror image of input (mirror.h); `output` may be `input`.
struct MirrorJob {
  const MirrorMap* map = nullptr;  // built for the skeleton (MirrorMap::Build)
  std::span<const int> parents;    // the skeleton's (Skeleton::Parents())
  const SoaPose* input = nullptr;
  SoaPose* output = nullptr;

  // Also walks the map's partners and the parents once: each must be a
  // joint of the map (a map built by hand, or for another rig, could send
  // the kernel outside the pose).
  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
