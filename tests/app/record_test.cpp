// --record: a clip or a sample written frame by frame as PNGs, as many as
// the seconds and rate ask, each the size asked, each frame the picture
// --screenshot gives at its time (recorded at 60 a second, the headless
// steps' rate, to the byte).
#include <algorithm>
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

// How far apart two images look: the mean absolute difference per channel
// (0..255) of their 4x4-pixel block averages over the smaller one's size (a
// video pads odd sides). Averaging first leaves out the fine noise a lossy
// video adds, so the motion decides. 255 when either is unreadable.
double BlockDifference(const std::string& a_path, const std::string& b_path) {
  int aw = 0, ah = 0, bw = 0, bh = 0, channels = 0;
  stbi_uc* a = stbi_load(a_path.c_str(), &aw, &ah, &channels, 3);
  stbi_uc* b = stbi_load(b_path.c_str(), &bw, &bh, &channels, 3);
  double sum = 255.0;
  const int blocks_x = std::min(aw, bw) / 4, blocks_y = std::min(ah, bh) / 4;
  if (a != nullptr && b != nullptr && blocks_x > 0 && blocks_y > 0) {
    sum = 0.0;
    for (int by = 0; by < blocks_y; ++by) {
      for (int bx = 0; bx < blocks_x; ++bx) {
        for (int c = 0; c < 3; ++c) {
          int da = 0, db = 0;
          for (int y = by * 4; y < by * 4 + 4; ++y) {
            for (int x = bx * 4; x < bx * 4 + 4; ++x) {
              da += a[(y * aw + x) * 3 + c];
              db += b[(y * bw + x) * 3 + c];
            }
          }
          sum += std::abs(da - db) / 16.0;
        }
      }
    }
    sum /= static_cast<double>(blocks_x) * blocks_y * 3;
  }
  stbi_image_free(a);
  stbi_image_free(b);
  return sum;
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
                     "--record-seconds", "0.5", "--record-fps", "24", "--size", "193x144", "--msaa",
                     "0"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("wrote 12 frames (193x144, 24 a second) to " + dir + "/walk.mp4 with "),
            std::string::npos)
      << run.out;
  const std::string probe = dir + "/probe.txt";
  const std::string command =
      "ffprobe -v error -count_frames -select_streams v:0 -show_entries "
      "stream=nb_read_frames,width,height -of csv=p=0 '" +
      dir + "/walk.mp4' > '" + probe + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(Bytes(probe), "194,144,12\n");
  // Decoded back, frame 6 is the walk at 6/24 s: it looks more like the
  // screenshot at 0.25 s than like those an eighth of a second or more
  // away (H.264 is lossy, so by distance, not bytes).
  const std::string decoded = dir + "/frame6.png";
  const std::string decode = "ffmpeg -v error -y -i '" + dir +
                             "/walk.mp4' -vf 'select=eq(n\\,6)' -vsync 0 -frames:v 1 '" + decoded +
                             "'";
  ASSERT_EQ(std::system(decode.c_str()), 0);
  double at_quarter = 0.0;
  for (const char* time : {"0.25", "0", "0.125", "0.375"}) {
    const std::string shot = dir + "/at_" + time + ".png";
    ASSERT_EQ(RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--time", time,
                           "--screenshot", shot, "--size", "193x144", "--msaa", "0"})
                  .exit_code,
              0);
    const double d = BlockDifference(decoded, shot);
    if (std::string(time) == "0.25") {
      at_quarter = d;
      EXPECT_LT(d, 3.0) << "frame 6 against the screenshot at 0.25 s (0..255 per channel)";
    } else {
      EXPECT_LT(at_quarter * 1.2, d) << "frame 6 looks as much like " << time << " s as 0.25 s";
    }
  }
  // ffmpeg failing (a folder that cannot exist): its own message, exit 1.
  run = RunMeasured({kMannequin, "--headless", "--clip", "Walk", "--record", "/proc/no/walk.mp4",
                     "--record-seconds", "0.2", "--size", "96x72", "--msaa", "0"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("ffmpeg failed to write /proc/no/walk.mp4: "), std::string::npos)
      << run.err;
}

}  // namespace
