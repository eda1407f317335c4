#include "import/clip_roles_file.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "import/json_nesting.h"
#include "import/regular_file.h"

namespace anim {
namespace {

using Json = nlohmann::ordered_json;  // keeps the clips in file order

// A roles file lists one line per clip; anything larger is not one.
constexpr std::uintmax_t kMaxRolesBytes = 1u << 20;
// It nests two levels; deeper text is refused before it is parsed.
constexpr int kMaxRolesDepth = 2;

}  // namespace

std::string ClipRolesPathFor(const std::string& model_path) {
  const std::filesystem::path path(model_path);
  return (path.parent_path() / (path.stem().string() + ".roles.json")).string();
}

void ApplyClipRolesFile(const std::string& path, Model* model, std::vector<std::string>* warnings) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return;
  auto warn = [&](const std::string& what) { warnings->push_back(path + ": " + what); };
  std::vector<unsigned char> text;
  std::string problem;
  if (!ReadRegularFile(path, kMaxRolesBytes, &text, &problem)) return warn(problem);
  if (JsonNestingDepth(text) > kMaxRolesDepth)
    return warn("nested deeper than a roles file can be");
  Json json;
  try {
    json = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    return warn(std::string("not valid JSON: ") + e.what());
  }
  if (!json.is_object() || !json.contains("roles") || !json["roles"].is_object()) {
    return warn("roles are read from an object { \"roles\": { clip name: role } }");
  }
  if (model->clip_roles.size() < model->clips.size()) GuessClipRoles(*model);
  for (const auto& [clip_name, role_name] : json["roles"].items()) {
    ClipRole role = ClipRole::kFullBody;
    if (!role_name.is_string() || !ParseRoleName(role_name.get<std::string>(), &role)) {
      warn("roles.\"" + clip_name + "\": " + role_name.dump() +
           " is no role (full body, idle, locomotion, one-shot, additive)");
      continue;
    }
    bool found = false;
    for (std::size_t c = 0; c < model->clips.size() && !found; ++c) {
      if (model->clips[c].Name() != clip_name) continue;
      model->clip_roles[c].role = role;
      found = true;
    }
    if (!found) warn("roles.\"" + clip_name + "\": the model has no clip of that name");
  }
}

std::string ClipRolesJson(const Model& model) {
  Json roles = Json::object();
  for (std::size_t c = 0; c < model.clips.size() && c < model.clip_roles.size(); ++c) {
    if (model.clip_roles[c].Overridden()) {
      roles[model.clips[c].Name()] = RoleName(model.clip_roles[c].role);
    }
  }
  Json json;
  json["roles"] = std::move(roles);
  return json.dump(2) + "\n";
}

bool SaveClipRolesFile(const std::string& path, const Model& model, std::string* error) {
  bool any = false;
  for (const ClipRoleGuess& guess : model.clip_roles) any = any || guess.Overridden();
  std::error_code ec;
  if (!any) {
    std::filesystem::remove(path, ec);
    if (ec) *error = path + ": could not be removed (" + ec.message() + ")";
    return !ec;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << ClipRolesJson(model);
  out.close();
  if (!out) {
    *error = path + ": could not be written";
    return false;
  }
  return true;
}

}  // namespace anim
