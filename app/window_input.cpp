#include "app/window_input.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace animviewer {
namespace {

WindowInput& InputOf(GLFWwindow* window) {
  return *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
}

void OnKey(GLFWwindow* window, int key, int, int action, int) {
  if (action == GLFW_PRESS) InputOf(window).keys.push_back({key, 0});
}

void OnChar(GLFWwindow* window, unsigned codepoint) {
  InputOf(window).keys.push_back({0, codepoint});
}

void OnDrop(GLFWwindow* window, int count, const char** paths) {
  const bool shift = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
                     glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
  for (int i = 0; i < count; ++i) InputOf(window).dropped.push_back({paths[i], shift});
}

}  // namespace

void InstallInputCallbacks(GLFWwindow* window, WindowInput* input) {
  glfwSetWindowUserPointer(window, input);
  glfwSetKeyCallback(window, OnKey);
  glfwSetCharCallback(window, OnChar);
  glfwSetDropCallback(window, OnDrop);
}

}  // namespace animviewer
