#include "samples/hover_tooltip.h"

#include <imgui.h>

namespace samples {

void HoverTooltip(const char* text) {
  if (!ImGui::IsItemHovered() || ImGui::IsItemActive()) return;
  // The widget is known by its place; the timer restarts when another one
  // is hovered or when no widget was hovered in the previous frame.
  static ImVec2 item(-1.0f, -1.0f);
  static int last_frame = -2;
  static double since = 0.0;
  const ImVec2 at = ImGui::GetItemRectMin();
  const int frame = ImGui::GetFrameCount();
  if (at.x != item.x || at.y != item.y || frame > last_frame + 1) {
    item = at;
    since = ImGui::GetTime();
  }
  last_frame = frame;
  if (ImGui::GetTime() - since < kTooltipDelaySeconds) return;
  // Wrapped at about 35 characters' width: a long line would run past the
  // window's edge when the widget sits near it (the framework panel).
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace samples
