#include "samples/ui_probe.h"

#include <imgui.h>
#include <imgui_internal.h>  // the current window's name

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

#include "samples/param_list.h"

namespace ui_probe {
namespace {

std::vector<std::string> g_items;
std::map<std::string, std::string> g_windows;  // name -> JSON object
// The last item the user changed, kept until the next change: the value a
// click set, before the sample's next update moves it on (a phase plays on).
std::string g_last_edit = "null";

std::string Number(double v) {
  if (!std::isfinite(v)) return "null";
  char text[40];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

// Records ImGui's last item and the window holding it. `extra` is more
// JSON members, starting with a comma.
void Record(const char* kind, std::string_view label, const std::string& extra) {
  if (!Enabled()) return;
  // The frame (a slider's track, a combo's box) is the navigation rectangle;
  // the item's rectangle also holds the label beside it.
  const ImRect frame = GImGui->LastItemData.NavRect;
  const std::string window = ImGui::GetCurrentWindow()->Name;
  std::string json = "{\"kind\":\"" + std::string(kind) + "\",\"label\":" + Quote(label) +
                     ",\"window\":" + Quote(window) + ",\"rect\":[" + Number(frame.Min.x) + "," +
                     Number(frame.Min.y) + "," + Number(frame.Max.x) + "," + Number(frame.Max.y) +
                     "],\"visible\":" + (ImGui::IsItemVisible() ? "true" : "false") + extra + "}";
  if (ImGui::IsItemEdited()) {
    g_last_edit = json.substr(0, json.size() - 1) +
                  ",\"imgui_frame\":" + std::to_string(ImGui::GetFrameCount()) + "}";
  }
  g_items.push_back(std::move(json));
  // The part of the window items show in: below the title bar, inside the
  // borders and scroll bars; and the whole window, title bar included.
  const ImRect inner = ImGui::GetCurrentWindow()->InnerClipRect;
  const ImRect outer = ImGui::GetCurrentWindow()->Rect();
  g_windows[window] = "{\"name\":" + Quote(window) + ",\"rect\":[" + Number(inner.Min.x) + "," +
                      Number(inner.Min.y) + "," + Number(inner.Max.x) + "," + Number(inner.Max.y) +
                      "],\"outer\":[" + Number(outer.Min.x) + "," + Number(outer.Min.y) + "," +
                      Number(outer.Max.x) + "," + Number(outer.Max.y) +
                      "],\"scroll\":" + Number(ImGui::GetScrollY()) +
                      ",\"scroll_max\":" + Number(ImGui::GetScrollMaxY()) + "}";
}

}  // namespace

bool Enabled() {
  static const bool enabled = std::getenv("ANIMVIEWER_UI_PROBE") != nullptr;
  return enabled;
}

std::string Quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

void Button(std::string_view label) { Record("button", label, ""); }

void Checkbox(std::string_view label, bool value) {
  Record("checkbox", label, std::string(",\"value\":") + (value ? "true" : "false"));
}

void Slider(std::string_view label, double value, double min, double max, bool integer) {
  Record("slider", label,
         ",\"value\":" + Number(value) + ",\"min\":" + Number(min) + ",\"max\":" + Number(max) +
             ",\"integer\":" + (integer ? "true" : "false"));
}

void Combo(std::string_view label, std::string_view shown) {
  Record("combo", label, ",\"value\":" + Quote(shown));
}

void Entry(std::string_view label, bool selected) {
  Record("entry", label, std::string(",\"value\":") + (selected ? "true" : "false"));
}

void Pad(std::string_view label) { Record("pad", label, ""); }

void Text(std::string_view label, std::string_view text) {
  Record("text", label, ",\"value\":" + Quote(text));
}

void Plot(std::string_view label, std::span<const float> values, double seconds) {
  if (!Enabled()) return;
  std::string list;
  for (const float v : values) list += (list.empty() ? "" : ",") + Number(v);
  Record("plot", label, ",\"seconds\":" + Number(seconds) + ",\"values\":[" + list + "]");
}
void ParamWidget(const samples::Param& p) {
  using Kind = samples::Param::Kind;
  switch (p.kind) {
    case Kind::kFloat: Slider(p.name, *p.float_value, p.min, p.max); break;
    case Kind::kInt: Slider(p.name, *p.int_value, p.min, p.max, /*integer=*/true); break;
    case Kind::kBool: Checkbox(p.name, *p.bool_value); break;
    case Kind::kTrigger: Button(p.name); break;
    case Kind::kChoice: {
      const int i = *p.int_value;
      Combo(p.name, i >= 0 && i < static_cast<int>(p.choices.size()) ? p.choices[i] : "");
      break;
    }
  }
}

std::string TakeItemsJson() {
  std::string out = "[";
  for (std::size_t i = 0; i < g_items.size(); ++i) out += (i ? ",\n" : "\n") + g_items[i];
  g_items.clear();
  return out + "]";
}

std::string LastEditJson() { return g_last_edit; }

std::string TakeWindowsJson() {
  std::string out = "[";
  bool first = true;
  for (const auto& [name, json] : g_windows) {
    out += (first ? "\n" : ",\n") + json;
    first = false;
  }
  g_windows.clear();
  return out + "]";
}

}  // namespace ui_probe
