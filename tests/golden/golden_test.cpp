// Golden screenshots: renders each case of cases.txt with animviewer,
// headless, or for cases named window_* in its real window (GLFW + ImGui,
// panel included) under a virtual X server, and compares it with the committed PNG under a tolerance
// (image_compare.h). On failure the actual image and a diff image (differing
// pixels in red) are written next to each other in <build>/golden-out/.
// Regenerate the goldens with scripts/update_goldens.sh, then look at them.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "image_compare.h"

namespace {

namespace fs = std::filesystem;

struct GoldenCase {
  std::string name;
  std::string model;  // "shared:FILE" (../shared/assets) or "assets:FILE" (the repository's)
  std::string args;
};

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<GoldenCase> LoadCases() {
  std::vector<GoldenCase> cases;
  std::ifstream in(std::string(ANIM_SOURCE_DIR) + "/tests/golden/cases.txt");
  std::string line;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    GoldenCase c;
    std::getline(fields, c.name, '|');
    std::getline(fields, c.model, '|');
    std::getline(fields, c.args);
    cases.push_back({Trim(c.name), Trim(c.model), Trim(c.args)});
  }
  return cases;
}

std::string ModelPath(const std::string& model) {
  if (model.rfind("shared:", 0) == 0) return std::string(ANIM_SHARED_ASSETS_DIR) + "/" + model.substr(7);
  if (model.rfind("assets:", 0) == 0) return std::string(ANIM_SOURCE_DIR) + "/assets/" + model.substr(7);
  return model;
}

// A window case's command: the viewer's window under xvfb-run, captured after
// a fixed number of frames of fixed steps (the same picture every run).
// Each process starts its display search at its own number so that parallel
// tests do not race for one. The viewer runs in the source folder with the
// model's path relative to it, because the panel prints that path.
std::string WindowCommand(const std::string& model, const std::string& args, const std::string& png) {
  const std::string relative = fs::relative(model, ANIM_SOURCE_DIR).string();
  return "cd \"" ANIM_SOURCE_DIR "\" && xvfb-run -a -n " + std::to_string(100 + getpid() % 800) +
         " -s '-screen 0 1280x720x24' " + std::string(ANIM_BINARY_DIR) + "/app/animviewer \"" +
         relative + "\" " + args + " --quit-after-frames 12 --window-screenshot \"" + png + "\"";
}

// Readable test output: gtest would otherwise dump the struct's bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name << " (" << c.model << " " << c.args << ")"; }

class GoldenScreenshot : public testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenScreenshot, MatchesTheCommittedImage) {
  const GoldenCase& c = GetParam();
  const std::string model = ModelPath(c.model);
  if (!fs::exists(model)) GTEST_SKIP() << model << " is absent; golden " << c.name << " skipped";

  const fs::path out_dir = fs::path(ANIM_BINARY_DIR) / "golden-out";
  fs::create_directories(out_dir);
  const std::string actual_path = (out_dir / (c.name + ".png")).string();
  fs::remove(actual_path);
  const bool window = c.name.rfind("window_", 0) == 0;
  if (window && !fs::exists("/usr/bin/xvfb-run")) GTEST_SKIP() << "xvfb-run not installed";
  const std::string command =
      window ? WindowCommand(model, c.args, actual_path)
             : std::string(ANIM_BINARY_DIR) + "/app/animviewer --headless \"" + model + "\" " + c.args +
                   " --screenshot \"" + actual_path + "\"";
  ASSERT_EQ(std::system(command.c_str()), 0) << "failed: " << command;

  golden::Rgba8Image actual, expected;
  std::string error;
  ASSERT_TRUE(golden::LoadPng(actual_path, &actual, &error)) << error;

  const std::string golden_path = std::string(ANIM_SOURCE_DIR) + "/tests/golden/" + c.name + ".png";
  if (std::getenv("ANIM_UPDATE_GOLDENS") != nullptr) {
    fs::copy_file(actual_path, golden_path, fs::copy_options::overwrite_existing);
    GTEST_SKIP() << "updated " << golden_path << "; look at it before committing";
  }
  ASSERT_TRUE(golden::LoadPng(golden_path, &expected, &error))
      << error << " (run scripts/update_goldens.sh to create it)";

  const golden::Comparison result = golden::Compare(expected, actual, golden::Tolerance{});
  ASSERT_TRUE(result.same_size) << "size " << actual.width << "x" << actual.height << " but golden is "
                                << expected.width << "x" << expected.height;
  if (!result.passed) {
    const std::string diff_path = (out_dir / (c.name + ".diff.png")).string();
    golden::SavePng(diff_path, result.diff, &error);
    FAIL() << c.name << ": " << result.differing_pixels << " pixels ("
           << result.differing_fraction * 100 << "%) differ by more than the threshold, worst "
           << result.max_channel_difference << "; actual " << actual_path << ", diff " << diff_path;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenScreenshot, testing::ValuesIn(LoadCases()),
                         [](const testing::TestParamInfo<GoldenCase>& info) { return info.param.name; });

}  // namespace
