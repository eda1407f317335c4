#include "anim/blending/mirror_job.h"

#include "anim/blending/blend_kernels.h"
#include "anim/core/job_messages.h"

namespace anim {

namespace msg = job_messages;

std::string MirrorJob::Validate() const {
  if (map == nullptr) return msg::Null("map");
  if (input == nullptr) return msg::Null("input");
  if (output == nullptr) return msg::Null("output");
  const int n = map->JointCount();
  const auto sized = [n](std::size_t size) { return size == static_cast<std::size_t>(n); };
  if (!sized(map->bind_correction.size())) {
    return msg::CountMismatch("map.bind_correction", map->bind_correction.size(), "rotations",
                              "map.partner", n);
  }
  if (!sized(parents.size()))
    return msg::CountMismatch("parents", parents.size(), "entries", "the map", n);
  if (input->JointCount() != n) {
    return msg::CountMismatch("input", static_cast<std::size_t>(input->JointCount()), "joints",
                              "the map", n);
  }
  if (output->JointCount() != n) {
    return msg::CountMismatch("output", static_cast<std::size_t>(output->JointCount()), "joints",
                              "the map", n);
  }
  for (int j = 0; j < n; ++j) {
    const int partner = map->partner[j];
    if (partner < 0 || partner >= n) {
      return msg::Indexed("map.partner", static_cast<std::size_t>(j)) + " is " +
             std::to_string(partner) + ", not one of the map's " + std::to_string(n) + " joints";
    }
    if (parents[j] < -1 || parents[j] >= n) {
      return msg::Indexed("parents", static_cast<std::size_t>(j)) + " is " +
             std::to_string(parents[j]) + ", neither -1 nor one of the map's " + std::to_string(n) +
             " joints";
    }
  }
  return {};
}

bool MirrorJob::Run() const {
  if (!Validate().empty()) return false;
  kernels::MirrorPose(*map, parents, *input, *output);
  return true;
}

bool MirrorPose(const MirrorMap& map, std::span<const int> parents, const SoaPose& in,
                SoaPose& out) {
  return MirrorJob{&map, parents, &in, &out}.Run();
}

}  // namespace anim
