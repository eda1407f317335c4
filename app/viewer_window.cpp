#include "app/viewer_window.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
// GLFW after glad, and without its own GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/animation_source.h"
#include "app/camera_choice.h"
#include "app/capture_paths.h"
#include "app/crowd_view.h"
#include "app/fixed_steps.h"
#include "app/framing_bounds.h"
#include "app/headless_commands.h"
#include "app/model_loading.h"
#include "app/own_mesh_view.h"
#include "app/sample_drawing.h"
#include "app/sample_pointer.h"
#include "app/terminal_text.h"
#include "app/ui_probe_frame.h"
#include "app/ui_scale.h"
#include "app/validator_panel.h"
#include "app/viewer_panels.h"
#include "app/viewer_state.h"
#include "app/window_input.h"
#include "render/gl_loader.h"
#include "render/png_writer.h"
#include "render/renderer_info.h"
#include "render/scene_renderer.h"

namespace animviewer {
namespace {

GLFWwindow* OpenWindow(int width, int height, int msaa_samples) {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);  // macOS needs it, harmless elsewhere
  glfwWindowHint(GLFW_SAMPLES, msaa_samples >= 2 ? msaa_samples : 0);
  GLFWwindow* window = glfwCreateWindow(width, height, "animviewer", nullptr, nullptr);
  if (window == nullptr) {  // some X servers (Xvfb) offer no multisampled visual
    glfwWindowHint(GLFW_SAMPLES, 0);
    window = glfwCreateWindow(width, height, "animviewer", nullptr, nullptr);
  }
  return window;
}

// Makes the file at `path`, loaded with `load`, the shown model, and `load`
// the options later loads use; on failure keeps the current model and
// options.
bool Open(const std::string& path, const LoadOptions& load, ViewerState& state,
          render::SceneRenderer& scene) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(path, load, &model, &error) || !scene.SetModel(model, &error)) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    state.message = error;
    state.message_is_error = true;
    return false;
  }
  state.load_options = load;
  state.character.SetLoadMemoryLimit(load.import.max_load_bytes);
  state.character.SetModel(std::move(model));
  state.view.file_camera = -1;  // another file's cameras
  state.character.Play(state.character.model().clips.empty() ? -1 : 0, state.loop, state.speed);
  state.walkthrough.ResetSamples();
  // A running sample follows the new model, or stops if it cannot run on it
  // and the message says why (what it needs, what the model has).
  std::string sample_stopped;
  if (state.walkthrough.active() >= 0 &&
      !state.walkthrough.Activate(state.walkthrough.active(), state.character.model(), &error)) {
    state.walkthrough.Activate(-1, state.character.model(), nullptr);
    sample_stopped = "\n" + error;
  }
  state.reframe_requested = true;
  state.message = "Opened " + path + sample_stopped;
  state.message_is_error = !sample_stopped.empty();
  state.warnings = state.character.model().warnings;
  state.validator.Start(path);
  return true;
}

// Opens the shown model again with `path`'s clips retargeted onto it; on
// failure keeps the model and the clips it had.
bool AddAnimations(const std::string& path, ViewerState& state, render::SceneRenderer& scene) {
  LoadOptions load = state.load_options;
  load.animations = {path, ""};
  if (!Open(state.character.model().source_path, load, state, scene)) return false;
  const anim::Model& model = state.character.model();
  state.message = "Retargeted " +
                  std::to_string(model.clips.size() -
                                 static_cast<std::size_t>(model.animation_source->first_clip)) +
                  " clips of " + path + " onto " + model.source_path;
  std::cout << "animviewer: " << EscapeControlCharacters(state.message, false) << "\n";
  return true;
}

// Mouse: orbit, pan and zoom the camera unless the mouse is over a panel
// or a sample holds the left button (it grabbed something: sample_pointer.h).
// (Drags are states, read each frame; keys are events, see window_input.h.)
// Moving the orbit camera while a file camera is shown goes back to the
// orbit camera, where the user left it (camera_choice.h).
void HandleMouse(ViewerState& state, bool sample_holds_left) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse) return;
  const float height = std::max(io.DisplaySize.y, 1.0f);
  const bool orbit = !sample_holds_left && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f);
  const bool pan = ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f) ||
                   ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f);
  const bool zoom = io.MouseWheel != 0.0f;
  if (!orbit && !pan && !zoom) return;
  if (state.view.file_camera >= 0) {
    state.view.file_camera = -1;
    return;
  }
  if (orbit) state.camera.Orbit(-io.MouseDelta.x * 0.01f, io.MouseDelta.y * 0.01f);
  if (pan) state.camera.Pan(-io.MouseDelta.x / height, io.MouseDelta.y / height);
  if (zoom) state.camera.Zoom(std::pow(0.88f, io.MouseWheel));
}

