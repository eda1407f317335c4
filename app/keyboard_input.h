// Keyboard shortcuts from GLFW's key and char callbacks, queued as they
// happen so a tap shorter than a frame still counts (polling the key's
// state once a frame misses it), and applied by the main loop once ImGui
// knows whether a text field or a dragged widget has the keyboard.
#pragma once

#include <vector>

struct GLFWwindow;

namespace animviewer {

struct ViewerState;

struct KeyEvent {
  int key = 0;               // GLFW key code of a press, or 0 for a character
  unsigned codepoint = 0;    // the typed character (layout aware), or 0
};

// Installs the callbacks; call before ImGui's GLFW backend installs its own,
// which then chains to these.
void InstallKeyboardCallbacks(GLFWwindow* window);
// The events since the last call (the queue is emptied).
std::vector<KeyEvent> TakeKeyEvents();

// Applies `events` to the viewer: Space pauses, F frames, ',' and '.' step
// back and forward, '[' and ']' change the time scale, and keys bound to the
// active sample's parameters act on it. Nothing applies while ImGui wants
// the keyboard (typing in a text field, dragging a slider).
void ApplyShortcuts(const std::vector<KeyEvent>& events, bool imgui_wants_keyboard,
                    ViewerState& state);

// The keys, for the panel's help line.
inline constexpr const char* kShortcutHelp =
    "Space: pause/play. , and .: step back/forward. [ and ]: slower/faster. F: frame the model.";

}  // namespace animviewer
