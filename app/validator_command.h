// animviewer MODEL --validate: the Khronos glTF validator's report on the
// model, printed (the summary, then every message), without a window.
#pragma once

#include "app/command_line.h"

namespace animviewer {

// 0 when the validator found no error, 1 when it found some or could not
// run (not installed, not a glTF file: the reason on stderr).
int RunValidateCommand(const Options& options);

}  // namespace animviewer