// Runs the time control's steps for this frame on the active sample or the
// clip list, after a step back it asked for. Paused, it still updates by 0
// so that parameter changes and scrubbing show at once. Then reads what the
// sample shows into `drawing`: its joint colours decide the skeleton
// overlay before the panels are drawn.
void Simulate(double real_seconds, ViewerState& state, std::vector<float>* steps,
              SampleDrawing* drawing) {
  Walkthrough& walkthrough = state.walkthrough;
  if (state.rewind_seconds > 0.0f) {
    std::string error;
    if (walkthrough.active() >= 0) {
      if (!walkthrough.Rewind(state.rewind_seconds, state.character.model(), state.character,
                              &error)) {
        state.message = error;
        state.message_is_error = true;
      }
    } else if (state.character.clip() != nullptr) {
      const AnimatedCharacter::PlaybackState playback = state.character.playback();
      state.character.SetTime(playback.time - state.rewind_seconds * playback.rate);
    }
    state.rewind_seconds = 0.0f;
  }
  state.time.Frame(real_seconds, steps);
  if (steps->empty()) steps->push_back(0.0f);
  for (float dt : *steps) {
    if (walkthrough.active() >= 0) {
      walkthrough.Step(dt, state.character);
    } else {
      state.character.Advance(dt);
    }
  }
  const bool had_joint_colors = state.has_joint_colors;
  drawing->Read(walkthrough.Active());
  state.has_joint_colors = !drawing->joint_colors.empty();
  // A sample that explains itself by joint colours (04's mask) is unreadable
  // with the skeleton hidden: show it when the colours appear, and hide it
  // again when they go (leaving the sample) if it was shown for them.
  // Unticking it meanwhile is the user's choice and stays.
  if (state.has_joint_colors && !had_joint_colors && !state.view.show_skeleton) {
    state.view.show_skeleton = true;
    state.skeleton_for_joint_colors = true;
  }
  if (!state.has_joint_colors && had_joint_colors && state.skeleton_for_joint_colors) {
    state.view.show_skeleton = false;
  }
  if (!state.has_joint_colors || !state.view.show_skeleton) state.skeleton_for_joint_colors = false;
}

bool SaveWindow(int width, int height, const std::string& path, std::string* error) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
  return render::WritePngBottomUp(path, width, height, pixels, error);
}

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// What the window loop keeps from one frame to the next.
struct LoopState {
  std::vector<float> steps;
  double last_time = 0.0;
  CrowdView crowd_view;          // draws a crowd sample's characters (sample 08)
  OwnMeshView own_mesh_view;     // draws a sample's generated mesh (sample 14)
  render::Bounds crowd_framed;   // the crowd box last framed: a new size reframes
  SampleDrawing sample_drawing;  // what the active sample adds, read after the steps and
                                 // again after the panels (which may change or switch it)
  SamplePointer pointer;         // drags a sample takes from the camera (IK targets)
  glm::vec3 followed{0.0f};      // where the camera last saw it
  // A framing is redone while the panels settle: the frame that asks for it
  // (opening a model, choosing a sample) draws the panels at their old or
  // first size, so the free area it framed into changes a frame or two later.
  int settle_frames = 0;
  float framed_aspect = 0.0f;
  int frame = 0;
};

// The free area between the panels, in framebuffer pixels (they differ
// from window units on HiDPI); the whole width if the panels leave too
// little.
std::pair<float, float> FreeArea(const ViewerState& state, int width) {
  const float to_pixels = ImGui::GetIO().DisplayFramebufferScale.x;
  const float left = state.free_left * to_pixels;
  const float right = std::min(state.free_right * to_pixels, static_cast<float>(width));
  if (right - left < 0.3f * static_cast<float>(width)) return {0.0f, static_cast<float>(width)};
  return {left, right};
}

