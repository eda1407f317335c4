// assets/mannequin.gltf is generated, never edited by hand: the committed
// file must be byte for byte what tools/make_mannequin writes now, and the
// generator must be deterministic (two runs, same bytes).
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "mannequin_fixture.h"

namespace mannequin_test {
namespace {

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Runs make_mannequin (with `option`, if any) into a fresh temporary file
// and returns its bytes.
std::string Generate(const std::string& tag, const std::string& option = "") {
  const std::string out =
      ::testing::TempDir() + "mannequin_" + tag + "_" + std::to_string(::getpid()) + ".gltf";
  const std::string command =
      std::string("\"") + MAKE_MANNEQUIN_PATH + "\" " + option + " \"" + out + "\" 2>/dev/null";
  const int status = std::system(command.c_str());
  EXPECT_EQ(status, 0) << command;
  std::string bytes = ReadAll(out);
  std::filesystem::remove(out);
  return bytes;
}

TEST(MannequinGenerator, CommittedAssetIsWhatTheGeneratorWrites) {
  const std::string committed = ReadAll(AssetPath());
  ASSERT_FALSE(committed.empty()) << "cannot read " << AssetPath();
  const std::string fresh = Generate("check");
  ASSERT_FALSE(fresh.empty());
  // Not EXPECT_EQ on the strings: a 1.6 MB diff in the log helps nobody.
  EXPECT_EQ(fresh.size(), committed.size());
  EXPECT_TRUE(fresh == committed)
      << "assets/mannequin.gltf is stale: regenerate it with\n  make_mannequin " << AssetPath();
}

// assets/mannequin_locomotion.gltf, the dance card, likewise.
TEST(MannequinGenerator, CommittedLocomotionAssetIsWhatTheGeneratorWrites) {
  const std::string path = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin_locomotion.gltf";
  const std::string committed = ReadAll(path);
  ASSERT_FALSE(committed.empty()) << "cannot read " << path;
  const std::string fresh = Generate("locomotion", "--locomotion");
  ASSERT_FALSE(fresh.empty());
  EXPECT_EQ(fresh.size(), committed.size());
  EXPECT_TRUE(fresh == committed)
      << "assets/mannequin_locomotion.gltf is stale: regenerate it with\n  make_mannequin "
         "--locomotion "
      << path;
}

TEST(MannequinGenerator, TwoRunsGiveIdenticalBytes) {
  const std::string a = Generate("a");
  const std::string b = Generate("b");
  ASSERT_FALSE(a.empty());
  EXPECT_TRUE(a == b);
}

TEST(MannequinGenerator, RefusesAMissingArgumentWithUsage) {
  const std::string command = std::string("\"") + MAKE_MANNEQUIN_PATH + "\" >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_NE(WEXITSTATUS(status), 0);
}

TEST(MannequinGenerator, UnwritablePathFailsCleanly) {
  const std::string command = std::string("\"") + MAKE_MANNEQUIN_PATH +
                              "\" /nonexistent-dir/x/mannequin.gltf >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status)) << "crashed";
  EXPECT_EQ(WEXITSTATUS(status), 1);
}

}  // namespace
}  // namespace mannequin_test
