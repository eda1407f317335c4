#include "run_viewer.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

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

RunResult RunViewer(const std::string& arguments, long address_space_kib) {
  static int counter = 0;
  const std::string out = TempPath("stdout_" + std::to_string(++counter) + ".txt");
  const std::string err = TempPath("stderr_" + std::to_string(counter) + ".txt");
  const std::string limit =
      address_space_kib > 0 ? "ulimit -v " + std::to_string(address_space_kib) + " && " : "";
  const std::string command = limit + "env -u DISPLAY -u WAYLAND_DISPLAY '" +
                              std::string(ANIMVIEWER_EXE) + "' " + arguments + " > '" + out +
                              "' 2> '" + err + "'";
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ReadFile(out);
  result.err = ReadFile(err);
  return result;
}

ChildRun RunMeasured(std::vector<std::string> args) {
  static int counter = 0;
  const std::string out_path = TempPath("measured_stdout_" + std::to_string(++counter) + ".txt");
  const std::string err_path = TempPath("measured_stderr_" + std::to_string(counter) + ".txt");
  args.insert(args.begin(), ANIMVIEWER_EXE);
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  ChildRun run;
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, ANIMVIEWER_EXE, &actions, nullptr, argv.data(), environ) != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return run;
  }
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid) return run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.peak_kib = usage.ru_maxrss;  // KiB on Linux
  run.out = ReadFile(out_path);
  run.err = ReadFile(err_path);
  return run;
}

}  // namespace app_test
