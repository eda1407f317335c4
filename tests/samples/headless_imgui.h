// An ImGui context without a renderer, for tests that draw sample panels:
// frames are built (widgets laid out, ui_probe records them), never drawn.
#pragma once

#include <imgui.h>

class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 720);
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the font atlas
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

  // One frame at 60 Hz with `draw` inside a window named "panel".
  template <typename Draw>
  static void Frame(Draw draw) {
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    ImGui::Begin("panel");
    draw();
    ImGui::End();
    ImGui::Render();
  }
};
