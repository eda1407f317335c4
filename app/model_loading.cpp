#include "app/model_loading.h"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "anim/offline/clip_builder.h"
#include "app/activity.h"
#include "import/bvh_importer.h"
#include "import/clip_roles_file.h"
#include "import/gltf_importer.h"

namespace animviewer {

anim::CompressionSettings ViewerCompressionSettings() {
  anim::CompressionSettings settings;
  settings.threads = 0;
  return settings;
}

anim::CompressionSettings BackgroundCompressionSettings() {
  anim::CompressionSettings settings = ViewerCompressionSettings();
  settings.threads = static_cast<int>(std::max(2u, std::thread::hardware_concurrency())) - 1;
  return settings;
}

std::string CompressionRefusal(const anim::Model& model, const anim::Clip& clip,
                               std::size_t load_memory_limit) {
  const std::size_t needed =
      anim::CompressionWorkingBytes(clip, model.skeleton, ViewerCompressionSettings());
  const std::size_t limit = load_memory_limit;
  if (needed <= limit) return {};
  char text[160];
  std::snprintf(text, sizeof text, "%.1f MiB (%d joints), over the load memory limit of %.1f MiB",
                static_cast<double>(needed) / (1024.0 * 1024.0), model.skeleton.JointCount(),
                static_cast<double>(limit) / (1024.0 * 1024.0));
  return "clip \"" + clip.Name() + "\" plays uncompressed: compressing it would need " + text +
         " (--max-load-memory raises it)";
}

bool LoadCharacterFile(const std::string& path, const anim::ImportOptions& import,
                       anim::Model* model, std::string* error) {
  const Activity activity("loading " + path);
  anim::Model loaded;
  const bool loaded_ok = anim::IsBvhPath(path) ? anim::LoadBvhModel(path, &loaded, error, import)
                                               : anim::LoadGltfModel(path, &loaded, error, import);
  if (!loaded_ok) return false;
  if (loaded.primitives.empty() && loaded.skeleton.JointCount() == 0) {
    *error = path + ": nothing to show (no skinned mesh and no skeleton)";
    return false;
  }
  *model = std::move(loaded);
  return true;
}

bool LoadModelFile(const std::string& path, const LoadOptions& options, anim::Model* model,
                   std::string* error) {
  anim::Model loaded;
  if (!LoadCharacterFile(path, options.import, &loaded, error)) return false;
  if (!options.animations.path.empty() &&
      !AddRetargetedClips(options.animations, options.import, &loaded, error)) {
    return false;
  }
  // The user's roles from an earlier run, over the guesses.
  anim::ApplyClipRolesFile(anim::ClipRolesPathFor(path), &loaded, &loaded.warnings);
  for (const anim::Clip& clip : loaded.clips) {
    if (std::string refusal = CompressionRefusal(loaded, clip, options.import.max_load_bytes);
        !refusal.empty()) {
      loaded.warnings.push_back(std::move(refusal));
    }
  }
  *model = std::move(loaded);
  return true;
}

}  // namespace animviewer
