#include "scene/ground_loader.h"

#include "import/gltf_importer.h"

namespace scene {

bool LoadGroundGltf(const std::string& path, float units_per_metre, Ground* ground,
                    std::string* error) {
  anim::Model model;
  if (!anim::LoadGltfModel(path, &model, error)) return false;
  // The importer puts each mesh in the space of the file's scene (static
  // meshes ride a joint of the node hierarchy at its rest pose), which for
  // an unanimated file is the world.
  for (anim::MeshPrimitive& primitive : model.primitives) {
    for (glm::vec3& p : primitive.positions) p *= units_per_metre;
  }
  model.clips.clear();
  Ground loaded;
  std::string why;
  if (!loaded.Set(std::move(model), &why)) {
    *error = path + ": cannot be used as the ground: " + why;
    return false;
  }
  *ground = std::move(loaded);
  return true;
}

}  // namespace scene
