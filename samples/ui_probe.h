// A record of the ImGui widgets drawn this frame (kind, label, rectangle,
// value), for the tests that drive the real window with X input events:
// they read it to know where to click. Off (every call returns at once)
// unless the environment variable ANIMVIEWER_UI_PROBE names the file the
// viewer writes it to (app/ui_probe_frame.h). Each call describes ImGui's
// last item, so it goes right after the widget it names. `label` is the
// name a test finds the widget by: the parameter's name, or a fixed name
// where ImGui's label changes with the state ("Play/Pause").
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace samples {
struct Param;
}

namespace ui_probe {

bool Enabled();

void Button(std::string_view label);
void Checkbox(std::string_view label, bool value);
void Slider(std::string_view label, double value, double min, double max, bool integer = false);
void Combo(std::string_view label, std::string_view shown);
// An entry of an open combo or a list box.
void Entry(std::string_view label, bool selected);
// A 2D area dragged with the mouse.
void Pad(std::string_view label);
// Text the user must be able to read (messages, errors, states).
void Text(std::string_view label, std::string_view text);
// A plot's values, oldest first, and the seconds of time they span.
void Plot(std::string_view label, std::span<const float> values, double seconds);
// The widget DrawParamWidgets made for `p`.
void ParamWidget(const samples::Param& p);

// This frame's items as a JSON array, and the windows they sit in as a JSON
// array; both are then cleared for the next frame.
std::string TakeItemsJson();
std::string TakeWindowsJson();
// The last item whose value the user changed (with ImGui's frame count at
// that moment), or null.
std::string LastEditJson();
// A JSON string literal for `text`.
std::string Quote(std::string_view text);

}  // namespace ui_probe
