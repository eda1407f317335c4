#include "app/viewer_window.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
// GLFW after glad, and without its own GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/character_placement.h"
#include "app/crowd_view.h"
#include "app/fixed_steps.h"
#include "app/framing_bounds.h"
#include "app/headless_commands.h"
#include "app/model_loading.h"
#include "app/ui_probe_frame.h"
#include "app/viewer_panels.h"
#include "app/viewer_state.h"
#include "render/gl_loader.h"
#include "render/png_writer.h"
#include "render/scene_renderer.h"

namespace animviewer {
namespace {


// Files dropped on the window, opened by the main loop (GLFW calls back in
// the middle of event polling, not a good moment to reload GPU data).
std::vector<std::string> g_dropped_files;

void OnDrop(GLFWwindow*, int count, const char** paths) {
  for (int i = 0; i < count; ++i) g_dropped_files.emplace_back(paths[i]);
}

GLFWwindow* OpenWindow(int width, int height) {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);  // macOS needs it, harmless elsewhere
  glfwWindowHint(GLFW_SAMPLES, 4);
  GLFWwindow* window = glfwCreateWindow(width, height, "animviewer", nullptr, nullptr);
  if (window == nullptr) {  // some X servers (Xvfb) offer no multisampled visual
    glfwWindowHint(GLFW_SAMPLES, 0);
    window = glfwCreateWindow(width, height, "animviewer", nullptr, nullptr);
  }
  return window;
}

// Makes `model` the shown one; on failure keeps the current model.
bool Open(const std::string& path, ViewerState& state, render::SceneRenderer& scene) {
  anim::Model model;
  std::string error;
  if (!LoadModelFile(path, &model, &error) || !scene.SetModel(model, &error)) {
    std::cerr << "animviewer: " << error << "\n";
    state.message = error;
    state.message_is_error = true;
    return false;
  }
  state.character.SetModel(std::move(model));
  state.character.Play(state.character.model().clips.empty() ? -1 : 0, state.loop, state.speed);
  // A running sample follows the new model, or stops if it cannot run on it.
  if (state.walkthrough.active() >= 0 &&
      !state.walkthrough.Activate(state.walkthrough.active(), state.character.model(), &error)) {
    state.walkthrough.Activate(-1, state.character.model(), nullptr);
  }
  state.playing = true;
  state.reframe_requested = true;
  state.message = "Opened " + path;
  state.message_is_error = false;
  for (const std::string& warning : state.character.model().warnings) {
    state.message += "\nwarning: " + warning;
  }
  return true;
}

// True once per key press (GLFW reports the key's state, not its presses).
bool Pressed(GLFWwindow* window, int key, bool* was_down) {
  const bool down = glfwGetKey(window, key) == GLFW_PRESS;
  const bool pressed = down && !*was_down;
  *was_down = down;
  return pressed;
}

void HandleInput(GLFWwindow* window, ViewerState& state, bool keys_down[2]) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantCaptureMouse) {
    const float height = std::max(io.DisplaySize.y, 1.0f);
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
      state.camera.Orbit(-io.MouseDelta.x * 0.01f, io.MouseDelta.y * 0.01f);
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0.0f) ||
        ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f)) {
      state.camera.Pan(-io.MouseDelta.x / height, io.MouseDelta.y / height);
    }
    if (io.MouseWheel != 0.0f) state.camera.Zoom(std::pow(0.88f, io.MouseWheel));
  }
  const bool f = Pressed(window, GLFW_KEY_F, &keys_down[0]);
  const bool space = Pressed(window, GLFW_KEY_SPACE, &keys_down[1]);
  if (io.WantCaptureKeyboard) return;
  if (f) state.reframe_requested = true;
  if (space) state.playing = !state.playing;
}

