#include "import/retarget_mapping_file.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "import/json_nesting.h"
#include "import/regular_file.h"

namespace anim {
namespace {

using Json = nlohmann::ordered_json;  // keeps the joints in file order

// Mapping files are small; anything larger is not one.
constexpr std::uintmax_t kMaxMappingBytes = 4u << 20;
// The format nests two levels; nlohmann's parser recurses once per level, so
// deeper text is refused before it is parsed.
constexpr int kMaxMappingDepth = 4;
}  // namespace

std::string RetargetMappingPathFor(const std::string& model_path) {
  const std::filesystem::path path(model_path);
  return (path.parent_path() / (path.stem().string() + ".retarget.json")).string();
}

bool ReadRetargetMappingFile(const std::string& path, RetargetMappingFile* file,
                             std::string* error) {
  auto fail = [&](const std::string& why) {
    *error = path + ": " + why;
    return false;
  };
  std::vector<unsigned char> text;
  std::string problem;
  if (!ReadRegularFile(path, kMaxMappingBytes, &text, &problem)) return fail(problem);
  if (JsonNestingDepth(text) > kMaxMappingDepth)
    return fail("nested deeper than a mapping file can be");
  Json json;
  try {
    json = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    return fail(std::string("not valid JSON: ") + e.what());
  }
  if (!json.is_object()) return fail("the top level must be an object");
  RetargetMappingFile out;
  out.path = path;
  for (const auto& [key, value] : json.items()) {
    if (key == "source") {
      if (!value.is_string()) return fail("\"source\" must be a file name (a string)");
      const std::filesystem::path source =
          std::filesystem::path(path).parent_path() / value.get<std::string>();
      std::error_code ec;
      if (!std::filesystem::is_regular_file(source, ec)) {
        return fail("\"source\": " + source.string() + " does not exist");
      }
      out.source = source.string();
    } else if (key == "reference") {
      if (value == "match") {
        out.reference = ReferenceMatch::kMatchSource;
      } else if (value == "rest") {
        out.reference = ReferenceMatch::kRestPoses;
      } else {
        return fail("\"reference\" must be \"match\" or \"rest\", not " + value.dump());
      }
      out.has_reference = true;
    } else if (key == "joints") {
      if (!value.is_object())
        return fail("\"joints\" must be an object (target joint: source joint)");
      for (const auto& [target, source] : value.items()) {
        if (!source.is_string() && !source.is_null()) {
          return fail("joints.\"" + target + "\" must be a source joint's name or null, not " +
                      source.dump());
        }
        out.joints.emplace_back(target, source.is_null() ? "" : source.get<std::string>());
      }
    } else if (key == "props") {
      if (!value.is_object())
        return fail("\"props\" must be an object (prop joint: joint it follows)");
      for (const auto& [prop, follows] : value.items()) {
        if (!follows.is_string() && !follows.is_null()) {
          return fail("props.\"" + prop +
                      "\" must be the name of the joint it follows or null, not " + follows.dump());
        }
        out.props.emplace_back(prop, follows.is_null() ? "" : follows.get<std::string>());
      }
    } else {
      return fail("unknown entry \"" + key + "\" (source, reference, joints and props are known)");
    }
  }
  *file = std::move(out);
  return true;
}

bool ApplyRetargetMappingFile(const RetargetMappingFile& file, const Skeleton& source,
                              const Skeleton& target, JointMapping* mapping, std::string* error) {
  JointMapping out = AutoMapJoints(source, target);
  for (const auto& [target_name, source_name] : file.joints) {
    const int t = target.FindJoint(target_name);
    if (t < 0) {
      *error = file.path + ": joints.\"" + target_name + "\": the target has no joint of that name";
      return false;
    }
    int s = -1;
    if (!source_name.empty()) {
      s = source.FindJoint(source_name);
      if (s < 0) {
        *error = file.path;
        *error += ": joints.\"" + target_name + "\": the source has no joint named \"";
        *error += source_name + "\"";
        return false;
      }
    }
    // A source joint the automatic mapping gave another target joint
    // moves here: the file's word is the user's.
    for (int& other : out) {
      if (s >= 0 && other == s) other = -1;
    }
    out[t] = s;
  }
  if (std::string problem = CheckJointMapping(source, target, out); !problem.empty()) {
    *error = file.path + ": " + problem;
    return false;
  }
  *mapping = std::move(out);
  return true;
}

bool ReadPropOverrides(const RetargetMappingFile& file, const Skeleton& target,
                       std::span<const int> mapping, std::vector<PropOverride>* overrides,
                       std::string* error) {
  std::vector<PropOverride> out;
  const std::vector<bool> mapped_below = JointsAboveMapped(target, mapping);
  for (const auto& [prop_name, follows_name] : file.props) {
    const std::string entry = file.path + ": props.\"" + prop_name + "\": ";
    const int prop = target.FindJoint(prop_name);
    if (prop < 0) {
      *error = entry + "the target has no joint of that name";
      return false;
    }
    if (prop < static_cast<int>(mapping.size()) && mapping[prop] >= 0) {
      *error = entry + "it is mapped, so it moves with its source joint already";
      return false;
    }
    if (prop < static_cast<int>(mapped_below.size()) && mapped_below[prop]) {
      *error = entry + "mapped joints hang below it, and it would carry them off";
      return false;
    }
    int follows = -1;
    if (!follows_name.empty()) {
      follows = target.FindJoint(follows_name);
      if (follows < 0) {
        *error = entry + "the target has no joint named \"" + follows_name + "\"";
        return false;
      }
      if (follows >= static_cast<int>(mapping.size()) || mapping[follows] < 0) {
        *error = entry + "\"" + follows_name + "\" is unmapped, so it does not move";
        return false;
      }
    }
    out.push_back({prop, follows});
  }
  *overrides = std::move(out);
  return true;
}

std::string RetargetMappingJson(const Skeleton& source, const Skeleton& target,
                                const JointMapping& mapping, ReferenceMatch reference,
                                const std::string& source_relative,
                                std::span<const PropOverride> props) {
  // ordered_json keeps the joints in the skeleton's order.
  nlohmann::ordered_json json;
  if (!source_relative.empty()) json["source"] = source_relative;
  json["reference"] = reference == ReferenceMatch::kMatchSource ? "match" : "rest";
  nlohmann::ordered_json joints = nlohmann::ordered_json::object();
  for (int t = 0; t < target.JointCount(); ++t) {
    const int s = t < static_cast<int>(mapping.size()) ? mapping[t] : -1;
    joints[target.JointName(t)] =
        s >= 0 ? nlohmann::ordered_json(source.JointName(s)) : nlohmann::ordered_json(nullptr);
  }
  json["joints"] = std::move(joints);
  if (!props.empty()) {
    nlohmann::ordered_json entries = nlohmann::ordered_json::object();
    for (const PropOverride& p : props) {
      if (p.joint < 0 || p.joint >= target.JointCount()) continue;
      entries[target.JointName(p.joint)] = p.follows >= 0 && p.follows < target.JointCount()
                                               ? nlohmann::ordered_json(target.JointName(p.follows))
                                               : nlohmann::ordered_json(nullptr);
    }
    json["props"] = std::move(entries);
  }
  return json.dump(2) + "\n";
}

bool SaveRetargetMappingFile(const std::string& path, const std::string& json, std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << json;
  out.close();
  if (!out) {
    *error = path + ": could not be written";
    return false;
  }
  return true;
}

}  // namespace anim
