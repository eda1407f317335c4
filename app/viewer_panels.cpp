#include "app/viewer_panels.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "samples/ui_probe.h"

namespace animviewer {
namespace {

// ImGui 1.86 has no SeparatorText yet.
void Section(const char* title) {
  ImGui::Spacing();
  ImGui::TextUnformatted(title);
  ImGui::Separator();
}

void PlaybackControls(ViewerState& state) {
  AnimatedCharacter& character = state.character;
  anim::Playback& playback = character.playback();
  if (ImGui::Button(state.playing ? "Pause" : "Play")) state.playing = !state.playing;
  ui_probe::Button("Play/Pause");
  ImGui::SameLine();
  if (ImGui::Button("Restart") && character.clip_index() >= 0) {
    character.Play(character.clip_index(), state.loop, state.speed);
  }
  ui_probe::Button("Restart");
  if (ImGui::SliderFloat("Speed", &state.speed, -2.0f, 2.0f, "%.2fx")) playback.rate = state.speed;
  ui_probe::Slider("Speed", state.speed, -2.0, 2.0);
  const char* modes[] = {"loop", "clamp", "ping-pong"};
  if (ImGui::BeginCombo("Loop mode", modes[static_cast<int>(state.loop)])) {
    for (int i = 0; i < 3; ++i) {
      if (ImGui::Selectable(modes[i], i == static_cast<int>(state.loop))) {
        state.loop = static_cast<anim::LoopMode>(i);
        playback.mode = state.loop;
      }
      ui_probe::Entry(modes[i], i == static_cast<int>(state.loop));
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Loop mode", modes[static_cast<int>(state.loop)]);
  const anim::Clip* clip = character.clip();
  if (clip == nullptr) return;
  // The scrubber shows clip-local time; in ping-pong the backward half is
  // reflected, as the pose is.
  float time = clip->SampleTime(playback.time, playback.mode);
  ImGui::Text("Time %.3f / %.3f s  (phase %.2f)", time - clip->StartTime(), clip->Duration(),
              playback.NormalizedTime());
  if (ImGui::SliderFloat("##time", &time, clip->StartTime(), clip->EndTime(), "%.3f s")) {
    character.SetTime(time);
  }
  ui_probe::Slider("time", time, clip->StartTime(), clip->EndTime());
}

void ClipList(ViewerState& state) {
  const anim::Model& model = state.character.model();
  if (model.clips.empty()) {
    ImGui::TextDisabled("This model has no clips (rest pose).");
    return;
  }
  const float rows = static_cast<float>(std::min<std::size_t>(model.clips.size(), 12)) + 0.25f;
  if (ImGui::BeginListBox("##clips", ImVec2(-FLT_MIN, rows * ImGui::GetTextLineHeightWithSpacing()))) {
    for (int i = 0; i < static_cast<int>(model.clips.size()); ++i) {
      const anim::Clip& clip = model.clips[i];
      char label[256];
      std::snprintf(label, sizeof label, "%s  (%.2f s)", clip.Name().c_str(), clip.Duration());
      if (ImGui::Selectable(label, state.character.clip_index() == i)) {
        state.character.Play(i, state.loop, state.speed);
        state.playing = true;
      }
      ui_probe::Entry(label, state.character.clip_index() == i);
    }
    ImGui::EndListBox();
  }
}

// The sample selector; while a sample runs, its explanation and panel.
// Returns true when a sample is active (it then owns the pose).
bool WalkthroughSection(ViewerState& state) {
  Walkthrough& walkthrough = state.walkthrough;
  const int active = walkthrough.active();
  const std::string preview = active >= 0 ? walkthrough.SampleAt(active).Title() : "none: clip list";
  if (ImGui::BeginCombo("Sample", preview.c_str())) {
    if (ImGui::Selectable("none: clip list", active < 0)) {
      walkthrough.Activate(-1, state.character.model(), nullptr);
      state.character.Play(state.character.model().clips.empty() ? -1 : 0, state.loop, state.speed);
      state.reframe_requested = true;
    }
    ui_probe::Entry("none: clip list", active < 0);
    for (int i = 0; i < walkthrough.SampleCount(); ++i) {
      const bool chosen = ImGui::Selectable(walkthrough.SampleAt(i).Title().c_str(), i == active);
      ui_probe::Entry(walkthrough.SampleAt(i).Title(), i == active);
      if (!chosen) continue;
      std::string error;
      if (walkthrough.Activate(i, state.character.model(), &error)) {
        state.reframe_requested = true;
        state.playing = true;
      } else {
        state.message = error;
        state.message_is_error = true;
      }
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Sample", preview);
  samples::Sample* sample = walkthrough.Active();
  if (sample == nullptr) return false;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImVec4(0.75f, 0.85f, 1.0f, 1.0f), "%s", sample->Explanation().c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button(state.playing ? "Pause" : "Play")) state.playing = !state.playing;
  ui_probe::Button("Play/Pause");
  sample->DrawPanel();
  return true;
}

}  // namespace

void DrawAnimationPanel(ViewerState& state) {
  ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(360, 0), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Animation")) {  // collapsed: the whole view is free
    state.panel_right_edge = 0.0f;
    ImGui::End();
    return;
  }
  // The camera frames the model in the part of the window right of the panel.
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
  state.panel_right_edge = right < ImGui::GetIO().DisplaySize.x * 0.5f ? right : 0.0f;
  const std::string file =
      std::filesystem::path(state.character.model().source_path).filename().string();
  ImGui::Text("%s", file.c_str());
  ImGui::TextDisabled("Drop a .gltf or .glb file to open it");
  Section("Walkthrough");
  if (!WalkthroughSection(state)) {
    Section("Clips");
    ClipList(state);
    Section("Playback");
    PlaybackControls(state);
  }
  Section("View");
  ImGui::Checkbox("Mesh", &state.view.show_mesh);
  ui_probe::Checkbox("Mesh", state.view.show_mesh);
  ImGui::SameLine();
  ImGui::Checkbox("Skeleton", &state.view.show_skeleton);
  ui_probe::Checkbox("Skeleton", state.view.show_skeleton);
  ImGui::SameLine();
  ImGui::Checkbox("Wireframe", &state.view.wireframe);
  ui_probe::Checkbox("Wireframe", state.view.wireframe);
  ImGui::Checkbox("Grid", &state.view.show_grid);
  ui_probe::Checkbox("Grid", state.view.show_grid);
  ImGui::SameLine();
  if (ImGui::Button("Frame model (F)")) state.reframe_requested = true;
  ui_probe::Button("Frame model (F)");
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Drag: orbit. Right or middle drag: pan. Wheel: zoom. F: frame. Space: play/pause.");
  ImGui::PopStyleColor();
  if (!state.message.empty()) {
    ImGui::Separator();
    const ImVec4 color = state.message_is_error ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f)
                                                : ImVec4(0.7f, 0.9f, 0.7f, 1.0f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(color, "%s", state.message.c_str());
    ui_probe::Text(state.message_is_error ? "error" : "message", state.message);
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

void DrawStatsPanel(const ViewerState& state) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 10.0f, 10.0f), ImGuiCond_Always,
                          ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.6f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  ImGui::Begin("Stats", nullptr, flags);
  if (state.fixed_step) {
    ImGui::Text("Frame: fixed step 16.67 ms");
    ImGui::Text("Animation: (not measured)");
  } else {
    ImGui::Text("Frame: %.2f ms", state.frame_seconds * 1e3);
    ImGui::Text("Animation: %.1f us (sample + palette)", state.animation_seconds * 1e6);
  }
  const anim::Model& model = state.character.model();
  ImGui::Text("%d joints, %zu clips", model.skeleton.JointCount(), model.clips.size());
  ImGui::End();
}

}  // namespace animviewer
