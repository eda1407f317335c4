// What the viewer's keys do: Space pauses, F frames, ',' and '.' step back
// and forward, '[' and ']' change the time scale, and keys bound to the
// active sample's parameters act on it. The events come queued from GLFW's
// key and character callbacks (window_input.h), so every tap counts.
#pragma once

#include <vector>

namespace animviewer {

struct ViewerState;

struct KeyEvent {
  int key = 0;             // GLFW key code of a press, or 0 for a character
  unsigned codepoint = 0;  // the typed character (layout aware), or 0
};

// Applies `events` in order; nothing applies while ImGui wants the keyboard
// (typing in a text field, dragging a slider).
void ApplyShortcuts(const std::vector<KeyEvent>& events, bool imgui_wants_keyboard,
                    ViewerState& state);

// The keys, for the panel's help line.
inline constexpr const char* kShortcutHelp =
    "Space: pause/play. , and .: step back/forward. [ and ]: slower/faster. F: frame the model.";

}  // namespace animviewer
