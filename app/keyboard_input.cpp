#include "app/keyboard_input.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/viewer_state.h"

namespace animviewer {
namespace {

std::vector<KeyEvent> g_events;  // filled during glfwPollEvents, emptied each frame

void OnKey(GLFWwindow*, int key, int, int action, int) {
  if (action == GLFW_PRESS) g_events.push_back({key, 0});
}

void OnChar(GLFWwindow*, unsigned codepoint) { g_events.push_back({0, codepoint}); }

}  // namespace

void InstallKeyboardCallbacks(GLFWwindow* window) {
  glfwSetKeyCallback(window, OnKey);
  glfwSetCharCallback(window, OnChar);
}

std::vector<KeyEvent> TakeKeyEvents() {
  std::vector<KeyEvent> events;
  events.swap(g_events);
  return events;
}

void ApplyShortcuts(const std::vector<KeyEvent>& events, bool imgui_wants_keyboard,
                    ViewerState& state) {
  if (imgui_wants_keyboard) return;
  samples::Sample* sample = state.walkthrough.Active();
  for (const KeyEvent& e : events) {
    // Punctuation comes as characters, so it works on any keyboard layout;
    // named keys and the samples' letter keys as key codes.
    switch (e.codepoint) {
      case ',': state.rewind_seconds += state.time.StepBack(); continue;
      case '.': state.time.StepForward(); continue;
      case '[': state.time.Slower(); continue;
      case ']': state.time.Faster(); continue;
      default: break;
    }
    if (e.key == GLFW_KEY_SPACE) {
      state.time.paused = !state.time.paused;
    } else if (e.key == GLFW_KEY_F) {
      state.reframe_requested = true;
    } else if (sample != nullptr && e.key > 0) {
      sample->Params().PressKey(e.key);  // jump, punch, speed up...: false when unbound
    }
  }
}

}  // namespace animviewer
