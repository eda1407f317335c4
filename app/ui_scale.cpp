#include "app/ui_scale.h"

#include <algorithm>
#include <cmath>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

namespace animviewer {
namespace {

// ImGui's default font (ProggyClean) is drawn for 13 pixels.
constexpr float kBaseFontPixels = 13.0f;

}  // namespace

float MonitorUiScale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  const float scale = std::max(x, y);
  return std::isfinite(scale) && scale > 0.0f ? std::clamp(scale, kMinUiScale, kMaxUiScale) : 1.0f;
}

float ApplyUiScale(float scale) {
  scale = std::isfinite(scale) ? std::clamp(scale, kMinUiScale, kMaxUiScale) : 1.0f;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig font;
  font.SizePixels = std::round(kBaseFontPixels * scale);
  io.Fonts->AddFontDefault(&font);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  // ImGui draws a slider's value centred over its grab: a half-transparent
  // grab keeps the digits under it readable (a weight at 0 on a -1..1
  // slider sits right under the grab).
  style.Colors[ImGuiCol_SliderGrab].w = 0.45f;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  return scale;
}

}  // namespace animviewer
