#include "import/gltf_pointer_channels.h"

#include <nlohmann/json.hpp>

namespace anim::gltf {

std::vector<std::vector<PointerChannel>> ReadPointerChannels(std::string_view json,
                                                             LoadBudget& budget) {
  std::vector<std::vector<PointerChannel>> channels;
  if (json.find("KHR_animation_pointer") == std::string_view::npos) return channels;
  // Everything but the top-level "animations" member is discarded as it is
  // parsed, so the document held is the animations' JSON alone (their keys
  // live in buffers). ScanJson has already bounded the nesting.
  bool keep = true;
  const auto only_animations = [&keep](int depth, nlohmann::json::parse_event_t event,
                                       nlohmann::json& parsed) {
    if (depth == 1 && event == nlohmann::json::parse_event_t::key) {
      keep = parsed == "animations";
      return keep;
    }
    return depth == 0 || keep;
  };
  // The document kept is the animations' part of the text; four bytes of
  // DOM per byte of text bounds it (numbers and short strings cost more than
  // their text, punctuation nothing).
  budget.CheckTemporary(4 * json.size(), "the animations' JSON, read for their pointer channels");
  const nlohmann::json document =
      nlohmann::json::parse(json.begin(), json.end(), only_animations, /*allow_exceptions=*/false);
  if (!document.is_object() || !document.contains("animations") ||
      !document["animations"].is_array()) {
    return channels;
  }
  const nlohmann::json& animations = document["animations"];
  channels.resize(animations.size());
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const nlohmann::json& animation = animations[a];
    if (!animation.is_object() || !animation.contains("channels") ||
        !animation["channels"].is_array()) {
      continue;
    }
    for (const nlohmann::json& channel : animation["channels"]) {
      if (!channel.is_object() || !channel.contains("target")) continue;
      const nlohmann::json& target = channel["target"];
      if (!target.is_object() || target.value("path", std::string()) != "pointer") continue;
      PointerChannel out;
      if (channel.contains("sampler") && channel["sampler"].is_number_integer()) {
        const auto sampler = channel["sampler"].get<long long>();
        out.sampler = sampler >= 0 && sampler < (1LL << 30) ? static_cast<int>(sampler) : -1;
      }
      const nlohmann::json* extension = nullptr;
      if (target.contains("extensions") && target["extensions"].is_object() &&
          target["extensions"].contains("KHR_animation_pointer")) {
        extension = &target["extensions"]["KHR_animation_pointer"];
      }
      if (extension != nullptr && extension->is_object() && extension->contains("pointer") &&
          (*extension)["pointer"].is_string()) {
        out.pointer = (*extension)["pointer"].get<std::string>();
      }
      channels[a].push_back(std::move(out));
    }
  }
  return channels;
}

}  // namespace anim::gltf
