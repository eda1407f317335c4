// The "glTF validator" window: the Khronos glTF validator's report on the
// open file (app/validator_job.h runs it), as a summary coloured by severity
// and a table of its messages filtered by severity. It sits at the top of
// the view between the two panels, folded to its title (which carries the
// summary) until the user opens it.
#pragma once

#include "app/viewer_state.h"

namespace animviewer {

// Takes a finished report first, so the window shows it in the frame it came.
void DrawValidatorPanel(ViewerState& state);

}  // namespace animviewer
