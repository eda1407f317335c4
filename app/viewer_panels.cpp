#include "app/viewer_panels.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <filesystem>
#include <span>

#include <imgui.h>

#include "anim/compression/playback.h"
#include "app/camera_choice.h"
#include "app/shortcuts.h"
#include "app/ui_scale.h"
#include "import/clip_roles_file.h"
#include "model/morph_reach.h"
#include "samples/counted.h"
#include "samples/hover_tooltip.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace animviewer {
namespace {

constexpr float kAnimationPanelWidth = 380.0f;
constexpr float kFrameworkPanelWidth = 300.0f;
// The most of the window's width each panel takes: at a large UI scale in a
// small window (2x in 1280x720) the panels would otherwise cover the
// character and each other; narrower, their text wraps and they scroll.
constexpr float kAnimationPanelShare = 0.4f;
constexpr float kFrameworkPanelShare = 0.3f;
constexpr float kMargin = 10.0f;

// ImGui 1.86 has no SeparatorText yet.
void Section(const char* title) {
  ImGui::Spacing();
  ImGui::TextUnformatted(title);
  ImGui::Separator();
}

void Hint(const char* text) {
  samples::WrappedText(text, &ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
}

// A panel's width: its design width at the UI scale, at most `share` of the
// window's width.
float PanelWidth(float design_width, float share, float ui_scale) {
  return std::min(design_width * ui_scale, share * ImGui::GetIO().DisplaySize.x);
}

// Fixed width, height of the content up to the window's (then a scroll bar),
// the margins at the panels' scale.
void SizeToContent(float width, float ui_scale) {
  const float max_height =
      std::max(100.0f, ImGui::GetIO().DisplaySize.y - 2.0f * kMargin * ui_scale);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, max_height));
}

// After a resize (even to 1x1 and back) the panel is moved back inside the
// window, as far as it fits.
void KeepInsideDisplay() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  const ImVec2 clamped(std::clamp(pos.x, 0.0f, std::max(0.0f, display.x - size.x)),
                       std::clamp(pos.y, 0.0f, std::max(0.0f, display.y - size.y)));
  if (clamped.x != pos.x || clamped.y != pos.y) ImGui::SetWindowPos(clamped);
}

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_AlwaysAutoResize;