// Frames the camera on what is shown when asked (a new model, sample or
// crowd size) and again while the panels settle; then follows a moving
// character, keeping the camera's angles.
void UpdateFraming(LoopState& loop, ViewerState& state, const SampleDrawing& drawing,
                   float free_aspect) {
  if (drawing.crowd != nullptr && (CrowdBounds(*drawing.crowd).min != loop.crowd_framed.min ||
                                   CrowdBounds(*drawing.crowd).max != loop.crowd_framed.max)) {
    loop.crowd_framed = CrowdBounds(*drawing.crowd);
    state.reframe_requested = true;
  }
  if (loop.settle_frames > 0) {
    --loop.settle_frames;
    if (free_aspect != loop.framed_aspect) state.reframe_requested = true;
  }
  if (state.reframe_requested) {
    loop.settle_frames = 3;
    loop.framed_aspect = free_aspect;
    const anim::Model& model = state.character.model();
    if (drawing.crowd != nullptr) {
      FrameCrowd(*drawing.crowd, free_aspect, &state.camera);
    } else if (drawing.own_mesh != nullptr) {
      state.camera.Frame(OwnMeshBounds(*drawing.own_mesh), free_aspect);
    } else {
      state.camera.Frame(state.walkthrough.active() >= 0
                             ? FramingBoundsAllClips(model)
                             : FramingBounds(model, state.character.clip_index()),
                         free_aspect);
    }
    state.reframe_requested = false;
    loop.followed = glm::vec3(0.0f);  // framing looks at the origin
  }
  if (drawing.follow) {
    state.camera.MoveTarget(drawing.Position() - loop.followed);
    loop.followed = drawing.Position();
  } else {
    loop.followed = glm::vec3(0.0f);
  }
}

// The scene's inputs this frame: the camera with the image shifted (a lens
// shift, in NDC) so the model is centred in the free area instead of behind
// a panel, the character's palette and weights, and the view options. Also
// hands the pointer to the sample when it takes drags.
render::FrameInputs SceneInputs(LoopState& loop, ViewerState& state, const SampleDrawing& drawing,
                                int width, int height, std::pair<float, float> free_area) {
  render::FrameInputs inputs;
  inputs.view = state.camera.View();
  const float shift = (free_area.first + free_area.second) / static_cast<float>(width) - 1.0f;
  const float aspect = static_cast<float>(width) / height;
  inputs.projection = glm::translate(glm::mat4(1.0f), glm::vec3(shift, 0.0f, 0.0f)) *
                      state.camera.Projection(aspect);
  // A file camera shows its author's framing, without the shift.
  LookThroughFileCamera(state.character.model(), state.view.file_camera,
                        state.character.model_matrices(), state.character.morph_weights(), aspect,
                        &inputs.view, &inputs.projection);
  inputs.viewport_height = height;
  const ImGuiIO& io = ImGui::GetIO();
  const bool pressed = !io.WantCaptureMouse && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
  loop.pointer.Update(
      state.walkthrough.Active(), pressed, ImGui::IsMouseDown(ImGuiMouseButton_Left),
      MouseRay(glm::vec2(io.MousePos.x, io.MousePos.y),
               glm::vec2(io.DisplaySize.x, io.DisplaySize.y), inputs.projection * inputs.view));
  inputs.palette = state.character.palette();
  inputs.morph_weights = state.character.morph_weights();
  inputs.joint_model_matrices = state.character.model_matrices();
  inputs.parents = state.character.model().skeleton.Parents();
  drawing.Apply(state.view, &inputs);
  return inputs;
}

// The scene, then a crowd or a sample's own mesh over it; a failure shows
// in the panel (once) and on stderr.
void DrawScene(LoopState& loop, ViewerState& state, render::SceneRenderer& scene,
               const SampleDrawing& drawing, const render::FrameInputs& inputs) {
  std::string error;
  const bool drawn = scene.Draw(inputs, &error) &&
                     (drawing.crowd == nullptr ||
                      loop.crowd_view.Draw(state.character.model(), *drawing.crowd, inputs.view,
                                           inputs.projection, state.view, scene.lighting(),
                                           /*measure=*/true, &error)) &&
                     (drawing.own_mesh == nullptr ||
                      loop.own_mesh_view.Draw(*drawing.own_mesh, inputs.projection * inputs.view,
                                              state.view, scene.lighting(), &error));
  if (!drawn && state.message != error) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    state.message = error;
    state.message_is_error = true;
  }
}

// The panel's Screenshot button: the window into a dated PNG beside the
// current folder, and the path (or the error) in the panel.
void SaveRequestedScreenshot(ViewerState& state, int width, int height) {
  if (!state.screenshot_requested) return;
  state.screenshot_requested = false;
  std::string error;
  const std::string path =
      ClaimCapturePath(".", std::time(nullptr), ".png", CaptureKind::kFile, &error);
  state.message_is_error = path.empty() || !SaveWindow(width, height, path, &error);
  if (state.message_is_error && !path.empty()) {
    std::error_code ec;
    std::filesystem::remove(path, ec);  // the empty file that claimed the name
  }
  state.message = state.message_is_error ? error : "Screenshot saved to " + path;
  if (!state.message_is_error) std::cout << "animviewer: screenshot saved to " << path << std::endl;
}

