#include "samples/graph_widgets.h"

#include <imgui.h>

#include <cstdio>

#include "samples/ui_probe.h"

namespace samples {

void DrawStateMachine(const anim::StateMachineNode& sm, const anim::GraphContext& ctx,
                      const char* label) {
  const int active = sm.ActiveState(ctx);
  ImGui::Text("%s: %s%s", label, sm.StateAt(active >= 0 ? active : sm.DefaultState()).name.c_str(),
              sm.Fading(ctx) ? " (fading in)" : "");
  ui_probe::Text(label, sm.StateAt(active >= 0 ? active : sm.DefaultState()).name);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float box_w = 110.0f, box_h = 26.0f, gap = 70.0f;
  const int n = sm.StateCount();
  auto box_pos = [&](int i) { return ImVec2(origin.x + i * (box_w + gap), origin.y + 14.0f); };
  const auto& transitions = sm.Transitions();
  for (int k = 0; k < static_cast<int>(transitions.size()); ++k) {
    const anim::Transition& t = transitions[k];
    // Self and any-state transitions have no arrow between two boxes.
    if (t.from < 0 || t.from == t.to) continue;
    const bool forward = t.to > t.from;
    const ImVec2 a = box_pos(t.from), b = box_pos(t.to);
    const float y = forward ? a.y + 6.0f : a.y + box_h - 6.0f;
    const float x0 = forward ? a.x + box_w : a.x, x1 = forward ? b.x : b.x + box_w;
    const bool running = sm.Fading(ctx) && sm.ActiveTransition(ctx) == k;
    const ImU32 color = running ? IM_COL32(255, 200, 60, 255) : IM_COL32(150, 150, 150, 255);
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), color, running ? 3.0f : 1.5f);
    const float dir = x1 > x0 ? 1.0f : -1.0f;
    draw->AddTriangleFilled(ImVec2(x1, y), ImVec2(x1 - dir * 8.0f, y - 4.0f),
                            ImVec2(x1 - dir * 8.0f, y + 4.0f), color);
    if (running) {
      draw->AddCircleFilled(ImVec2(x0 + (x1 - x0) * sm.TransitionProgress(ctx), y), 4.0f, color);
    }
  }
  for (int i = 0; i < n; ++i) {
    const ImVec2 p = box_pos(i);
    const bool source = sm.Fading(ctx) && i == sm.SourceState(ctx);
    const ImU32 fill = i == active
                           ? IM_COL32(60, 140, 230, 255)
                           : (source ? IM_COL32(60, 90, 130, 255) : IM_COL32(45, 45, 50, 255));
    draw->AddRectFilled(p, ImVec2(p.x + box_w, p.y + box_h), fill, 4.0f);
    draw->AddRect(p, ImVec2(p.x + box_w, p.y + box_h), IM_COL32(200, 200, 200, 255), 4.0f);
    draw->AddText(ImVec2(p.x + 8.0f, p.y + 6.0f), IM_COL32(255, 255, 255, 255),
                  sm.StateAt(i).name.c_str());
  }
  ImGui::Dummy(ImVec2(n * (box_w + gap), box_h + 22.0f));
}

namespace {

// True when another key event of the same name fired this frame from a
// heavier input (or an equal one listed first).
bool OutweighedByTwin(std::span<const anim::FiredEvent> events, std::size_t i) {
  const anim::FiredEvent& e = events[i];
  if (e.kind != anim::EventKind::kKey) return false;
  for (std::size_t k = 0; k < events.size(); ++k) {
    const anim::FiredEvent& other = events[k];
    if (k == i || other.kind != e.kind || other.name != e.name) continue;
    // The heavier wins; of equal weights, the first.
    if (other.weight > e.weight || (other.weight == e.weight && k < i)) return true;
  }
  return false;
}

}  // namespace

void EventLog::Add(double time, std::span<const anim::FiredEvent> events) {
  for (std::size_t i = 0; i < events.size(); ++i) {
    const anim::FiredEvent& e = events[i];
    if (e.kind == anim::EventKind::kLoop || OutweighedByTwin(events, i)) continue;
    char line[160];
    std::snprintf(line, sizeof line, "%7.2f s  %-6s %.*s", time, anim::EventKindName(e.kind),
                  static_cast<int>(e.name.size()), e.name.data());
    log_.push_front(line);
    if (static_cast<int>(log_.size()) > lines_) log_.pop_back();
  }
}

void EventLog::Draw() const {
  ImGui::TextUnformatted("Events (newest first):");
  for (const std::string& line : log_) ImGui::TextUnformatted(line.c_str());
}

}  // namespace samples
