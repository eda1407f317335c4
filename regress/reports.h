// What a regression run leaves for people and for CI systems: a static HTML
// page (no server, no network: open it from disk) and JUnit XML.
#pragma once

#include <string>
#include <vector>

#include "regress/runner.h"

namespace regress {

// `dir`/index.html: the summary line, then a row per case, failing cases
// first: its verdict and why, the golden, the case's image and the diff
// (differing pixels red by how much, forgiven ones yellow), a slider that
// wipes from the golden to the case's image, the joints that moved most
// (largest first) and the command that rendered it. The golden images are
// copied beside it (NAME.golden.png); the case's images and diffs are
// already there when `dir` is the run's output folder, else copied too.
bool WriteHtmlReport(const std::vector<CaseResult>& results, const std::string& dir,
                     const std::string& title, std::string* error);

// JUnit XML: one <testsuite> with a <testcase> per case; moved and new
// cases as <failure>, failed ones as <error>, skipped ones <skipped>.
bool WriteJunitReport(const std::vector<CaseResult>& results, const std::string& path,
                      std::string* error);

}  // namespace regress
