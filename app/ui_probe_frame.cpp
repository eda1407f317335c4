#include "app/ui_probe_frame.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>

#include <imgui.h>

#include "samples/ui_probe.h"

namespace animviewer {
namespace {

std::string Number(double v) {
  if (!std::isfinite(v)) return "null";
  char text[40];
  std::snprintf(text, sizeof text, "%.9g", v);
  return text;
}

struct PaletteFacts {
  bool finite = true;
  double bind_distance = 0.0;  // largest |palette - identity| element: 0 in the bind pose
  double sum = 0.0;            // changes whenever the pose does
};

PaletteFacts Examine(std::span<const glm::mat4> palette) {
  PaletteFacts facts;
  for (const glm::mat4& m : palette) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        const double v = m[c][r];
        if (!std::isfinite(v)) facts.finite = false;
        facts.bind_distance = std::max(facts.bind_distance, std::abs(v - (c == r ? 1.0 : 0.0)));
        facts.sum += v * (1.0 + 0.001 * (4 * c + r));
      }
    }
  }
  return facts;
}

std::string ParamsJson(const samples::Sample* sample) {
  std::string out = "[";
  if (sample == nullptr) return out + "]";
  bool first = true;
  for (const samples::Param& p : sample->Params().All()) {
    std::string value;
    switch (p.kind) {
      case samples::Param::Kind::kFloat: value = Number(*p.float_value); break;
      case samples::Param::Kind::kInt:
      case samples::Param::Kind::kChoice: value = Number(*p.int_value); break;
      case samples::Param::Kind::kBool:
      case samples::Param::Kind::kTrigger: value = *p.bool_value ? "true" : "false"; break;
    }
    const auto key = [](int k) {
      return ui_probe::Quote(k > 0 ? std::string(1, static_cast<char>(k)) : "");
    };
    out += std::string(first ? "\n" : ",\n") + "{\"name\":" + ui_probe::Quote(p.name) +
           ",\"value\":" + value + ",\"min\":" + Number(p.min) + ",\"max\":" + Number(p.max) +
           ",\"choices\":" + Number(static_cast<double>(p.choices.size())) +
           ",\"key\":" + key(p.key) + ",\"key_less\":" + key(p.key_less) +
           ",\"key_more\":" + key(p.key_more) + "}";
    first = false;
  }
  return out + "]";
}

// The morph-target weights the renderer gets this frame, by "node/target"
// (the name the panels label them with).
std::string MorphWeightsJson(const AnimatedCharacter& character) {
  const anim::Model& model = character.model();
  const std::span<const float> weights = character.morph_weights();
  std::string out = "{";
  for (const anim::MorphChannel& channel : model.morph_channels) {
    for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
      const std::size_t w = static_cast<std::size_t>(channel.first_weight) + t;
      if (w >= weights.size()) break;
      out += (out.size() > 1 ? "," : "") +
             ui_probe::Quote(channel.node_name + "/" + channel.target_names[t]) + ":" +
             Number(weights[w]);
    }
  }
  return out + "}";
}

}  // namespace

void WriteUiProbeFrame(int frame, ViewerState& state, const render::GridLayout& grid,
                       const SampleDrawing& drawing) {
  if (!ui_probe::Enabled()) return;
  const samples::Sample* sample = state.walkthrough.Active();
  const samples::CrowdFrame* crowd = drawing.crowd;
  const PaletteFacts palette =
      Examine(crowd != nullptr ? crowd->palettes : state.character.palette());
  const glm::mat4 view = state.camera.View();
  std::string camera;
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) camera += (camera.empty() ? "" : ",") + Number(view[c][r]);
  }
  const glm::vec3 target = state.camera.Target();
  const glm::vec3 standing = drawing.Position();
  const auto vec3 = [](glm::vec3 v) {
    return "[" + Number(v.x) + "," + Number(v.y) + "," + Number(v.z) + "]";
  };
  const anim::Model& model = state.character.model();
  std::string json =
      "{\"frame\":" + std::to_string(frame) +
      ",\"sample\":" + std::to_string(state.walkthrough.active()) +
      ",\"sample_title\":" + ui_probe::Quote(sample != nullptr ? sample->Title() : "") +
      ",\"model\":" + ui_probe::Quote(model.source_path) +
      ",\"clips\":" + std::to_string(model.clips.size()) +
      ",\"joints\":" + std::to_string(model.skeleton.JointCount()) +
      ",\"crowd\":" + (crowd != nullptr ? "true" : "false") +
      ",\"own_mesh\":" + (drawing.own_mesh != nullptr ? "true" : "false") +
      ",\"playing\":" + (!state.time.paused ? "true" : "false") +
      ",\"clip_index\":" + std::to_string(state.character.clip_index()) +
      ",\"clip_time\":" + Number(state.character.playback().time) +
      ",\"palette_finite\":" + (palette.finite ? "true" : "false") +
      ",\"bind_distance\":" + Number(palette.bind_distance) +
      ",\"palette_sum\":" + Number(palette.sum) +
      ",\"morph_weights_drawn\":" + MorphWeightsJson(state.character) + ",\"camera\":[" + camera +
      "]" + ",\"camera_target\":" + vec3(target) + ",\"character_position\":" + vec3(standing) +
      ",\"grid_center\":" + vec3(grid.center) +
      ",\"grid_half_extent\":" + Number(grid.HalfExtent()) +
      ",\"grid_shown\":" + (state.view.show_grid ? "true" : "false") + ",\"display\":[" +
      Number(ImGui::GetIO().DisplaySize.x) + "," + Number(ImGui::GetIO().DisplaySize.y) + "]" +
      ",\"free_area\":[" + Number(state.free_left) + "," + Number(state.free_right) + "]" +
      ",\"message\":" + ui_probe::Quote(state.message) +
      ",\"message_is_error\":" + (state.message_is_error ? "true" : "false") +
      ",\"has_joint_colors\":" + (state.has_joint_colors ? "true" : "false") +
      ",\"software_note\":" + ui_probe::Quote(state.walkthrough.SoftwareNote()) +
      ",\"params\":" + ParamsJson(sample) +
      ",\"imgui_frame\":" + std::to_string(ImGui::GetFrameCount()) +
      ",\n\"last_edit\":" + ui_probe::LastEditJson() +
      ",\n\"windows\":" + ui_probe::TakeWindowsJson() +
      ",\n\"items\":" + ui_probe::TakeItemsJson() + "}\n";
  // Written beside and renamed, so a reader never sees half a frame.
  static const std::string path = std::getenv("ANIMVIEWER_UI_PROBE");
  const std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out << json;
  }
  std::error_code ignored;
  std::filesystem::rename(partial, path, ignored);
}

}  // namespace animviewer
