// The ImGui panels of the viewer, plain functions called every frame. Both
// size to their content up to the window's height (a scroll bar beyond),
// wrap text at their edge, and are kept inside the window when it shrinks.
#pragma once

#include "app/viewer_state.h"

namespace animviewer {

// Left, the animation panel: the model, messages, the walkthrough (sample
// selector, explanation, the sample's own panel) or the clip list. Right,
// the framework panel: the time control (pause, scale, steps, fixed rate,
// scrubber), view toggles, frame/update/render timings with plots, the
// screenshot button.
void DrawPanels(ViewerState& state);

}  // namespace animviewer
