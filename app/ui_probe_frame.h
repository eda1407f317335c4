// Writes, every frame, what the tests that drive the real window need to
// see (tests/ui/): the widgets drawn (samples/ui_probe.h) and facts about
// the viewer's state (active sample, playback, whether the palette is finite
// and how far the pose is from the bind pose, the message shown). Only when
// ANIMVIEWER_UI_PROBE names the output file; otherwise it does nothing.
#pragma once

#include "app/viewer_state.h"

namespace animviewer {

void WriteUiProbeFrame(int frame, ViewerState& state);

}  // namespace animviewer
