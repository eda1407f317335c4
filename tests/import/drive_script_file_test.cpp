// --drive's script file (import/drive_script_file.h): keys read as the
// header's example writes them, and each malformed key refused naming its
// index and what is wrong.
#include "import/drive_script_file.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace {

std::string Written(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path) << text;
  return path.string();
}

TEST(DriveScriptFile, ReadsKeysVelocitiesAndFacings) {
  const std::string path = Written("drive_ok.json", R"({"duration": 20, "keys": [
      {"time": 0, "velocity": [0, 1.4]},
      {"time": 4, "velocity": [1.4, -0.5], "facing": 90}]})");
  anim::DriveScript script;
  std::string error;
  ASSERT_TRUE(anim::ReadDriveScript(path, &script, &error)) << error;
  EXPECT_FLOAT_EQ(script.duration, 20.0f);
  ASSERT_EQ(script.keys.size(), 2u);
  EXPECT_EQ(script.keys[0].velocity, glm::vec2(0.0f, 1.4f));
  EXPECT_FALSE(script.keys[0].facing_deg.has_value());
  EXPECT_FLOAT_EQ(script.keys[1].time, 4.0f);
  EXPECT_EQ(script.keys[1].velocity, glm::vec2(1.4f, -0.5f));
  ASSERT_TRUE(script.keys[1].facing_deg.has_value());
  EXPECT_FLOAT_EQ(*script.keys[1].facing_deg, 90.0f);
}

TEST(DriveScriptFile, EachBadKeyIsNamedWithItsProblem) {
  const struct {
    const char* keys;
    const char* expected;
  } cases[] = {
      {R"([{"time": 0, "velocity": [0, 1, 0]}])", "keys[0] velocity is not [x, z]"},
      {R"([{"time": 0, "velocity": [0]}])", "keys[0] velocity is not [x, z]"},
      {R"([{"time": 0, "velocity": [0, 1]}, {"time": 1}])",
       "keys[1] is not an object with \"time\" and \"velocity\""},
      {R"([{"time": 1, "velocity": [0, 1]}])", "keys[0] starts at 1"},
      {R"([{"time": 0, "velocity": [0, 1]}, {"time": 2, "velocity": [0, 1]},
           {"time": 1, "velocity": [0, 1]}])",
       "keys[2] is earlier than the key before"},
      {R"([{"time": 0, "velocity": [0, 1], "facing": "left"}])", "keys[0] facing is not a finite"},
      {"[]", "\"keys\" is empty"},
  };
  for (const auto& c : cases) {
    const std::string path =
        Written("drive_bad.json", std::string(R"({"duration": 5, "keys": )") + c.keys + "}");
    anim::DriveScript script;
    std::string error;
    EXPECT_FALSE(anim::ReadDriveScript(path, &script, &error)) << c.keys;
    EXPECT_NE(error.find(path + ": " + c.expected), std::string::npos) << error;
  }
}

}  // namespace
