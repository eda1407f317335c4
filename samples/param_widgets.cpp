// ImGui side of ParamList, kept apart so the parsing side can be unit tested
// without ImGui.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "samples/hover_tooltip.h"
#include "samples/param_list.h"
#include "samples/ui_probe.h"
#include "samples/wrapped_text.h"

namespace samples {

void DrawParamWidget(const Param& p, const char* shown) {
  const std::string label = shown == nullptr ? p.name : std::string(shown) + "##" + p.name;
  switch (p.kind) {
    case Param::Kind::kFloat:
      ImGui::SliderFloat(label.c_str(), p.float_value, p.min, p.max, "%.3f");
      break;
    case Param::Kind::kInt:
      ImGui::SliderInt(label.c_str(), p.int_value, static_cast<int>(p.min),
                       static_cast<int>(p.max));
      break;
    case Param::Kind::kBool: ImGui::Checkbox(label.c_str(), p.bool_value); break;
    case Param::Kind::kTrigger: {
      const std::string button = p.key != 0 ? label + " [" + static_cast<char>(p.key) + "]" : label;
      if (ImGui::Button(button.c_str())) *p.bool_value = true;
      break;
    }
    case Param::Kind::kChoice: {
      const int n = static_cast<int>(p.choices.size());
      const char* preview =
          *p.int_value >= 0 && *p.int_value < n ? p.choices[*p.int_value].c_str() : "";
      if (ImGui::BeginCombo(label.c_str(), preview)) {
        for (int i = 0; i < n; ++i) {
          if (ImGui::Selectable(p.choices[i].c_str(), i == *p.int_value)) *p.int_value = i;
          ui_probe::Entry(p.choices[i], i == *p.int_value);
        }
        ImGui::EndCombo();
      }
      break;
    }
  }
  ui_probe::ParamWidget(p);
  if (!p.help.empty()) HoverTooltip(p.help.c_str());
}

void DrawParamWidgets(ParamList& params) {
  // Room right of the widgets for the longest name, so that none is cut off
  // in a narrow panel (a large UI scale in a small window); the widgets keep
  // at least half the width.
  float longest = 0.0f;
  for (const Param& p : params.All()) {
    longest = std::max(longest, ImGui::CalcTextSize(p.name.c_str()).x);
  }
  const float room = ImGui::GetContentRegionAvail().x;
  ImGui::PushItemWidth(
      std::max(0.5f * room, room - longest - ImGui::GetStyle().ItemInnerSpacing.x));
  for (const Param& p : params.All()) DrawParamWidget(p);
  ImGui::PopItemWidth();
}

void DrawNotice(const std::string& notice) {
  if (notice.empty()) return;
  // Shown as a sentence; the same words follow "cannot run on ...:" in errors.
  std::string sentence = notice;
  if (sentence[0] >= 'a' && sentence[0] <= 'z')
    sentence[0] = static_cast<char>(sentence[0] - 'a' + 'A');
  const ImVec4 amber = ImGui::ColorConvertU32ToFloat4(IM_COL32(255, 200, 90, 255));
  WrappedText(sentence, &amber);
  ui_probe::Text("notice", sentence);
  ImGui::Separator();
}

void DrawHint(const char* hint) {
  WrappedText(hint, &ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
}

}  // namespace samples
