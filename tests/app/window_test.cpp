// The windowed viewer (GLFW + ImGui) under a virtual X server: the hidden
// --quit-after-frames / --window-screenshot options make it testable and
// its screenshot reproducible. Skips where xvfb-run is not installed.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "run_viewer.h"

namespace {

bool HaveXvfb() { return std::filesystem::exists("/usr/bin/xvfb-run"); }

// xvfb-run -a alone races when ctest starts two of these tests at once (both
// see the same display number free); starting each process's search at its
// own number avoids that.
std::string Xvfb() {
  return "xvfb-run -a -n " + std::to_string(100 + getpid() % 800) + " -s '-screen 0 1024x768x24' ";
}

struct Pixel {
  int r, g, b;
};

TEST(WindowViewer, ScreenshotAfterFixedFramesShowsPanelAndCharacter) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR;
  if (!HaveXvfb()) GTEST_SKIP() << "xvfb-run not installed";
  const std::string a = app_test::TempPath("window_a.png");
  const std::string b = app_test::TempPath("window_b.png");
  auto run = [&](const std::string& png) {
    const std::string command =
        Xvfb() + "'" + std::string(ANIMVIEWER_EXE) + "' '" + woman +
        "' --clip Walking --size 800x600 --quit-after-frames 12 --window-screenshot '" + png +
        "' > /dev/null 2>&1";
    return std::system(command.c_str());
  };
  ASSERT_EQ(run(a), 0);
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load(a.c_str(), &w, &h, &n, 4);
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(w, 800);
  EXPECT_EQ(h, 600);
  auto at = [&](int x, int y) {
    const unsigned char* p = data + (static_cast<std::size_t>(y) * w + x) * 4;
    return Pixel{p[0], p[1], p[2]};
  };
  // ImGui's dark panel sits at the top left, darker than the scene's
  // background at the top right.
  const Pixel panel = at(300, 40), background = at(790, 300);  // right of the file name
  EXPECT_LT(panel.r + panel.g + panel.b, background.r + background.g + background.b);
  // The light grey character stands in the free area right of the panel
  // (x > 340). Its file's material says a rough metal (metallic 1 by
  // default), so it is lit greyer than white; the background stays far below
  // 110 a channel.
  int bright = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 340; x < w; ++x) {
      const Pixel p = at(x, y);
      bright += p.r > 110 && p.g > 110 && p.b > 110;
    }
  }
  stbi_image_free(data);
  EXPECT_GT(bright, 5000);
  // Fixed steps and no measured timings on screen: the same picture twice.
  ASSERT_EQ(run(b), 0);
  EXPECT_EQ(app_test::ReadFile(a), app_test::ReadFile(b));
}

}  // namespace

namespace {

// Dropping a broken file shows the error in the panel and on stderr and
// keeps the character that was open; dropping a good one replaces it.
TEST(WindowViewer, DroppedFileErrorKeepsTheCurrentModel) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR;
  if (!HaveXvfb()) GTEST_SKIP() << "xvfb-run not installed";
  const std::string bad = app_test::TempPath("dropped_broken.gltf");
  { std::ofstream(bad) << "not a gltf file"; }
  const std::string png = app_test::TempPath("window_drop.png");
  const std::string err = app_test::TempPath("window_drop_err.txt");
  const std::string command = Xvfb() + "'" + std::string(ANIMVIEWER_EXE) + "' '" + woman +
                              "' --size 800x600 --quit-after-frames 6 --simulate-drop '" + bad +
                              "' --window-screenshot '" + png + "' > /dev/null 2> '" + err + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_NE(app_test::ReadFile(err).find("dropped_broken.gltf"), std::string::npos)
      << app_test::ReadFile(err);
  int w = 0, h = 0, n = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &n, 4);
  ASSERT_NE(data, nullptr);
  int bright = 0, red_text = 0;
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const unsigned char* p = data + (static_cast<std::size_t>(y) * w + x) * 4;
      if (x > 340) bright += p[0] > 110 && p[1] > 110 && p[2] > 110;
      // The error is printed in light red inside the panel.
      // (Only inside the panel, x < 350: the red grid axis behind the
      // panel is dimmed below that brightness by the panel's background.)
      if (x < 350) red_text += p[0] > 200 && p[1] < 150 && p[2] < 150;
    }
  }
  stbi_image_free(data);
  EXPECT_GT(bright, 5000) << "the Woman should still be shown";
  EXPECT_GT(red_text, 20) << "the error message should be shown in the panel";
}

}  // namespace

namespace {

// In window mode a --set the sample refuses (or an unknown --clip or
// sample) ends the program with 1 and the message, before a window opens,
// as docs/viewer-and-command-line.md's exit codes promise; it never leaves
// a window open.
TEST(WindowViewer, BadSampleSettingExitsWithOneBeforeOpening) {
  if (!HaveXvfb()) GTEST_SKIP() << "xvfb-run not installed";
  const std::string mannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";
  const std::string err = app_test::TempPath("window_bad_set_err.txt");
  for (const std::string args : {"--sample 1 --set no_such_parameter=1",
                                 "--sample 1 --set weight=7", "--sample 99", "--clip NoSuchClip"}) {
    // --quit-after-frames would end a window that did open with 0.
    const std::string command = Xvfb() + "'" + std::string(ANIMVIEWER_EXE) + "' '" + mannequin +
                                "' " + args + " --quit-after-frames 3 > /dev/null 2> '" + err + "'";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << args;
    EXPECT_EQ(WEXITSTATUS(status), 1) << args;
    EXPECT_NE(app_test::ReadFile(err).find("animviewer: "), std::string::npos) << args;
  }
}

// Dropping a file with Shift held adds its clips, retargeted, to the model
// shown (the window says so on stdout); a broken one leaves model and clips
// as they were and says why.
TEST(WindowViewer, ShiftDroppedFileAddsItsClipsRetargeted) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR;
  if (!HaveXvfb()) GTEST_SKIP() << "xvfb-run not installed";
  const std::string out = app_test::TempPath("shift_drop_out.txt");
  const std::string err = app_test::TempPath("shift_drop_err.txt");
  auto run = [&](const std::string& dropped) {
    const std::string command =
        Xvfb() + "'" + std::string(ANIMVIEWER_EXE) +
        "' --size 640x480 --msaa 0 --quit-after-frames 5 --simulate-drop '" + dropped +
        "' --simulate-drop-shift > '" + out + "' 2> '" + err + "'";
    return std::system(command.c_str());
  };
  ASSERT_EQ(run(woman), 0) << app_test::ReadFile(err);
  EXPECT_NE(app_test::ReadFile(out).find("animviewer: Retargeted 10 clips of " + woman + " onto "),
            std::string::npos)
      << app_test::ReadFile(out) << app_test::ReadFile(err);
  const std::string bad = app_test::TempPath("shift_dropped_broken.gltf");
  { std::ofstream(bad) << "not a gltf file"; }
  ASSERT_EQ(run(bad), 0);
  EXPECT_NE(app_test::ReadFile(err).find("shift_dropped_broken.gltf"), std::string::npos)
      << app_test::ReadFile(err);
  EXPECT_EQ(app_test::ReadFile(out).find("Retargeted"), std::string::npos);
}

}  // namespace
