// The two characters the rig-level cases run on (Woman.gltf beside the
// project and the default mannequin), each loaded at most once per run.
#pragma once

#include <string>

#include "model/model.h"

namespace anim_bench {

struct BenchModel {
  const char* name;
  std::string path;
};

inline const BenchModel kBenchModels[] = {
    {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf"},
    {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf"},
};

// The loaded model; nullptr with the reason in `error` when it cannot be
// (the file absent: the case is skipped with that message).
const anim::Model* LoadOnce(const BenchModel& source, std::string* error);

}  // namespace anim_bench