// The panel's Record button: starts a recording into a new dated folder, or
// stops it; while one runs, this frame is its next PNG.
void RecordFrame(ViewerState& state, int width, int height) {
  std::string error;
  if (state.record_toggle) {
    state.record_toggle = false;
    if (state.recording.empty()) {
      const std::string folder =
          ClaimCapturePath(".", std::time(nullptr), "_frames", CaptureKind::kFolder, &error);
      if (folder.empty()) {
        state.message = error;
        state.message_is_error = true;
        return;
      }
      state.recording = folder;
      state.recorded_frames = 0;
    } else {
      state.message =
          "Recorded " + std::to_string(state.recorded_frames) + " frames into " + state.recording;
      state.message_is_error = false;
      std::cout << "animviewer: recorded " << state.recorded_frames << " frames into "
                << state.recording << std::endl;
      state.recording.clear();
      return;
    }
  }
  if (state.recording.empty()) return;
  char name[32];
  std::snprintf(name, sizeof name, "frame_%05d.png", state.recorded_frames);
  if (!SaveWindow(width, height, (std::filesystem::path(state.recording) / name).string(),
                  &error)) {
    state.message = error;
    state.message_is_error = true;
    state.recording.clear();
    return;
  }
  ++state.recorded_frames;
}

// One frame's simulation step and panels: dropped files opened, time
// advanced (fixed steps in test runs, so the same frame count always shows
// the same pose), the panels drawn and the mouse and keys applied. Returns
// the real seconds the frame stands for and the update's milliseconds.
std::pair<double, double> UpdateFrame(LoopState& loop, WindowInput& input, const Options& options,
                                      ViewerState& state, render::SceneRenderer& scene) {
  if (loop.frame == 2 && !options.simulate_drop.empty()) {
    input.dropped.push_back({options.simulate_drop, options.simulate_drop_shift});
  }
  // Taken first: opening a file polls no events, but the queue is the
  // window's and a callback may add to it later.
  const std::vector<DroppedFile> dropped = std::exchange(input.dropped, {});
  if (const std::optional<LoadOptions> load = std::exchange(state.reload_with, std::nullopt)) {
    Open(state.character.model().source_path, *load, state, scene);
  }
  for (const DroppedFile& file : dropped) {
    if (file.animations) {
      AddAnimations(file.path, state, scene);
    } else {
      Open(file.path, state.load_options, state, scene);
    }
  }
  const double now = glfwGetTime();
  const double real_seconds =
      state.fixed_step || !state.recording.empty() ? kFixedStep : now - loop.last_time;
  loop.last_time = now;
  const auto update_start = std::chrono::steady_clock::now();
  Simulate(real_seconds, state, &loop.steps, &loop.sample_drawing);
  const double update_ms = MillisecondsSince(update_start);
  if (state.ui_scale_requested > 0.0f) {
    state.ui_scale = ApplyUiScale(state.ui_scale_requested);
    state.ui_scale_requested = 0.0f;
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  DrawPanels(state);
  DrawValidatorPanel(state);  // after the panels: it sits in the free area they leave
  HandleMouse(state, loop.pointer.captured());
  ApplyShortcuts(std::exchange(input.keys, {}), ImGui::GetIO().WantCaptureKeyboard, state);
  return {real_seconds, update_ms};
}

int RunLoop(GLFWwindow* window, WindowInput& input, const Options& options, ViewerState& state,
            render::SceneRenderer& scene) {
  LoopState loop;
  loop.last_time = glfwGetTime();
  while (!glfwWindowShouldClose(window)) {
    glfwPollEvents();
    int width = 0, height = 0;
    glfwGetFramebufferSize(window, &width, &height);
    if (glfwGetWindowAttrib(window, GLFW_ICONIFIED) || width == 0 || height == 0) {
      // Minimised: nothing to show, so sleep until something happens
      // instead of rendering at full rate; no time passes meanwhile.
      glfwWaitEvents();
      loop.last_time = glfwGetTime();
      continue;
    }
    ++loop.frame;
    const auto [real_seconds, update_ms] = UpdateFrame(loop, input, options, state, scene);

    const auto render_start = std::chrono::steady_clock::now();
    const std::pair<float, float> free_area = FreeArea(state, width);
    const SampleDrawing& drawing = loop.sample_drawing;
    loop.sample_drawing.Read(state.walkthrough.Active());
    UpdateFraming(loop, state, drawing,
                  (free_area.second - free_area.first) / static_cast<float>(height));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, width, height);
    const render::FrameInputs inputs = SceneInputs(loop, state, drawing, width, height, free_area);
    DrawScene(loop, state, scene, drawing, inputs);
    // Only for the window tests (tests/ui/).
    WriteUiProbeFrame(loop.frame, state, scene.Grid(), drawing);
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    state.timings.Add(real_seconds * 1e3, update_ms, MillisecondsSince(render_start));

    SaveRequestedScreenshot(state, width, height);
    RecordFrame(state, width, height);
    if (loop.frame == options.quit_after_frames) {
      std::string error;
      if (!options.window_screenshot.empty() &&
          !SaveWindow(width, height, options.window_screenshot, &error)) {
        std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
        return 1;
      }
      return 0;
    }
    glfwSwapBuffers(window);
  }
  return 0;
}

