// The window's Screenshot and Record buttons write to names dated to the
// second (app/capture_paths.h): two captures in one second must not share
// one (the window tests found two viewers in one folder recording into one
// folder, and one test removing the other's screenshot).
#include "app/capture_paths.h"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

class CapturePaths : public testing::Test {
 protected:
  void SetUp() override {
    // UTC, so the name of a known instant is known.
    setenv("TZ", "UTC", 1);
    tzset();
    dir_ = fs::temp_directory_path() /
           ("animviewer_capture_paths_" + std::to_string(static_cast<long>(getpid())));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Claim(const char* suffix, animviewer::CaptureKind kind, std::string* error) {
    return animviewer::ClaimCapturePath(dir_.string(), kWhen, suffix, kind, error);
  }
  // 1,764,000,000 s after 1970-01-01 00:00 UTC: 20,416 days (2025-11-24)
  // and 57,600 s (16:00:00).
  static constexpr std::time_t kWhen = 1764000000;
  fs::path dir_;
};

TEST_F(CapturePaths, FilesInOneSecondGetNamesOfTheirOwn) {
  std::string error;
  const std::string first = Claim(".png", animviewer::CaptureKind::kFile, &error);
  EXPECT_EQ(first, (dir_ / "animviewer_20251124_160000.png").string()) << error;
  const std::string second = Claim(".png", animviewer::CaptureKind::kFile, &error);
  EXPECT_EQ(second, (dir_ / "animviewer_20251124_160000_2.png").string()) << error;
  const std::string third = Claim(".png", animviewer::CaptureKind::kFile, &error);
  EXPECT_EQ(third, (dir_ / "animviewer_20251124_160000_3.png").string()) << error;
  for (const std::string& path : {first, second, third}) {
    EXPECT_TRUE(fs::is_regular_file(path)) << path << " was not claimed";
  }
}

TEST_F(CapturePaths, FoldersInOneSecondGetNamesOfTheirOwn) {
  std::string error;
  const std::string first = Claim("_frames", animviewer::CaptureKind::kFolder, &error);
  EXPECT_EQ(first, (dir_ / "animviewer_20251124_160000_frames").string()) << error;
  const std::string second = Claim("_frames", animviewer::CaptureKind::kFolder, &error);
  EXPECT_EQ(second, (dir_ / "animviewer_20251124_160000_2_frames").string()) << error;
  EXPECT_TRUE(fs::is_directory(first));
  EXPECT_TRUE(fs::is_directory(second));
}

TEST_F(CapturePaths, AFileInTheWayOfAFolderIsLeftAlone) {
  const fs::path in_the_way = dir_ / "animviewer_20251124_160000_frames";
  {
    std::FILE* f = std::fopen(in_the_way.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fputs("mine", f);
    std::fclose(f);
  }
  std::string error;
  EXPECT_EQ(Claim("_frames", animviewer::CaptureKind::kFolder, &error),
            (dir_ / "animviewer_20251124_160000_2_frames").string())
      << error;
  EXPECT_EQ(fs::file_size(in_the_way), 4u);
}

// The current folder is ".": the path says where it is, with no "./" in it.
TEST_F(CapturePaths, ThePathIsAbsoluteAndNormalised) {
  fs::create_directories(dir_ / "sub");
  std::string error;
  EXPECT_EQ(animviewer::ClaimCapturePath((dir_ / "sub" / ".." / ".").string(), kWhen, ".png",
                                         animviewer::CaptureKind::kFile, &error),
            (dir_ / "animviewer_20251124_160000.png").string())
      << error;
}

TEST_F(CapturePaths, AMissingFolderIsAnErrorNamingIt) {
  for (animviewer::CaptureKind kind :
       {animviewer::CaptureKind::kFile, animviewer::CaptureKind::kFolder}) {
    std::string error;
    EXPECT_EQ(animviewer::ClaimCapturePath((dir_ / "gone").string(), kWhen, ".png", kind, &error),
              "");
    EXPECT_NE(error.find((dir_ / "gone").string()), std::string::npos) << error;
  }
}

}  // namespace
