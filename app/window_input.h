// The window's input events that GLFW reports through callbacks in the
// middle of glfwPollEvents: key presses and typed characters (queued as
// they happen, so a tap shorter than a frame still counts; polling a key's
// state once a frame misses it) and dropped files (opened by the main loop,
// since a callback is no moment to reload GPU data). The main loop takes
// them each frame and hands the keys to ApplyShortcuts once ImGui knows
// whether a text field or a dragged widget has the keyboard.
//
// The queues belong to the window's loop, not to the file: the callbacks
// reach them through the window's user pointer.
#pragma once

#include <string>
#include <vector>

#include "app/shortcuts.h"

struct GLFWwindow;

namespace animviewer {

struct DroppedFile {
  std::string path;
  // Shift was held: the file's clips are retargeted onto the shown model
  // instead of the file being opened.
  bool animations = false;
};

struct WindowInput {
  std::vector<KeyEvent> keys;
  std::vector<DroppedFile> dropped;
};

// Points the window's user pointer at `input` (which must outlive the
// window's event polling) and installs the key, char and drop callbacks;
// call before ImGui's GLFW backend installs its own, which then chains to
// these.
void InstallInputCallbacks(GLFWwindow* window, WindowInput* input);

}  // namespace animviewer
