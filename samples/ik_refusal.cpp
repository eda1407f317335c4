#include "samples/ik_refusal.h"

#include <imgui.h>

#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

void DrawIkRefusal(const char* job, const std::string& problem) {
  if (problem.empty()) return;
  const std::string line = std::string(job) + " refused: " + problem;
  const ImVec4 red = ImGui::ColorConvertU32ToFloat4(IM_COL32(255, 110, 90, 255));
  WrappedText(line, &red);
  ui_probe::Text(std::string(job) + " refused", line);
}

}  // namespace samples
