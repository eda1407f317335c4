#include "app/keyboard_input.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

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

}  // namespace animviewer
