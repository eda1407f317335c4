// Writes, every frame, what the tests that drive the real window need to
// see (tests/ui/): the widgets drawn (samples/ui_probe.h) and facts about
// the viewer's state (active sample, playback, whether the palette is finite
// and how far the pose is from the bind pose, where the grid is, the
// message shown). Only when
// ANIMVIEWER_UI_PROBE names the output file; otherwise it does nothing.
#pragma once

#include "app/sample_drawing.h"
#include "app/viewer_state.h"
#include "render/ground_grid.h"

namespace animviewer {

// `grid`: the ground grid the scene drew (its centre moves with a character
// that walks away); `drawing`: what the active sample added to the frame.
void WriteUiProbeFrame(int frame, ViewerState& state, const render::GridLayout& grid,
                       const SampleDrawing& drawing);

}  // namespace animviewer
