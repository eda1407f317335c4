// --drive SCRIPT.json: the model driven by motion matching along a
// scripted input (import/drive_script_file.h), headless, at 60 frames a
// second; prints per second and in total what app/drive_metrics.h
// measures. The exit code; errors printed to stderr.
#pragma once

#include "app/command_line.h"

namespace animviewer {

int RunDrive(const Options& options);

}  // namespace animviewer
