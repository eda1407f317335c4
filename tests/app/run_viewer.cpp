#include "run_viewer.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace app_test {

std::string ReadFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return buffer.str();
}

namespace {

// One folder per test process (ctest runs tests in parallel processes), removed
// when the process ends.
struct TempFolder {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("animviewer_tests_" + std::to_string(getpid()));
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

}  // namespace

std::string TempPath(const std::string& name) {
  static TempFolder folder;
  const auto& dir = folder.path;
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::filesystem::remove_all(path);
  return path.string();
}

std::string WomanPath() {
  const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
  return std::filesystem::exists(path) ? path : std::string();
}

RunResult RunViewer(const std::string& arguments) {
  static int counter = 0;
  const std::string out = TempPath("stdout_" + std::to_string(++counter) + ".txt");
  const std::string err = TempPath("stderr_" + std::to_string(counter) + ".txt");
  const std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY '" + std::string(ANIMVIEWER_EXE) +
                              "' " + arguments + " > '" + out + "' 2> '" + err + "'";
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ReadFile(out);
  result.err = ReadFile(err);
  return result;
}

}  // namespace app_test
