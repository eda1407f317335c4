// --record: a clip or a sample written frame by frame as PNGs, as many as
// the seconds and rate ask, each the size asked, each frame the picture
// --screenshot gives at its time (recorded at 60 a second, the headless
// steps' rate, to the byte).
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <stb_image.h>

#include "run_viewer.h"

namespace {

namespace fs = std::filesystem;
using app_test::RunMeasured;

const std::string kMannequin = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";

std::string Bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string Frame(const std::string& dir, int k) {
  char name[32];
  std::snprintf(name, sizeof name, "/frame_%05d.png", k);
  return dir + name;
}

TEST(Record, AClipsFramesAreItsScreenshotsAtTheirTimes) {
  const std::string dir = app_test::TempPath("record_clip");
  fs::remove_all(dir);
  const app_test::ChildRun run = RunMeasured(
      {kMannequin, "--headless", "--clip", "Walk", "--time", "0.2", "--record", dir,
       "--record-seconds", "0.2", "--record-fps", "60", "--size", "160x120", "--msaa", "0"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("wrote 12 frames (160x120, 60 a second)"), std::string::npos) << run.out;
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) count += entry.is_regular_file();
  EXPECT_EQ(count, 12);
  for (int k = 0; k < 12; ++k) {
    int w = 0, h = 0, channels = 0;
    ASSERT_EQ(stbi_info(Frame(dir, k).c_str(), &w, &h, &channels), 1) << k;
    EXPECT_EQ(w, 160);
    EXPECT_EQ(h, 120);
  }
  for (const auto& [k, time] :
       {std::pair{0, "0.2"}, std::pair{6, "0.3"}, std::pair{11, "0.3833333"}}) {
    const std::string shot = app_test::TempPath("record_shot.png");
    ASSERT_EQ(RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--time", time,
                           "--screenshot", shot, "--size", "160x120", "--msaa", "0"})
                  .exit_code,
              0);
    EXPECT_EQ(Bytes(Frame(dir, k)), Bytes(shot)) << "frame " << k << " against --time " << time;
  }
  EXPECT_NE(Bytes(Frame(dir, 0)), Bytes(Frame(dir, 6)));  // the walk moves
}

TEST(Record, ASampleIsRecordedForTwoSecondsUnlessToldOtherwise) {
  const std::string dir = app_test::TempPath("record_sample");
  fs::remove_all(dir);
  app_test::ChildRun run =
      RunMeasured({kMannequin, "--headless", "--sample", "8", "--set", "count=4", "--record", dir,
                   "--record-fps", "5", "--size", "120x90", "--msaa", "0"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("wrote 10 frames (120x90, 5 a second)"), std::string::npos) << run.out;
  EXPECT_TRUE(fs::exists(Frame(dir, 9)));
  EXPECT_FALSE(fs::exists(Frame(dir, 10)));
  EXPECT_NE(Bytes(Frame(dir, 0)), Bytes(Frame(dir, 9)));

  run = RunMeasured({kMannequin, "--headless", "--record", dir, "--record-fps", "0"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--record-fps needs frames a second in 1..120, got '0'"),
            std::string::npos)
      << run.err;
  run = RunMeasured({kMannequin, "--headless", "--screenshot", app_test::TempPath("x.png"),
                     "--record-seconds", "1"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--record-seconds and --record-fps need --record DIR"), std::string::npos);
  run = RunMeasured({kMannequin, "--headless", "--record", "/proc/no/such/dir"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("cannot create folder '/proc/no/such/dir'"), std::string::npos) << run.err;
}

}  // namespace
