#include "model_once.h"

#include <filesystem>
#include <map>
#include <memory>

#include "import/gltf_importer.h"

namespace anim_bench {

const anim::Model* LoadOnce(const BenchModel& source, std::string* error) {
  static std::map<std::string, std::unique_ptr<anim::Model>> models;
  static std::map<std::string, std::string> errors;
  if (!models.count(source.name)) {
    auto model = std::make_unique<anim::Model>();
    std::string e;
    if (!std::filesystem::exists(source.path)) {
      e = source.path + " not found; the " + source.name + " cases are skipped";
    } else if (!anim::LoadGltfModel(source.path, model.get(), &e)) {
      model.reset();
    }
    if (!e.empty()) model.reset();
    errors[source.name] = e;
    models[source.name] = std::move(model);
  }
  *error = errors[source.name];
  return models[source.name].get();
}

}  // namespace anim_bench