void PlaybackControls(ViewerState& state) {
  AnimatedCharacter& character = state.character;
  if (ImGui::Button("Restart") && character.clip_index() >= 0) {
    character.Play(character.clip_index(), state.loop, state.speed);
  }
  ui_probe::Button("Restart");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::SliderFloat("##speed", &state.speed, -2.0f, 2.0f, "clip speed %.2fx")) {
    character.SetRate(state.speed);
  }
  ui_probe::Slider("Speed", state.speed, -2.0, 2.0);
  samples::HoverTooltip(
      "The clip's own playback rate; negative plays it backward. The time "
      "scale (right panel) slows everything down instead.");
  const char* modes[] = {"loop", "clamp", "ping-pong"};
  if (ImGui::BeginCombo("Loop mode", modes[static_cast<int>(state.loop)])) {
    for (int i = 0; i < 3; ++i) {
      if (ImGui::Selectable(modes[i], i == static_cast<int>(state.loop))) {
        state.loop = static_cast<anim::LoopMode>(i);
        character.SetLoopMode(state.loop);
      }
      ui_probe::Entry(modes[i], i == static_cast<int>(state.loop));
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Loop mode", modes[static_cast<int>(state.loop)]);
}

// Below the warning about a turn the skeleton misses (import/
// gltf_skin_turn.h): opens the model again with the turn applied, or not.
void SceneTurnToggle(ViewerState& state) {
  bool applied = state.character.model().scene_turn_applied;
  if (ImGui::Checkbox("Apply the scene's turn", &applied)) {
    LoadOptions load = state.load_options;
    load.import.apply_scene_turn = applied;
    state.reload_with = load;
  }
  ui_probe::Checkbox("Apply the scene's turn", state.character.model().scene_turn_applied);
  samples::HoverTooltip(
      "glTF draws a skinned mesh by its joints alone: a turn on a node above the mesh that "
      "the skeleton hangs outside of is not drawn. Ticked, the file is opened again with that "
      "turn put on the skeleton's roots (--apply-scene-turn).");
}

// Keeps the user's roles beside the model for the next run
// (import/clip_roles_file.h); says where, or why not.
void SaveRoles(ViewerState& state) {
  const anim::Model& model = state.character.model();
  if (model.source_path.empty()) return;  // a model built in code has no folder
  const std::string path = anim::ClipRolesPathFor(model.source_path);
  std::string error;
  state.message_is_error = !anim::SaveClipRolesFile(path, model, &error);
  state.message = state.message_is_error ? error : "Roles kept in " + path;
}

// The playing clip's role: the guess with its reason, and a combo to
// override it (samples pick their clips by role when next chosen).
void ClipRoleChoice(ViewerState& state) {
  const int clip = state.character.clip_index();
  const anim::Model& model = state.character.model();
  if (clip < 0 || clip >= static_cast<int>(model.clip_roles.size())) return;
  const anim::ClipRoleGuess& guess = model.clip_roles[clip];
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo("Role", anim::RoleName(guess.role))) {
    for (int r = 0; r < anim::kClipRoleCount; ++r) {
      const auto role = static_cast<anim::ClipRole>(r);
      if (ImGui::Selectable(anim::RoleName(role), role == guess.role)) {
        state.character.SetClipRole(clip, role);
        SaveRoles(state);
      }
      ui_probe::Entry(anim::RoleName(role), role == guess.role);
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Role", anim::RoleName(guess.role));
  samples::HoverTooltip(
      "What samples use this clip for: additive clips are layers added on others; idle, "
      "locomotion, one-shot and full-body clips play on their own. Read from the motion; "
      "choose another to override it.");
  const std::string why = guess.Overridden()
                              ? std::string("Set by you; ") +
                                    (guess.from_file ? "the file says " : "its motion reads as ") +
                                    anim::RoleName(guess.guessed) + ": " + guess.reason + "."
                          : guess.from_file ? "Given by the file: " + guess.reason + "."
                                            : "Read from its motion: " + guess.reason + ".";
  ImGui::TextDisabled("%s", why.c_str());
  ui_probe::Text("role reason", why);
}

// The walkthrough's "17 Mixer", which the clip list offers as its mixing mode.
constexpr int kMixerSampleNumber = 17;

void ActivateSample(ViewerState& state, int index);

void ClipList(ViewerState& state) {
  const anim::Model& model = state.character.model();
  if (model.clips.empty()) {
    ImGui::TextDisabled("This model has no clips (rest pose).");
    return;
  }
  const float rows = static_cast<float>(std::min<std::size_t>(model.clips.size(), 12)) + 0.25f;
  if (ImGui::BeginListBox("##clips",
                          ImVec2(-FLT_MIN, rows * ImGui::GetTextLineHeightWithSpacing()))) {
    for (int i = 0; i < static_cast<int>(model.clips.size()); ++i) {
      const anim::Clip& clip = model.clips[i];
      const char* role = i < static_cast<int>(model.clip_roles.size())
                             ? anim::RoleName(model.clip_roles[i].role)
                             : "";
      char label[256];
      std::snprintf(label, sizeof label, "%s  (%.2f s, %s)", clip.Name().c_str(), clip.Duration(),
                    role);
      if (ImGui::Selectable(label, state.character.clip_index() == i)) {
        state.character.Play(i, state.loop, state.speed);
      }
      ui_probe::Entry(label, state.character.clip_index() == i);
    }
    ImGui::EndListBox();
  }
  // How the clip plays, on one line that is always there: the line of a
  // build in progress comes and goes as a worker finishes, and a line that
  // came and went would move the controls below it under the pointer.
  const AnimatedCharacter& character = state.character;
  const int playing = character.clip_index();
  if (const int building = character.compressing(); building >= 0) {
    // A clip plays at once, raw, while a worker compresses it.
    ImGui::TextDisabled("compressing %s: plays raw until it is done",
                        model.clips[building].Name().c_str());
  } else if (playing >= 0 && !character.compression_failure(playing).empty()) {
    ImGui::TextDisabled("compressing %s failed (%s): it plays raw",
                        model.clips[playing].Name().c_str(),
                        character.compression_failure(playing).c_str());
  } else if (playing >= 0) {
    ImGui::TextDisabled(character.plays_compressed() ? "plays compressed (0.1 mm)"
                        : character.compression()    ? "plays raw: too large to compress"
                                                     : "plays raw (--no-compression)");
  } else {
    ImGui::TextDisabled("no clip: the rest pose");
  }
  ClipRoleChoice(state);
  if (model.animation_source != nullptr && model.animation_source->model != nullptr) {
    const std::string from = model.animation_source->model->source_path;
    Hint(("Clips marked (from ...) are " + from +
          "'s, retargeted onto this character (18 Retargeting shows how; Shift+drop another "
          "file to take its clips instead).")
             .c_str());
  } else {
    Hint("Drop a file with Shift held to play its clips on this character, retargeted.");
  }
  // The clip list's other mode: every clip at once, each with its weight,
  // speed, loop mode and fades (sample 17, whose panel replaces this list;
  // "none: clip list" in the walkthrough combo comes back).
  const int mixer = state.walkthrough.IndexOfNumber(kMixerSampleNumber);
  if (mixer >= 0) {
    if (ImGui::Button("Mix clips")) ActivateSample(state, mixer);
    samples::HoverTooltip(
        "play several clips at once, each with its weight, speed, loop mode and fades, "
        "and fade any clip into any other (17 Mixer)");
    ui_probe::Button("Mix clips");
  }
}

// One channel's sliders: one per target that changes something, and a
// line counting those that do not.
void MorphChannelSliders(AnimatedCharacter& character, const anim::MorphChannel& channel,
                         const std::vector<bool>& changes) {
  int idle = 0;
  for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
    const int weight = channel.first_weight + static_cast<int>(t);
    if (weight >= static_cast<int>(character.morph_offsets().size())) break;
    if (weight >= static_cast<int>(changes.size()) || !changes[weight]) {
      ++idle;
      continue;
    }
    float offset = character.morph_offsets()[weight];
    ImGui::PushID(static_cast<int>(t));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.55f);
    if (ImGui::SliderFloat(channel.target_names[t].c_str(), &offset, -1.0f, 1.0f, "%+.2f")) {
      character.SetMorphOffset(weight, offset);
    }
    const std::string name = channel.node_name + "/" + channel.target_names[t];
    ui_probe::Slider(name, offset, -1.0, 1.0);
    const std::string now = std::to_string(character.morph_weights()[weight]);
    samples::HoverTooltip(("Weight now: " + now).c_str());
    ui_probe::Text("weight " + name, now);  // what the renderer gets
    ImGui::PopID();
  }
  if (idle > 0) {
    ImGui::TextDisabled("%s", (samples::Counted(idle, "target") + " without a slider: " +
                               (idle == 1 ? "it moves" : "they move") + " no vertex")
                                  .c_str());
  }
}

