// The interactive viewer: a GLFW window with an OpenGL 3.3 core context,
// the scene and the ImGui panels.
#pragma once

#include "app/command_line.h"

namespace animviewer {

// Returns the exit code. Sets *no_display (and returns without output) when
// GLFW cannot open a window, so the caller can fall back to headless frames.
int RunWindowed(const Options& options, bool* no_display);

}  // namespace animviewer
