// `animviewer regress CASES [options]`: visual regression of a user's own
// characters (regress/): each case of the file rendered headless by this
// very program in a process of its own, judged against its goldens, and
// reported.
#pragma once

#include <string>
#include <vector>

namespace animviewer {

// The usage of the command (printed by --help and on a mistake).
std::string RegressUsageText();

// `args` are the words after "regress". Returns the exit status: 0 when
// every case matched (or was updated, or skipped), 1 when any moved, is new
// or failed to render, 2 on bad input (the case file's line named).
int RunRegressCommand(const std::vector<std::string>& args);

}  // namespace animviewer
