#include "samples/ik_refusal.h"

#include <imgui.h>

#include "samples/ui_probe.h"

namespace samples {

void DrawIkRefusal(const char* job, const std::string& problem) {
  if (problem.empty()) return;
  const std::string line = std::string(job) + " refused: " + problem;
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 110, 90, 255));
  ImGui::TextWrapped("%s", line.c_str());
  ImGui::PopStyleColor();
  ui_probe::Text(std::string(job) + " refused", line);
}

}  // namespace samples
