// Runs the animviewer executable with arguments and captures its exit code
// and output, without a display (DISPLAY and WAYLAND_DISPLAY unset).
#pragma once

#include <string>
#include <vector>

namespace app_test {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `address_space_kib` > 0 caps the child's address space (ulimit -v), so
// that memory runs out where a test wants it to.
RunResult RunViewer(const std::string& arguments, long address_space_kib = 0);

// A run with its own peak memory and wall time.
struct ChildRun {
  int exit_code = -1;  // -1: killed by a signal (a crash)
  long peak_kib = 0;   // the child's peak resident set (getrusage's ru_maxrss)
  double seconds = 0.0;
  std::string out;
  std::string err;
};

// Runs animviewer with `args` (no shell), stdout and stderr into files;
// waits with wait4 to read that child's own peak RSS.
ChildRun RunMeasured(std::vector<std::string> args);
std::string ReadFile(const std::string& path);
// A fresh path in the test's temporary folder.
std::string TempPath(const std::string& name);
// Woman.gltf in the shared assets, or "" when absent.
std::string WomanPath();

}  // namespace app_test
