#include "user_rig.h"

#include <cstdlib>
#include <sstream>
#include <vector>

namespace anim_bench {

RigSource UserRigSource(const std::string& rig, const char* clips) {
  RigSource source;
  source.name = "user";
  source.path = rig;
  std::vector<std::string> names;
  std::stringstream list(clips != nullptr ? clips : "");
  for (std::string name; std::getline(list, name, ',');) names.push_back(name);
  bool empty_name = false;
  for (const std::string& name : names) empty_name = empty_name || name.empty();
  if (names.size() != 4 || empty_name) {
    source.error = "ANIM_BENCH_CLIPS must name four clips of " + rig +
                   ", comma-separated, in the roles walk,run,lean,idle (lean: the additive "
                   "layer), got \"" +
                   (clips != nullptr ? clips : "") + "\"; the user cases are skipped";
    return source;
  }
  source.walk = names[0];
  source.run = names[1];
  source.lean = names[2];
  source.idle = names[3];
  return source;
}

std::optional<RigSource> UserRigFromEnvironment() {
  const char* rig = std::getenv("ANIM_BENCH_RIG");
  if (rig == nullptr || *rig == '\0') return std::nullopt;
  return UserRigSource(rig, std::getenv("ANIM_BENCH_CLIPS"));
}

}  // namespace anim_bench
