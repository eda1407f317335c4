#include "import/drive_script_file.h"

#include <cmath>

#include "import/json_side_file.h"

namespace anim {
namespace {

constexpr std::uintmax_t kMaxDriveBytes = 16u << 20;
// An object, its array of keys, each an object holding one array.
constexpr int kMaxDriveDepth = 4;

bool FiniteNumber(const nlohmann::json& v) {
  return v.is_number() && std::isfinite(v.get<double>()) && std::abs(v.get<double>()) < 1e6;
}

// One key from its JSON; empty, or what is wrong with it.
std::string ReadKey(const nlohmann::json& k, DriveKey* key) {
  if (!k.is_object() || !k.contains("time") || !k.contains("velocity"))
    return "is not an object with \"time\" and \"velocity\"";
  if (!FiniteNumber(k["time"])) return "time is not a finite number";
  const nlohmann::json& v = k["velocity"];
  if (!v.is_array() || v.size() != 2 || !FiniteNumber(v[0]) || !FiniteNumber(v[1]))
    return "velocity is not [x, z] in metres a second";
  key->time = k["time"].get<float>();
  key->velocity = {v[0].get<float>(), v[1].get<float>()};
  if (k.contains("facing")) {
    if (!FiniteNumber(k["facing"])) return "facing is not a finite number of degrees";
    key->facing_deg = k["facing"].get<float>();
  }
  return {};
}

std::string ReadKeys(const nlohmann::json& json, DriveScript* script) {
  const nlohmann::json& keys = json["keys"];
  if (keys.empty()) return "\"keys\" is empty: nothing to drive";
  if (keys.size() > kMaxDriveKeys)
    return std::to_string(keys.size()) + " keys, more than the " + std::to_string(kMaxDriveKeys) +
           " a script may hold";
  script->keys.assign(keys.size(), DriveKey{});
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::string where = "keys[" + std::to_string(i) + "] ";
    if (std::string wrong = ReadKey(keys[i], &script->keys[i]); !wrong.empty())
      return where + wrong;
    const float t = script->keys[i].time;
    if (i == 0 && t != 0.0f) return where + "starts at " + std::to_string(t) + " s, not 0";
    if (i > 0 && t < script->keys[i - 1].time) return where + "is earlier than the key before";
  }
  return {};
}

}  // namespace

bool ReadDriveScript(const std::string& path, DriveScript* script, std::string* error) {
  const auto fail = [&](const std::string& problem) {
    *error = path + ": " + problem;
    return false;
  };
  nlohmann::json json;
  std::string problem;
  if (!ReadJsonSideFile(path, kMaxDriveBytes, kMaxDriveDepth, "a drive script", &json, &problem))
    return fail(problem);
  if (!json.is_object() || !json.contains("duration") || !json.contains("keys") ||
      !json["keys"].is_array())
    return fail("a drive script is an object { \"duration\": seconds, \"keys\": [...] }");
  if (!FiniteNumber(json["duration"]) || json["duration"].get<double>() <= 0.0 ||
      json["duration"].get<double>() > kMaxDriveSeconds)
    return fail("duration is not a number of seconds in (0, " +
                std::to_string(static_cast<int>(kMaxDriveSeconds)) + "]");
  script->duration = json["duration"].get<float>();
  if (std::string wrong = ReadKeys(json, script); !wrong.empty()) return fail(wrong);
  return true;
}

}  // namespace anim
