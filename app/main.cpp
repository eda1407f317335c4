// animviewer: opens a skinned glTF character in a window, or renders it
// headless (screenshots, pose dumps) for tests and golden images.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "app/activity.h"
#include "app/command_line.h"
#include "app/drive_command.h"
#include "app/graph_info.h"
#include "app/headless_commands.h"
#include "app/model_loading.h"
#include "app/motion_commands.h"
#include "app/regress_command.h"
#include "app/terminal_text.h"
#include "app/validator_command.h"
#include "app/viewer_window.h"

namespace {

bool DisplayAvailable() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 != nullptr && *x11 != '\0') || (wayland != nullptr && *wayland != '\0');
}

int Run(int argc, char** argv) {
  using namespace animviewer;
  if (argc >= 2 && std::string(argv[1]) == "regress") {
    return RunRegressCommand(std::vector<std::string>(argv + 2, argv + argc));
  }
  const ParseResult parsed = ParseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.ok()) {
    std::cerr << "animviewer: " << EscapeControlCharacters(parsed.error, false) << "\n";
    return 2;
  }
  const Options& options = parsed.options;
  if (options.help) {
    std::cout << UsageText();
    return 0;
  }
  if (options.list_samples) return RunListSamples();
  if (options.list_params) return RunListParams(options);
  if (!options.graph.empty()) return RunGraphInfo(options);
  if (options.validate) return RunValidateCommand(options);
  if (!options.save_retargeted.empty()) {
    return RunSaveRetargeted(options);
  }
  if (!options.motion_database.empty()) return RunMotionDatabase(options);
  if (!options.match_queries.empty()) return RunMatch(options);
  if (!options.drive.empty()) return RunDrive(options);
  const bool renders_files = !options.screenshot.empty() || !options.dump_pose.empty() ||
                             !options.dump_mesh.empty() || !options.record.empty();
  if (options.info) {
    const int code = RunInfo(options);
    if (code != 0 || !renders_files) return code;
  }
  if (options.headless || renders_files) return RunHeadless(options);

  if (DisplayAvailable()) {
    // A sample or a --set that cannot run exits non-zero before any window opens.
    if (const int code = CheckWindowOptions(options); code != 0) return code;
    bool no_display = false;
    const int code = RunWindowed(options, &no_display);
    if (!no_display) return code;
    std::cerr << "animviewer: could not open a window on this display\n";
  }
  return RunWithoutDisplay(options);
}

}  // namespace

// Every failure the commands foresee is reported where it happens; this
// catches what they do not (a library throwing on an I/O error, memory
// running out outside the importer's budget), so the program still ends with
// a message and a non-zero status instead of std::terminate's abort.
int main(int argc, char** argv) {
  try {
    return Run(argc, argv);
  } catch (const std::bad_alloc&) {
    const std::string& activity = animviewer::Activity::Interrupted();
    std::cerr << "animviewer: out of memory"
              << (activity.empty()
                      ? std::string()
                      : " while " + animviewer::EscapeControlCharacters(activity, false))
              << "\n";
  } catch (const std::exception& e) {
    std::cerr << "animviewer: unexpected error: "
              << animviewer::EscapeControlCharacters(e.what(), false) << "\n";
  } catch (...) {
    std::cerr << "animviewer: unexpected error\n";
  }
  return 1;
}
