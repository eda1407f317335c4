#include "app/shortcuts.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only

#include "app/viewer_state.h"

namespace animviewer {

void ApplyShortcuts(const std::vector<KeyEvent>& events, bool imgui_wants_keyboard,
                    ViewerState& state) {
  if (imgui_wants_keyboard) return;
  samples::Sample* sample = state.walkthrough.Active();
  for (const KeyEvent& e : events) {
    // Punctuation comes as characters, so it works on any keyboard layout;
    // named keys and the samples' letter keys as key codes.
    switch (e.codepoint) {
      case ',': state.rewind_seconds += state.time.StepBack(); continue;
      case '.': state.time.StepForward(); continue;
      case '[': state.time.Slower(); continue;
      case ']': state.time.Faster(); continue;
      default: break;
    }
    if (e.key == GLFW_KEY_SPACE) {
      state.time.paused = !state.time.paused;
    } else if (e.key == GLFW_KEY_F) {
      FrameModelAsAsked(state);
    } else if (sample != nullptr && e.key > 0) {
      sample->Params().PressKey(e.key);  // jump, punch, speed up...: false when unbound
    }
  }
}

}  // namespace animviewer
