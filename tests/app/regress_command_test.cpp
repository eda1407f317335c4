// `animviewer regress` end to end on the mannequin, as a user runs it: the
// goldens written by --update, a run where all match (exit 0), a case one
// frame late (pose moved, exit 1), a golden missing (new), a model that does
// not load (failed, its message), a malformed line (exit 2 naming it), and
// --update of one case only. The reports it writes are checked too.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <gtest/gtest.h>

#include "run_viewer.h"

namespace {

namespace fs = std::filesystem;
using app_test::ReadFile;
using app_test::RunMeasured;

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";

// A folder with the mannequin beside a case file of `lines`.
std::string Folder(const std::string& name, const std::string& lines) {
  const fs::path dir = app_test::TempPath(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy_file(kMannequin, dir / "hero.gltf");
  std::ofstream(dir / "cases.txt") << "# the hero's cases\n" << lines;
  return dir.string();
}

const char* kTwoCases =
    "walk | hero.gltf | --clip Walk --time 0.55 --size 240x180 --msaa 0\n"
    "run  | hero.gltf | --clip Run --time 0.1 --size 240x180 --msaa 0\n";

TEST(RegressCommand, GoldensWrittenThenMatchedThenAFrameLateCaseMovesItsPose) {
  const std::string dir = Folder("regress_frame", kTwoCases);
  const std::string cases = dir + "/cases.txt";
  app_test::ChildRun run = RunMeasured({"regress", cases, "--update", "*"});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("walk: updated - goldens written (new)"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("2 cases: 2 updated"), std::string::npos) << run.out;
  for (const char* file : {"walk.png", "run.png", "poses/walk.txt", "poses/run.txt"}) {
    EXPECT_TRUE(fs::exists(fs::path(dir) / file)) << file;
  }

  run = RunMeasured({"regress", cases, "--report", dir + "/report", "--junit", dir + "/j.xml"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("2 cases: 2 passed"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("[2/2] "), std::string::npos) << run.err;  // progress lines

  // One frame (1/60 s) later: some joint moves millimetres.
  std::ofstream(cases) << "walk | hero.gltf | --clip Walk --time 0.5666667 --size 240x180 "
                          "--msaa 0\n"
                       << "run  | hero.gltf | --clip Run --time 0.1 --size 240x180 --msaa 0\n";
  run = RunMeasured({"regress", cases, "--report", dir + "/report", "--junit", dir + "/j.xml"});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(std::regex_search(run.out, std::regex("walk: pose (and image )?moved - joint \\w+ "
                                                    "moved [0-9.]+ mm")))
      << run.out;
  EXPECT_NE(run.out.find("1 passed"), std::string::npos) << run.out;
  const std::string html = ReadFile(dir + "/report/index.html");
  EXPECT_LT(html.find("id=\"case-walk\""), html.find("id=\"case-run\""));  // failing first
  EXPECT_TRUE(fs::exists(fs::path(dir) / "report" / "walk.golden.png"));
  EXPECT_TRUE(fs::exists(fs::path(dir) / "report" / "walk.diff.png"));
  const std::string junit = ReadFile(dir + "/j.xml");
  EXPECT_NE(junit.find("tests=\"2\" failures=\"1\" errors=\"0\""), std::string::npos) << junit;
}

TEST(RegressCommand, NewCasesFailedModelsAndMalformedLinesAreSaid) {
  const std::string dir = Folder("regress_mistakes", kTwoCases);
  const std::string cases = dir + "/cases.txt";
  // --update of one case writes its goldens only: the other is new.
  app_test::ChildRun run = RunMeasured({"regress", cases, "--update", "walk"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("2 cases: 1 new, 1 updated"), std::string::npos) << run.out;
  EXPECT_TRUE(fs::exists(fs::path(dir) / "walk.png"));
  EXPECT_FALSE(fs::exists(fs::path(dir) / "run.png"));
  std::ofstream(cases, std::ios::app) << "broken | nothere.gltf | --clip Walk\n";
  run = RunMeasured({"regress", cases});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.out.find("run: new - no golden yet"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("broken: failed - the viewer exited with 1: animviewer: " + dir +
                         "/nothere.gltf"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("3 cases: 1 passed, 1 new, 1 failed"), std::string::npos) << run.out;
  // Absent models may be skipped instead (a suite whose assets are optional).
  run = RunMeasured({"regress", cases, "--update", "run", "--skip-missing-models"});
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("1 passed, 1 skipped, 1 updated"), std::string::npos) << run.out;

  run = RunMeasured({"regress", dir + "/none.txt"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(dir + "/none.txt: cannot read the case file"), std::string::npos);
  run = RunMeasured({"regress", cases, "--update", "nothing*"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--update nothing* names no case"), std::string::npos) << run.err;
  run = RunMeasured({"regress", cases, "--jobs", "0"});
  EXPECT_EQ(run.exit_code, 2);
  std::ofstream(cases, std::ios::app) << "half | hero.gltf\n";
  run = RunMeasured({"regress", cases});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find(cases + ":5: expected 'name | model | arguments [| overrides]'"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(RunMeasured({"regress", "--help"}).exit_code, 0);
}

// The report opened in a real browser (Debian's chromium, headless): the
// page loads, runs its script without an error, and every image it links
// is shown, the failing case's golden, this run's image and difference
// among them.
TEST(RegressCommand, TheReportShowsItsImagesInAHeadlessBrowser) {
  const std::string chromium = "/usr/bin/chromium";
  if (!fs::exists(chromium)) GTEST_SKIP() << chromium << " not installed (scripts/install_deps.sh)";
  const std::string dir = Folder("regress_browser", kTwoCases);
  const std::string cases = dir + "/cases.txt";
  ASSERT_EQ(RunMeasured({"regress", cases, "--update", "*"}).exit_code, 0);
  std::ofstream(cases) << "walk | hero.gltf | --clip Walk --time 0.9 --size 240x180 --msaa 0\n"
                       << "run  | hero.gltf | --clip Run --time 0.1 --size 240x180 --msaa 0\n";
  ASSERT_EQ(RunMeasured({"regress", cases, "--report", dir + "/report"}).exit_code, 1);
  const std::string dom = dir + "/dom.html", log = dir + "/chromium.log";
  const std::string command = chromium +
                              " --headless=new --no-sandbox --disable-gpu --enable-logging=stderr "
                              "--virtual-time-budget=5000 --dump-dom 'file://" +
                              dir + "/report/index.html' > '" + dom + "' 2> '" + log + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << ReadFile(log);
  const std::string page = ReadFile(dom);
  std::smatch shown, total;
  ASSERT_TRUE(std::regex_search(page, total, std::regex("data-images=\"(\\d+)\"")))
      << page.substr(0, 2000);
  ASSERT_TRUE(std::regex_search(page, shown, std::regex("data-images-shown=\"(\\d+)\"")));
  // walk: golden, this run, difference and the wipe's two; run the same.
  EXPECT_EQ(std::stoi(total[1]), 10);
  EXPECT_EQ(shown[1], total[1]);
  EXPECT_NE(page.find("alt=\"difference of walk\""), std::string::npos);
  EXPECT_EQ(ReadFile(log).find("Uncaught"), std::string::npos) << ReadFile(log);
}

}  // namespace
