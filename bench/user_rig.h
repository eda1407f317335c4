// The user's own rig for the crowd cases: ANIM_BENCH_RIG=file.gltf (or .glb)
// and ANIM_BENCH_CLIPS=walk,run,lean,idle, four clip names of that file in
// the roles of the Walking, Running, Lean_Left (additive) and Idle clips of
// the built-in rigs. Every crowd case then also runs on it as `user/...`.
#pragma once

#include <optional>
#include <string>

#include "bench_crowd.h"

namespace anim_bench {

// The user rig from the environment, or nullopt when ANIM_BENCH_RIG is not
// set. A malformed ANIM_BENCH_CLIPS gives a source with `error` set, so the
// user cases are listed and skipped with that message.
std::optional<RigSource> UserRigFromEnvironment();

// The same from the two values (for tests and the function above).
RigSource UserRigSource(const std::string& rig, const char* clips);

}  // namespace anim_bench
