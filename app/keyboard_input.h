// Keyboard events from GLFW's key and char callbacks, queued as they happen
// so a tap shorter than a frame still counts (polling the key's state once a
// frame misses it); the main loop hands them to ApplyShortcuts once ImGui
// knows whether a text field or a dragged widget has the keyboard.
#pragma once

#include <vector>

#include "app/shortcuts.h"

struct GLFWwindow;

namespace animviewer {

// Installs the callbacks; call before ImGui's GLFW backend installs its own,
// which then chains to these.
void InstallKeyboardCallbacks(GLFWwindow* window);
// The events since the last call (the queue is emptied).
std::vector<KeyEvent> TakeKeyEvents();

}  // namespace animviewer
