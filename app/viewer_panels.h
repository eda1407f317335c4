// The ImGui panels of the viewer, plain functions called every frame.
#pragma once

#include "app/viewer_state.h"

namespace animviewer {

// Clip list, playback controls, time scrubber, view toggles, messages.
void DrawAnimationPanel(ViewerState& state);
// Frame time and animation (sample + palette) time, model summary.
void DrawStatsPanel(const ViewerState& state);

}  // namespace animviewer
