#include "app/loaded_motion.h"

#include "app/headless_commands.h"

namespace animviewer {

bool LoadMotion(const Options& options, LoadedMotion* out, std::string* error) {
  if (!LoadModelFile(ModelPathFor(options), LoadOptionsFor(options), &out->model, error))
    return false;
  samples::MotionOptions what;
  what.mirrored = !options.no_mirrored_clips;
  what.excluded = options.motion_excluded;
  auto motion = samples::MotionOf(out->model, error, what);
  if (!motion) return false;
  out->motion = std::move(*motion);
  auto db = samples::BuildModelDatabase(out->model, out->motion, samples::kMatchingWeights, error);
  if (!db) return false;
  out->db = std::move(*db);
  out->matched.clear();
  for (const anim::MotionClip& c : out->motion.clips)
    out->matched.push_back({c.clip, c.motion, c.mode});
  return true;
}

}  // namespace animviewer
