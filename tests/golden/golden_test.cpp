// Golden screenshots: each case of cases.txt judged by the regression
// library animviewer's `regress` command runs (regress/runner.h: the viewer
// renders it headless in a process of its own, its pose dump is compared
// with tests/golden/poses/<case>.txt, then its image with the committed PNG
// under the case's tolerances). Cases named window_* are taken from the
// viewer's real window (GLFW + ImGui, panel included) under a virtual X
// server and compared by image alone (the window writes no pose dump; the
// poses it shows are the headless cases'). On failure the actual image and
// a diff image are in <build>/golden-out/.
//
// The pose is computed on the CPU, identical from run to run up to float
// rounding (about 1e-6), while one frame (1/60 s) of the slowest clip moves
// some joint by millimetres, and a layer that turns only the head moves no
// joint but turns the head's axes: the default tolerances (0.1 mm, 1e-4
// rad) catch both. Images forgive what rasterisers change (edges one pixel
// apart, a few levels), counted against the character's silhouette.
//
// Regenerate the goldens with scripts/update_goldens.sh, then look at them.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "regress/case_file.h"
#include "regress/image_compare.h"
#include "regress/runner.h"

namespace {

namespace fs = std::filesystem;

std::vector<regress::Case> LoadCases() {
  std::vector<regress::Case> cases;
  std::string error;
  if (!regress::ParseCaseFile(std::string(ANIM_SOURCE_DIR) + "/tests/golden/cases.txt", &cases,
                              &error)) {
    ADD_FAILURE() << error;
  }
  return cases;
}

// "shared:FILE" (../shared/assets), "assets:FILE" (the repository's) or
// "tests:FILE" (tests/assets: small third-party models with their licence).
std::string ModelPath(const std::string& model) {
  if (model.rfind("shared:", 0) == 0)
    return std::string(ANIM_SHARED_ASSETS_DIR) + "/" + model.substr(7);
  if (model.rfind("assets:", 0) == 0)
    return std::string(ANIM_SOURCE_DIR) + "/assets/" + model.substr(7);
  if (model.rfind("tests:", 0) == 0)
    return std::string(ANIM_SOURCE_DIR) + "/tests/assets/" + model.substr(6);
  return model;
}

// A window case's command: the viewer's window under xvfb-run, captured after
// a fixed number of frames of fixed steps (the same picture every run).
// Each process starts its display search at its own number so that parallel
// tests do not race for one. The viewer runs in the source folder with the
// model's path relative to it, because the panel prints that path.
std::string WindowCommand(const std::string& model, const std::vector<std::string>& args,
                          const std::string& png) {
  const std::string relative = fs::relative(model, ANIM_SOURCE_DIR).string();
  std::string command = "cd \"" ANIM_SOURCE_DIR "\" && xvfb-run -a -n " +
                        std::to_string(100 + getpid() % 800) + " -s '-screen 0 1280x720x24' " +
                        std::string(ANIM_BINARY_DIR) + "/app/animviewer \"" + relative + "\"";
  for (const std::string& a : args) command += " '" + a + "'";
  return command + " --quit-after-frames 12 --window-screenshot \"" + png + "\"";
}

// Readable test output: gtest would otherwise dump the struct's bytes.
}  // namespace
namespace regress {
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.name << " (" << c.model;
  for (const std::string& a : c.args) *os << " " << a;
  *os << ")";
}
}  // namespace regress
namespace {

class GoldenScreenshot : public testing::TestWithParam<regress::Case> {};

void ExpectWindowCaseMatches(const regress::Case& c, const std::string& model) {
  if (!fs::exists("/usr/bin/xvfb-run")) GTEST_SKIP() << "xvfb-run not installed";
  const fs::path out_dir = fs::path(ANIM_BINARY_DIR) / "golden-out";
  fs::create_directories(out_dir);
  const std::string actual_path = (out_dir / (c.name + ".png")).string();
  fs::remove(actual_path);
  std::vector<std::string> args = c.args;
  args.push_back("--no-compression");
  const std::string command = WindowCommand(model, args, actual_path);
  ASSERT_EQ(std::system(command.c_str()), 0) << "failed: " << command;
  const std::string golden_path = std::string(ANIM_SOURCE_DIR) + "/tests/golden/" + c.name + ".png";
  if (std::getenv("ANIM_UPDATE_GOLDENS") != nullptr) {
    fs::copy_file(actual_path, golden_path, fs::copy_options::overwrite_existing);
    GTEST_SKIP() << "updated " << golden_path << "; look at it before committing";
  }
  regress::Rgba8Image actual, expected;
  std::string error;
  ASSERT_TRUE(regress::LoadPng(actual_path, &actual, &error)) << error;
  ASSERT_TRUE(regress::LoadPng(golden_path, &expected, &error))
      << error << " (run scripts/update_goldens.sh to create it)";
  const regress::Comparison result =
      regress::Compare(expected, actual, regress::ImageTolerance(c.tolerances));
  ASSERT_TRUE(result.same_size) << "size " << actual.width << "x" << actual.height
                                << " but golden is " << expected.width << "x" << expected.height;
  if (!result.passed) {
    const std::string diff_path = (out_dir / (c.name + ".diff.png")).string();
    regress::SavePng(diff_path, result.diff, &error);
    FAIL() << c.name << ": " << result.differing_pixels << " pixels ("
           << result.differing_fraction * 100 << "% of the " << result.silhouette_pixels
           << "-pixel silhouette) differ by more than the threshold, worst "
           << result.max_channel_difference << "; actual " << actual_path << ", diff " << diff_path;
  }
}

TEST_P(GoldenScreenshot, MatchesTheCommittedImage) {
  const regress::Case& c = GetParam();
  const std::string model = ModelPath(c.model);
  if (!fs::exists(model)) GTEST_SKIP() << model << " is absent; golden " << c.name << " skipped";
  if (c.name.rfind("window_", 0) == 0) {
    ExpectWindowCaseMatches(c, model);
    return;
  }
  regress::RunOptions o;
  o.viewer = std::string(ANIM_BINARY_DIR) + "/app/animviewer";
  o.goldens = std::string(ANIM_SOURCE_DIR) + "/tests/golden";
  o.out = (fs::path(ANIM_BINARY_DIR) / "golden-out").string();
  o.resolve_model = ModelPath;
  const bool update_all = std::getenv("ANIM_UPDATE_GOLDENS") != nullptr;
  if (update_all || std::getenv("ANIM_UPDATE_GOLDEN_POSES") != nullptr) {
    o.update = {c.name};
    o.update_poses_only = !update_all;
  }
  // The references are the raw clips' poses (within 0.1 mm and 1e-4 rad):
  // compressed clips may differ from them by their own tolerance, which
  // tests/anim/compression_test.cpp checks, so the goldens play them raw.
  regress::Case run = c;
  run.args.push_back("--no-compression");
  const regress::CaseResult r = regress::RunCases({run}, o).front();
  if (r.verdict == regress::Verdict::kUpdated) {
    GTEST_SKIP() << c.name << ": " << r.message << "; look at it before committing";
  }
  EXPECT_EQ(r.verdict, regress::Verdict::kPassed)
      << c.name << ": " << regress::VerdictName(r.verdict) << " - " << r.message << "\n  actual "
      << r.actual_png << (r.diff_png.empty() ? "" : ", diff " + r.diff_png) << "\n  " << r.command;
}

INSTANTIATE_TEST_SUITE_P(Cases, GoldenScreenshot, testing::ValuesIn(LoadCases()),
                         [](const testing::TestParamInfo<regress::Case>& info) {
                           return info.param.name;
                         });

}  // namespace
