// Runs visual regression cases: each case rendered headless by the viewer
// in a process of its own (a screenshot and a pose dump), up to `jobs` at
// once, then judged against its goldens (pose first, then image), or made
// its new goldens when --update names it. The viewer is a parameter, so
// this stays free of OpenGL; animviewer's `regress` command passes itself.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "regress/case_file.h"
#include "regress/image_compare.h"
#include "regress/pose_compare.h"

namespace regress {

enum class Verdict {
  kPassed,      // pose and image within their tolerances
  kPoseMoved,   // the pose moved (the image passed)
  kImageMoved,  // the image moved (the pose passed)
  kBothMoved,
  kNew,      // no golden yet (--update NAME writes it)
  kFailed,   // the viewer failed (the model did not load, a bad argument...)
  kSkipped,  // its model is absent and absent models are skipped
  kUpdated,  // --update wrote its goldens
};
const char* VerdictName(Verdict verdict);
bool VerdictFails(Verdict verdict);

struct CaseResult {
  Case c;
  Verdict verdict = Verdict::kFailed;
  std::string message;   // one line: why it failed, what moved most, what was updated
  std::string command;   // the viewer's command line, as a shell would take it
  double seconds = 0.0;  // rendering
  PoseComparison pose;
  bool pose_compared = false;
  bool image_compared = false;
  long differing_pixels = 0, forgiven_pixels = 0, silhouette_pixels = 0;
  double differing_fraction = 0.0;
  int max_channel_difference = 0;
  // Files (absent ones empty): the golden image, the case's image and the diff.
  std::string golden_png, actual_png, diff_png;
};

struct RunOptions {
  std::string viewer;               // the animviewer executable
  std::string goldens;              // NAME.png and poses/NAME.txt
  std::string out;                  // the case's images, pose dumps, logs and diffs
  std::string case_file_dir;        // models are relative to it
  std::vector<std::string> update;  // patterns of the cases whose goldens are written
  bool update_poses_only = false;   // those cases' pose goldens only; their images are judged
  int jobs = 1;
  bool skip_missing_models = false;
  // Turns a case's model into a path (default: relative to case_file_dir).
  std::function<std::string(const std::string&)> resolve_model;
  // A line per finished case ("[3/12] name: passed"), when given.
  std::ostream* progress = nullptr;
};

std::vector<CaseResult> RunCases(const std::vector<Case>& cases, const RunOptions& options);

// A case's image tolerances as image_compare.h takes them.
Tolerance ImageTolerance(const Tolerances& tolerances);

// "12 cases: 10 passed, 1 pose moved, 1 new".
std::string Summary(const std::vector<CaseResult>& results);
// 0 when every case passed, was updated or skipped; 1 otherwise.
int ExitCode(const std::vector<CaseResult>& results);

}  // namespace regress
