// The viewer's command-line modes that need no window: --info, --headless
// (screenshot and/or pose dump) and the fallback when no display exists.
// Each returns the process exit code and prints its errors to stderr.
#pragma once

#include "app/command_line.h"
#include "app/model_loading.h"

namespace animviewer {

// The model file to open: the one given, else the default.
std::string ModelPathFor(const Options& options);
// What the command line says every load uses (--max-load-memory,
// --animations, --retarget-map).
LoadOptions LoadOptionsFor(const Options& options);

int RunInfo(const Options& options);
// --save-retargeted OUT: loads the model with --animations applied and
// writes its file with the retargeted clips added (import/
// gltf_animation_export.h).
int RunSaveRetargeted(const Options& options);
// --list-samples, and --sample N --list-params.
int RunListSamples();
int RunListParams(const Options& options);
int RunHeadless(const Options& options);
// Renders the clip (or --sample N) at a few times into options.out_dir.
int RunWithoutDisplay(const Options& options);
// The window's check before it opens: loads the model and runs --sample,
// --set and --at on it as the window would. 0, or 1 after printing why.
int CheckWindowOptions(const Options& options);

}  // namespace animviewer