// Keys bound to the active sample's parameters (jump, punch, speed up...):
// each press is applied once, unless an ImGui text field has the keyboard.
void HandleSampleKeys(GLFWwindow* window, ViewerState& state, std::vector<bool>& keys_down) {
  samples::Sample* sample = state.walkthrough.Active();
  if (sample == nullptr) return;
  keys_down.resize(GLFW_KEY_LAST + 1, false);
  for (const samples::Param& p : sample->Params().All()) {
    for (int key : {p.key, p.key_less, p.key_more}) {
      if (key <= 0 || key > GLFW_KEY_LAST) continue;
      const bool down = glfwGetKey(window, key) == GLFW_PRESS;
      const bool pressed = down && !keys_down[key];
      keys_down[key] = down;
      if (pressed && !ImGui::GetIO().WantCaptureKeyboard) sample->Params().PressKey(key);
    }
  }
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

int RunLoop(GLFWwindow* window, const Options& options, ViewerState& state,
            render::SceneRenderer& scene) {
  bool keys_down[2] = {false, false};
  std::vector<bool> sample_keys_down;
  double last_time = glfwGetTime();
  CrowdView crowd_view;       // draws a crowd sample's characters (sample 08)
  render::Bounds crowd_framed;  // the crowd box last framed: a new size reframes
  CharacterPlacement placement;  // a moving character (sample 05) and its marks
  glm::vec3 followed(0.0f);      // where the camera last saw it
  for (int frame = 1; !glfwWindowShouldClose(window); ++frame) {
    glfwPollEvents();
    if (frame == 2 && !options.simulate_drop.empty()) {
      g_dropped_files.push_back(options.simulate_drop);
    }
    for (const std::string& path : g_dropped_files) Open(path, state, scene);
    g_dropped_files.clear();

    // Interactive use follows real time; test runs use fixed steps so the
    // same frame count always shows the same pose.
    const double now = glfwGetTime();
    const float dt = state.fixed_step ? static_cast<float>(kFixedStep) : static_cast<float>(now - last_time);
    // Smoothed so the number is readable while it updates every frame.
    state.frame_seconds += 0.1 * ((now - last_time) - state.frame_seconds);
    last_time = now;
    if (state.walkthrough.active() >= 0) {
      state.walkthrough.Step(state.playing ? dt : 0.0f, state.character);
      state.joint_colors.resize(state.character.model().skeleton.JointCount());
      state.has_joint_colors = state.walkthrough.Active()->JointColors(state.joint_colors);
    } else {
      state.character.Advance(state.playing ? dt : 0.0f);
      state.has_joint_colors = false;
    }
    state.animation_seconds = state.character.last_update_seconds();

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    DrawAnimationPanel(state);
    DrawStatsPanel(state);
    HandleInput(window, state, keys_down);
    HandleSampleKeys(window, state, sample_keys_down);

    int width = 0, height = 0;
    glfwGetFramebufferSize(window, &width, &height);
    const float aspect = height > 0 ? static_cast<float>(width) / height : 1.0f;
    // Panel width in framebuffer pixels (differs from window units on HiDPI).
    const float panel = std::min(state.panel_right_edge * ImGui::GetIO().DisplayFramebufferScale.x,
                                 0.6f * static_cast<float>(width));
    const samples::Sample* sample = state.walkthrough.Active();
    const samples::CrowdFrame* crowd = sample != nullptr ? sample->Crowd() : nullptr;
    placement.Read(sample);
    if (crowd != nullptr && (CrowdBounds(*crowd).min != crowd_framed.min ||
                             CrowdBounds(*crowd).max != crowd_framed.max)) {
      crowd_framed = CrowdBounds(*crowd);
      state.reframe_requested = true;
    }
    if (state.reframe_requested) {
      const float free_aspect = height > 0 ? (static_cast<float>(width) - panel) / height : 1.0f;
      const anim::Model& model = state.character.model();
      if (crowd != nullptr) {
        FrameCrowd(*crowd, free_aspect, &state.camera);
      } else {
        state.camera.Frame(state.walkthrough.active() >= 0
                               ? FramingBoundsAllClips(model)
                               : FramingBounds(model, state.character.clip_index()),
                           free_aspect);
      }
      state.reframe_requested = false;
      followed = glm::vec3(0.0f);  // framing looks at the origin
    }
    // The camera keeps its angles and moves with the character.
    if (placement.follow) {
      state.camera.MoveTarget(placement.Position() - followed);
      followed = placement.Position();
    } else {
      followed = glm::vec3(0.0f);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, width, height);
    render::FrameInputs inputs;
    inputs.view = state.camera.View();
    // Shift the image right by half the panel width (a lens shift, in NDC)
    // so the model is centred in the free area instead of behind the panel.
    const float shift = width > 0 ? panel / static_cast<float>(width) : 0.0f;
    inputs.projection = glm::translate(glm::mat4(1.0f), glm::vec3(shift, 0.0f, 0.0f)) *
                        state.camera.Projection(aspect);
    inputs.viewport_height = height;
    inputs.palette = state.character.palette();
    inputs.joint_model_matrices = state.character.model_matrices();
    inputs.parents = state.character.model().skeleton.RestPose().Parents();
    inputs.options = crowd != nullptr ? SceneOptionsUnderCrowd(state.view) : state.view;
    if (state.has_joint_colors) inputs.joint_colors = state.joint_colors;
    placement.Apply(&inputs);
    std::string error;
    const bool drawn = scene.Draw(inputs, &error) &&
                       (crowd == nullptr ||
                        crowd_view.Draw(state.character.model(), *crowd, inputs.view,
                                        inputs.projection, state.view, scene.lighting(),
                                        /*measure=*/true, &error));
    if (!drawn && state.message != error) {
      std::cerr << "animviewer: " << error << "\n";
      state.message = error;
      state.message_is_error = true;
    }
    WriteUiProbeFrame(frame, state, scene.Grid());  // only for the window tests (tests/ui/)
    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    if (frame == options.quit_after_frames) {
      if (!options.window_screenshot.empty() &&
          !SaveWindow(width, height, options.window_screenshot, &error)) {
        std::cerr << "animviewer: " << error << "\n";
        return 1;
      }
      return 0;
    }
    glfwSwapBuffers(window);
  }
  return 0;
}

// Everything that owns GL objects lives here, so it is destroyed while the
// window's context is still current.
int RunWithContext(GLFWwindow* window, const Options& options) {
  std::string error;
  render::SceneRenderer scene;
  if (!render::LoadGl(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress), &error) ||
      !scene.Init(&error)) {
    std::cerr << "animviewer: " << error << "\n";
    return 1;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini in the user's folder
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  glfwSetDropCallback(window, OnDrop);

  int exit_code = 1;
  ViewerState state;
  state.fixed_step = options.quit_after_frames > 0;
  state.loop = options.loop;
  state.speed = options.speed;
  state.view.show_skeleton = options.skeleton;
  state.view.wireframe = options.wireframe;
  if (Open(ModelPathFor(options), state, scene)) {
    // --sample and --set start the walkthrough as in headless mode.
    if (options.sample >= 0 &&
        (!state.walkthrough.ActivateNumber(options.sample, state.character.model(), &error) ||
         !state.walkthrough.ApplySets(options.sets, &error) ||
         !state.walkthrough.Schedule(options.timed_sets, &error))) {
      std::cerr << "animviewer: " << error << "\n";
      state.message = error;
      state.message_is_error = true;
    }
    // --clip picks the clip shown first, as in headless mode.
    if (options.clip) {
      const int index = state.character.model().FindClip(*options.clip);
      if (index >= 0) {
        state.character.Play(index, state.loop, state.speed);
      } else {
        state.message = "unknown clip '" + *options.clip + "'";
        state.message_is_error = true;
      }
    }
    exit_code = RunLoop(window, options, state, scene);
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
  GLFWwindow* window = OpenWindow(options.width, options.height);
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
