// Runs the animviewer executable with arguments and captures its exit code
// and output, without a display (DISPLAY and WAYLAND_DISPLAY unset).
#pragma once

#include <string>

namespace app_test {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

RunResult RunViewer(const std::string& arguments);
std::string ReadFile(const std::string& path);
// A fresh path in the test's temporary folder.
std::string TempPath(const std::string& name);
// Woman.gltf in the shared assets, or "" when absent.
std::string WomanPath();

}  // namespace app_test