// A slider per morph target, grouped by the mesh node they belong to: what
// each adds to the weight the clip animates (0: the clip's own), as
// three.js's morph examples let a face be driven by hand.
void MorphTargetSliders(ViewerState& state) {
  AnimatedCharacter& character = state.character;
  const anim::Model& model = character.model();
  const std::vector<bool>& changes = character.morph_targets_that_change();
  Hint("Each slider adds to the weight the clip animates (0: the clip's own).");
  bool opened_one = false;
  for (std::size_t c = 0; c < model.morph_channels.size(); ++c) {
    const anim::MorphChannel& channel = model.morph_channels[c];
    // A mesh whose targets change nothing gets a line saying why, not
    // sliders that do nothing.
    const std::string& note = character.morph_channel_notes()[c];
    if (!note.empty()) {
      const std::string line = channel.node_name + ": no sliders, " + note;
      ImGui::TextDisabled("%s", line.c_str());
      ui_probe::Text("morph note " + channel.node_name, line);
      continue;
    }
    ImGui::PushID(static_cast<int>(c));
    const ImGuiTreeNodeFlags open = opened_one ? 0 : ImGuiTreeNodeFlags_DefaultOpen;
    opened_one = true;
    if (ImGui::TreeNodeEx(channel.node_name.c_str(), open)) {
      MorphChannelSliders(character, channel, changes);
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
}

// The sample selector; while a sample runs, its explanation and panel.
// Returns true when a sample is active (it then owns the pose).
// The sample's explanation scrolls in a box of at most eight lines: a long
// one would otherwise push the sample's controls and live readouts below the
// window's fold at 1280x720.
void DrawExplanation(const std::string& text) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float width = ImGui::GetContentRegionAvail().x - style.ScrollbarSize;
  const auto measure = [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  const float lines = static_cast<float>(samples::WrapLines(text, width, measure).size());
  const float box_height =
      std::min(lines * ImGui::GetTextLineHeight(), 8.0f * ImGui::GetTextLineHeightWithSpacing()) +
      style.ItemSpacing.y;
  ImGui::BeginChild("##explanation", ImVec2(0.0f, box_height));
  const ImVec4 blue(0.75f, 0.85f, 1.0f, 1.0f);
  samples::WrappedText(text, &blue);
  ImGui::EndChild();
}

// A red message about what the user left (a sample that refused, a file
// that failed) goes once something else runs; an information stays.
void ClearStaleError(ViewerState& state) {
  if (!state.message_is_error) return;
  state.message.clear();
  state.message_is_error = false;
}

// Starts sample `index` (its panel takes the clip list's place) and shows
// its first pose, or says why it cannot run on this model.
void ActivateSample(ViewerState& state, int index) {
  Walkthrough& walkthrough = state.walkthrough;
  std::string error;
  if (walkthrough.Activate(index, state.character.model(), &error)) {
    // Activate ran the sample's Update(0): its panel is valid now.
    state.character.ShowPose(walkthrough.Active()->CurrentPose(),
                             walkthrough.Active()->MorphWeights());
    ClearStaleError(state);
    if (!walkthrough.SoftwareNote().empty()) {
      state.message = walkthrough.SoftwareNote();
      state.message_is_error = false;
    }
    state.reframe_requested = true;
  } else {
    state.message = error;
    state.message_is_error = true;
  }
}

bool WalkthroughSection(ViewerState& state) {
  Walkthrough& walkthrough = state.walkthrough;
  const int active = walkthrough.active();
  const std::string preview =
      active >= 0 ? walkthrough.SampleAt(active).Title() : "none: clip list";
  ImGui::SetNextItemWidth(-FLT_MIN);
  // As tall as the entries need (all 19 fit at 720 pixels), wherever the
  // panel has scrolled the combo to: a scroll bar in a list of samples hides
  // half of them. Where there is no room below or above, ImGui keeps the
  // list inside the window over the combo.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float list_height =
      static_cast<float>(walkthrough.SampleCount() + 1) * ImGui::GetTextLineHeightWithSpacing() +
      2.0f * style.WindowPadding.y;
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, list_height), ImVec2(FLT_MAX, list_height));
  if (ImGui::BeginCombo("##sample", preview.c_str())) {
    if (ImGui::Selectable("none: clip list", active < 0)) {
      walkthrough.Activate(-1, state.character.model(), nullptr);
      ClearStaleError(state);
      state.character.Play(state.character.model().clips.empty() ? -1 : 0, state.loop, state.speed);
      state.reframe_requested = true;
    }
    ui_probe::Entry("none: clip list", active < 0);
    for (int i = 0; i < walkthrough.SampleCount(); ++i) {
      const bool chosen = ImGui::Selectable(walkthrough.SampleAt(i).Title().c_str(), i == active);
      ui_probe::Entry(walkthrough.SampleAt(i).Title(), i == active);
      if (chosen) ActivateSample(state, i);
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Sample", preview);
  samples::Sample* sample = walkthrough.Active();
  if (sample == nullptr) return false;
  DrawExplanation(sample->Explanation());
  sample->DrawPanel();
  return true;
}

// A combo of `names` at 60 % of the panel's width, each entry probed (so
// the window tests can open it and click one); true when one was chosen.
bool NamedCombo(const char* label, int* index, std::span<const char* const> names) {
  bool chosen = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::BeginCombo(label, names[*index])) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      if (ImGui::Selectable(names[i], i == *index)) {
        *index = i;
        chosen = true;
      }
      ui_probe::Entry(names[i], i == *index);
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo(label, names[*index]);
  return chosen;
}

// The ambient light and the background (render/shading.h).
void EnvironmentControls(ViewerState& state) {
  const char* lights[] = {"Hemisphere", "Studio (image-based)"};
  int light = static_cast<int>(state.view.environment);
  if (NamedCombo("Environment", &light, lights))
    state.view.environment = static_cast<render::Environment>(light);
  samples::HoverTooltip(
      "What lights the material look besides the key light: a sky colour above and a ground "
      "colour below, or a generated studio as image-based light (diffuse from its irradiance, "
      "reflections prefiltered for each roughness), as the Khronos Sample Viewer lights with "
      "its environments (--environment hemisphere|studio).");
  const char* backgrounds[] = {"Plain colour", "Environment", "Environment, blurred"};
  int background = static_cast<int>(state.view.background);
  if (NamedCombo("Background", &background, backgrounds))
    state.view.background = static_cast<render::Background>(background);
  samples::HoverTooltip(
      "Behind the character: the plain colour, or the studio itself, sharp or blurred "
      "(--background color|environment|blurred).");
}

// The material look's tone map and exposure (render/shading.h); the flat
// look ignores them.
void ToneMapControls(ViewerState& state) {
  render::ToneMap& tone = state.view.tone_map;
  const char* curves[] = {"none (clamp)", "Khronos PBR Neutral", "ACES (Hill)"};
  int curve = static_cast<int>(tone.curve);
  if (NamedCombo("Tone map", &curve, curves)) tone.curve = static_cast<render::ToneMapping>(curve);
  samples::HoverTooltip(
      "How the material look's light becomes screen colour: clamped (the default), the Khronos "
      "PBR Neutral tone mapper (colours kept true up to 0.76, highlights rolled off), or Hill's "
      "fit of ACES (three.js's ACESFilmic) (--tone-mapping none|neutral|aces).");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  ImGui::SliderFloat("Exposure", &tone.exposure, 0.125f, 8.0f, "%.3gx",
                     ImGuiSliderFlags_Logarithmic);
  ui_probe::Slider("Exposure", tone.exposure, 0.125, 8.0);
  samples::HoverTooltip("A factor on the material look's colour before the tone map (--exposure).");
}

// The file's cameras beside the orbit camera (camera_choice.h); nothing
// when the file has none.
void CameraCombo(ViewerState& state) {
  const std::vector<anim::FileCamera>& cameras = state.character.model().cameras;
  if (cameras.empty()) return;
  int& chosen = state.view.file_camera;
  if (chosen >= static_cast<int>(cameras.size())) chosen = -1;
  const std::string preview = chosen < 0 ? "Orbit (mouse)" : FileCameraLabel(cameras[chosen]);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  if (ImGui::BeginCombo("Camera", preview.c_str())) {
    if (ImGui::Selectable("Orbit (mouse)", chosen < 0)) chosen = -1;
    ui_probe::Entry("Orbit (mouse)", chosen < 0);
    for (int i = 0; i < static_cast<int>(cameras.size()); ++i) {
      const std::string label = FileCameraLabel(cameras[i]) + "##camera" + std::to_string(i);
      if (ImGui::Selectable(label.c_str(), i == chosen)) chosen = i;
      ui_probe::Entry(FileCameraLabel(cameras[i]), i == chosen);
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("Camera", preview);
  samples::HoverTooltip(
      "Look through one of the file's cameras (a camera on a joint moves with it), or the "
      "orbit camera. Dragging or the wheel goes back to the orbit camera (--camera NAME).");
}

void ViewSection(ViewerState& state) {
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
  if (ImGui::Button("Frame model (F)")) FrameModelAsAsked(state);
  ui_probe::Button("Frame model (F)");
  bool dual_quaternion = state.view.skinning == anim::SkinningMethod::kDualQuaternion;
  if (ImGui::Checkbox("Dual quaternion skinning", &dual_quaternion)) {
    state.view.skinning = dual_quaternion ? anim::SkinningMethod::kDualQuaternion
                                          : anim::SkinningMethod::kLinearBlend;
  }
  ui_probe::Checkbox("Dual quaternion skinning", dual_quaternion);
  samples::HoverTooltip(
      "Off: linear blend skinning (the weighted sum of the joints' matrices). On: the joints' "
      "rotations and translations blended as dual quaternions, which keeps the volume of "
      "twisted joints; scale is blended separately (--skinning lbs|dqs).");
  bool flat = state.view.shading == render::Shading::kFlat;
  if (ImGui::Checkbox("Flat shading", &flat)) {
    state.view.shading = flat ? render::Shading::kFlat : render::Shading::kMaterial;
  }
  ui_probe::Checkbox("Flat shading", flat);
  samples::HoverTooltip(
      "Off: each surface as its glTF material says (metallic-roughness, normal, occlusion and "
      "emissive maps, alpha). On: base colour under a soft key light only, to watch the "
      "skinning without the material's effects (--shading material|flat).");
  EnvironmentControls(state);
  ToneMapControls(state);
  CameraCombo(state);
  // Applied when the slider is let go: the font is rebuilt between frames.
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  ImGui::SliderFloat("UI scale", &state.ui_scale, kMinUiScale, kMaxUiScale, "%.2fx");
  if (ImGui::IsItemDeactivatedAfterEdit()) state.ui_scale_requested = state.ui_scale;
  ui_probe::Slider("UI scale", state.ui_scale, kMinUiScale, kMaxUiScale);
  samples::HoverTooltip(
      "The size of the panels' text and widgets; starts at the monitor's content scale "
      "(--ui-scale sets it).");
  Hint("Mouse: drag to orbit, right or middle drag to pan, wheel to zoom.");
}

// --- The framework panel ---------------------------------------------------

// Play/Pause, single steps, the step length, the time scale and its presets.
void StepAndScaleControls(ViewerState& state) {
  TimeControl& time = state.time;
  if (ImGui::Button(time.paused ? "Play" : "Pause", ImVec2(60 * state.ui_scale, 0))) {
    time.paused = !time.paused;
  }
  ui_probe::Button("Play/Pause");
  ImGui::SameLine();
  if (ImGui::Button("<")) state.rewind_seconds += time.StepBack();
  ui_probe::Button("Step back");
  samples::HoverTooltip(
      "Step back (,): the run is replayed from its start up to one step "
      "earlier, with the same steps and parameter changes.");
  ImGui::SameLine();
  if (ImGui::Button(">")) time.StepForward();
  ui_probe::Button("Step forward");
  samples::HoverTooltip("Step forward (.) by one step.");
  ImGui::SameLine();
  float step_ms = time.step_seconds * 1000.0f;
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::DragFloat("##step", &step_ms, 0.1f, 1.0f, 500.0f, "step %.1f ms")) {
    time.step_seconds = std::clamp(step_ms, 1.0f, 500.0f) / 1000.0f;
  }
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::SliderFloat("##scale", &time.scale, 0.0f, kMaxTimeScale, "time scale %.2fx");
  ui_probe::Slider("time scale", time.scale, 0.0, kMaxTimeScale);
  for (float preset : {0.1f, 0.25f, 0.5f, 1.0f, 2.0f}) {
    char label[16];
    std::snprintf(label, sizeof label, "%gx", preset);
    if (preset != 0.1f) ImGui::SameLine();
    if (ImGui::Button(label)) time.scale = preset;
    ui_probe::Button(label);
  }
}

// One update per frame, or fixed 60 or 30 Hz steps.
void UpdateRateCombo(TimeControl& time) {
  int rate = time.fixed_rate_hz == 60 ? 1 : time.fixed_rate_hz == 30 ? 2 : 0;
  const char* rates[] = {"every frame (real time)", "fixed 60 Hz", "fixed 30 Hz"};
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (ImGui::BeginCombo("##rate", rates[rate])) {
    for (int i = 0; i < 3; ++i) {
      if (ImGui::Selectable(rates[i], i == rate))
        time.fixed_rate_hz = i == 1 ? 60 : i == 2 ? 30 : 0;
      ui_probe::Entry(rates[i], i == rate);
    }
    ImGui::EndCombo();
  }
  ui_probe::Combo("update rate", rates[rate]);
  samples::HoverTooltip(
      "Update steps: one per frame of the frame's length, or whole steps of "
      "1/60 or 1/30 s whatever the frame rate.");
}

// The scrubber, where there is one time line: the clip list's clip or a
// sample that plays one clip; else the time since the sample started.
void TimeLine(ViewerState& state) {
  samples::Sample* sample = state.walkthrough.Active();
  float t = 0.0f, length = 0.0f;
  const anim::Clip* clip = state.character.clip();
  const samples::SampleView shown = sample != nullptr ? sample->View() : samples::SampleView{};
  const bool sample_line = shown.timeline;
  if (sample_line) {
    t = shown.time;
    length = shown.length;
  }
  if (sample == nullptr && clip != nullptr) {
    t = state.character.playback().sample_time - clip->StartTime();
    length = clip->Duration();
  }
  if (sample_line || (sample == nullptr && clip != nullptr)) {
    ImGui::SetNextItemWidth(-FLT_MIN);
    char format[48];
    std::snprintf(format, sizeof format, "%%.3f s of %.3f s", length);
    if (ImGui::SliderFloat("##time", &t, 0.0f, length, format)) {
      if (sample_line) {
        sample->Scrub(t);
      } else {
        state.character.SetTime(clip->StartTime() + t);
      }
    }
    ui_probe::Slider("time", t, 0.0, length);
    samples::HoverTooltip(
        "Scrub: the time within the clip (ping-pong's way back shown reflected).");
  } else if (sample != nullptr) {
    ImGui::Text("t = %.3f s since the sample started", state.walkthrough.Elapsed());
    ui_probe::Text("sample time", std::to_string(state.walkthrough.Elapsed()));
  }
}

void TimeSection(ViewerState& state) {
  Section("Time");
  StepAndScaleControls(state);
  UpdateRateCombo(state.time);
  TimeLine(state);
  Hint(kShortcutHelp);
}

void PlotTimes(const char* label, const FrameTimings::Series& series, int offset) {
  const float top = PlotScale(series.ms.data(), FrameTimings::kHistory);
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%s %.2f ms   (scale 0-%g ms)", label, series.average,
                top);
  ImGui::PlotLines("##plot", series.ms.data(), FrameTimings::kHistory, offset, overlay, 0.0f, top,
                   ImVec2(ImGui::GetContentRegionAvail().x, 42.0f));
}

void TimingsSection(ViewerState& state) {
  Section("Timings (last 3 s)");
  if (state.fixed_step) {
    Hint("Not measured in fixed-step runs (--quit-after-frames), so their screenshots repeat.");
    return;
  }
  ImGui::PushID("frame");
  PlotTimes("frame", state.timings.frame, state.timings.next);
  ImGui::PopID();
  ImGui::PushID("update");
  PlotTimes("update", state.timings.update, state.timings.next);
  ImGui::PopID();
  ImGui::PushID("render");
  PlotTimes("render", state.timings.render, state.timings.next);
  ImGui::PopID();
  Hint(
      "Update: the animation (sample or clip, and the skinning palette). Render: the CPU "
      "time to issue the scene and the panels.");
}

void DrawAnimationPanel(ViewerState& state, ImGuiCond placement) {
  const float margin = kMargin * state.ui_scale;
  ImGui::SetNextWindowPos(ImVec2(margin, margin), placement);
  SizeToContent(PanelWidth(kAnimationPanelWidth, kAnimationPanelShare, state.ui_scale),
                state.ui_scale);
  const bool open = ImGui::Begin("Animation", nullptr, kPanelFlags);
  KeepInsideDisplay();
  // The camera frames the model right of the panel (when it sits on the left).
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth();
  state.free_left = open && right < ImGui::GetIO().DisplaySize.x * 0.5f ? right : 0.0f;
  if (!open) {  // collapsed: the whole view is free
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(0.0f);  // every text, the samples' too, wraps at the panel's edge
  const std::string file =
      std::filesystem::path(state.character.model().source_path).filename().string();
  ImGui::Text("%s", file.c_str());
  ImGui::TextDisabled("Drop a .gltf or .glb file to open it");
  // Messages (errors above all) at the top, never below a long sample panel.
  if (!state.message.empty()) {
    const ImVec4 color =
        state.message_is_error ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.7f, 0.9f, 0.7f, 1.0f);
    samples::WrappedText(state.message, &color);
    ui_probe::Text(state.message_is_error ? "error" : "message", state.message);
  }
  for (const std::string& warning : state.warnings) {
    const std::string line = "warning: " + warning;
    const ImVec4 yellow(0.95f, 0.8f, 0.4f, 1.0f);
    samples::WrappedText(line, &yellow);
    ui_probe::Text("warning", line);
  }
  if (state.character.model().scene_turn_missed) SceneTurnToggle(state);
  Section("Walkthrough");
  if (!WalkthroughSection(state)) {
    Section("Clips");
    ClipList(state);
    Section("Playback");
    PlaybackControls(state);
    if (!state.character.model().morph_channels.empty()) {
      Section("Morph targets");
      MorphTargetSliders(state);
    }
  }
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void DrawFrameworkPanel(ViewerState& state, ImGuiCond placement) {
  const ImGuiIO& io = ImGui::GetIO();
  const float margin = kMargin * state.ui_scale;
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - margin, margin), placement, ImVec2(1.0f, 0.0f));
  // A narrow window starts with it folded to its title bar, leaving the
  // character room beside the animation panel.
  ImGui::SetNextWindowCollapsed(io.DisplaySize.x < 1000.0f * state.ui_scale,
                                ImGuiCond_FirstUseEver);
  SizeToContent(PanelWidth(kFrameworkPanelWidth, kFrameworkPanelShare, state.ui_scale),
                state.ui_scale);
  const bool open = ImGui::Begin("Framework", nullptr, kPanelFlags);
  KeepInsideDisplay();
  const float left = ImGui::GetWindowPos().x;
  state.free_right = open && left > io.DisplaySize.x * 0.5f ? left : io.DisplaySize.x;
  state.framework_left = left > io.DisplaySize.x * 0.5f ? left : io.DisplaySize.x;
  if (!open) {
    ImGui::End();
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  TimeSection(state);
  ViewSection(state);
  TimingsSection(state);
  Section("Capture");
  if (ImGui::Button("Screenshot")) state.screenshot_requested = true;
  ui_probe::Button("Screenshot");
  ImGui::SameLine();
  Hint("the window as a PNG in the current folder");
  const char* record_label = state.recording.empty() ? "Record" : "Stop recording";
  if (ImGui::Button(record_label)) state.record_toggle = true;
  ui_probe::Button(record_label);
  ImGui::SameLine();
  if (state.recording.empty()) {
    Hint("every frame as a PNG into a new folder");
  } else {
    ImGui::Text("%d frames into %s", state.recorded_frames, state.recording.c_str());
  }
  const anim::Model& model = state.character.model();
  const std::string counts = samples::Counted(model.skeleton.JointCount(), "joint") + ", " +
                             samples::Counted(static_cast<long long>(model.clips.size()), "clip");
  ImGui::TextDisabled("%s", counts.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

}  // namespace

void DrawPanels(ViewerState& state) {
  // A new window size or UI scale puts the panels back at their places (left, right):
  // after a shrink to almost nothing they would otherwise pile up at the
  // top left. Between resizes they stay where the user moved them.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool resized = display.x != state.panels_display_size.x ||
                       display.y != state.panels_display_size.y ||
                       state.panels_ui_scale != state.ui_scale;
  state.panels_display_size = glm::vec2(display.x, display.y);
  state.panels_ui_scale = state.ui_scale;
  const ImGuiCond placement = resized ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  DrawAnimationPanel(state, placement);
  DrawFrameworkPanel(state, placement);
}

}  // namespace animviewer