// --sample with --set and --at, or --clip, as in headless mode.
bool StartAsAsked(const Options& options, ViewerState& state, std::string* error) {
  if (!options.camera.empty()) {
    state.view.file_camera = FindFileCamera(state.character.model(), options.camera, error);
    if (state.view.file_camera < 0) return false;
  }
  if (options.sample >= 0) {
    if (!state.walkthrough.StartAsAsked(options, state.character.model(), error)) return false;
    if (!state.walkthrough.SoftwareNote().empty()) state.message = state.walkthrough.SoftwareNote();
    return true;
  }
  if (!options.clip) return true;
  const int index = state.character.model().FindClip(*options.clip);
  if (index < 0) {
    *error = "unknown clip '" + *options.clip + "' in " + state.character.model().source_path;
    return false;
  }
  state.character.Play(index, state.loop, state.speed);
  return true;
}

// Everything that owns GL objects lives here, so it is destroyed while the
// window's context is still current.
int RunWithContext(GLFWwindow* window, const Options& options) {
  std::string error;
  render::SceneRenderer scene;
  if (!render::LoadGl(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress), &error) ||
      !scene.Init(&error)) {
    std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    return 1;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the user's folder
  ImGui::StyleColorsDark();
  WindowInput input;
  InstallInputCallbacks(window, &input);  // before ImGui's backend, which chains to them
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exit_code = 1;
  ViewerState state;
  // The font is built at the monitor's scale (or --ui-scale) before the
  // first frame.
  state.ui_scale_requested = options.ui_scale > 0.0f ? options.ui_scale : MonitorUiScale(window);
  // Heavy samples start lighter where the CPU draws (Walkthrough::SoftwareNote).
  if (const std::string renderer = render::CurrentRendererName();
      render::IsSoftwareRenderer(renderer)) {
    state.walkthrough.SetSoftwareRenderer(renderer);
  }
  state.fixed_step = options.quit_after_frames > 0;
  // Slow work (compressing a clip, 15's rebuilds) on a worker while frames
  // come in real time; in the frame with --quit-after-frames (reproducible).
  state.walkthrough.SetBackgroundWork(!state.fixed_step);
  state.character.SetBackgroundCompression(!state.fixed_step);
  state.validator.SetBackground(!state.fixed_step);
  state.loop = options.loop;
  state.speed = options.speed;
  state.view.show_skeleton = options.skeleton;
  state.view.wireframe = options.wireframe;
  state.view.skinning = options.skinning;
  state.view.shading = options.shading;
  state.view.tone_map = options.tone_map;
  state.view.environment = options.environment;
  state.view.background = options.background;
  state.character.SetCompression(!options.no_compression);
  if (Open(ModelPathFor(options), LoadOptionsFor(options), state, scene)) {
    // Checked before the window opened (CheckWindowOptions); a model that
    // changed on disk since still ends the run with an error.
    if (StartAsAsked(options, state, &error)) {
      exit_code = RunLoop(window, input, options, state, scene);
    } else {
      std::cerr << "animviewer: " << EscapeControlCharacters(error, false) << "\n";
    }
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace

int RunWindowed(const Options& options, bool* no_display) {
  *no_display = false;
  if (!glfwInit()) {
    *no_display = true;
    return 0;
  }
  GLFWwindow* window = OpenWindow(options.width, options.height, options.msaa_samples);
  if (window == nullptr) {
    glfwTerminate();
    *no_display = true;
    return 0;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(options.quit_after_frames > 0 ? 0 : 1);
  const int exit_code = RunWithContext(window, options);
  glfwDestroyWindow(window);
  // No glfwTerminate: it unloads Mesa's GLX driver while the driver still
  // holds a few allocations, which LeakSanitizer then reports as leaks it
  // cannot attribute or suppress (scripts/lsan.supp names Mesa's libraries).
  // The process ends right after this; nothing else needs GLFW torn down
  // (no full-screen video mode to restore).
  return exit_code;
}

}  // namespace animviewer
