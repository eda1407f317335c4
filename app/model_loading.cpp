#include "app/model_loading.h"

#include "import/gltf_importer.h"

namespace animviewer {

namespace {
anim::ImportOptions g_import_options;
}  // namespace

void SetModelImportOptions(const anim::ImportOptions& options) { g_import_options = options; }

bool LoadModelFile(const std::string& path, anim::Model* model, std::string* error) {
  anim::Model loaded;
  if (!anim::LoadGltfModel(path, &loaded, error, g_import_options)) return false;
  if (loaded.primitives.empty() && loaded.skeleton.JointCount() == 0) {
    *error = path + ": nothing to show (no skinned mesh and no skeleton)";
    return false;
  }
  *model = std::move(loaded);
  return true;
}

}  // namespace animviewer
