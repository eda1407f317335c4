// --record: a clip or a sample written frame by frame as PNGs, as many as
// the seconds and rate ask, each the size asked, each frame the picture
// --screenshot gives at its time (recorded at 60 a second, the headless
// steps' rate, to the byte).
#include <cstdlib>
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
  EXPECT_NE(run.err.find("--record-seconds and --record-fps need --record OUT"), std::string::npos);
  run = RunMeasured({kMannequin, "--headless", "--record", "/proc/no/such/dir"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("cannot create folder '/proc/no/such/dir'"), std::string::npos) << run.err;
}

// A video path: through ffmpeg where it is installed (the frames and size
// read back by ffprobe, sides padded to even for yuv420p), else PNG frames
// beside it and a note saying why.
TEST(Record, AVideoPathGoesThroughFfmpegOrFallsBackToFrames) {
  const std::string dir = app_test::TempPath("record_video");
  fs::remove_all(dir);
  fs::create_directories(dir);
  // Without ffmpeg on PATH (the viewer itself is started by its full path).
  const std::string path = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  setenv("PATH", "/nonexistent", 1);
  app_test::ChildRun run =
      RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--record", dir + "/walk.mp4",
                   "--record-seconds", "0.2", "--size", "96x72", "--msaa", "0"});
  setenv("PATH", path.c_str(), 1);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.err.find("ffmpeg is not installed (not on PATH): writing PNG frames to " + dir +
                         "/walk_frames instead of " + dir + "/walk.mp4"),
            std::string::npos)
      << run.err;
  EXPECT_TRUE(fs::exists(Frame(dir + "/walk_frames", 5)));
  EXPECT_FALSE(fs::exists(Frame(dir + "/walk_frames", 6)));
  EXPECT_FALSE(fs::exists(dir + "/walk.mp4"));

  if (!fs::exists("/usr/bin/ffmpeg") || !fs::exists("/usr/bin/ffprobe")) {
    GTEST_SKIP() << "ffmpeg is not installed: the video path itself is not tested here";
  }
  run = RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--record", dir + "/walk.mp4",
                     "--record-seconds", "0.5", "--record-fps", "24", "--size", "97x72", "--msaa",
                     "0"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("wrote 12 frames (97x72, 24 a second) to " + dir + "/walk.mp4 with "),
            std::string::npos)
      << run.out;
  const std::string probe = dir + "/probe.txt";
  const std::string command =
      "ffprobe -v error -count_frames -select_streams v:0 -show_entries "
      "stream=nb_read_frames,width,height -of csv=p=0 '" +
      dir + "/walk.mp4' > '" + probe + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(Bytes(probe), "98,72,12\n");
  // ffmpeg failing (a folder that cannot exist): its own message, exit 1.
  run = RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--record", "/proc/no/walk.mp4",
                     "--record-seconds", "0.2", "--size", "96x72", "--msaa", "0"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("ffmpeg failed to write /proc/no/walk.mp4: "), std::string::npos)
      << run.err;
}

}  // namespace
