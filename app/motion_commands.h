// The command line's motion-matching modes (docs/motion_matching.md). Each
// loads the model as every mode does (--animations included), builds its
// database (samples/motion_clips.h), writes JSON and returns the exit code,
// its errors printed to stderr.
#pragma once

#include "app/command_line.h"

namespace animviewer {

// --motion-database OUT.json
int RunMotionDatabase(const Options& options);
// --match QUERIES.json OUT.json: each query searched with the bounding
// boxes (SearchAccelerated), which return brute force's row exactly.
int RunMatch(const Options& options);

}  // namespace animviewer
