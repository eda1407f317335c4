// The Khronos glTF validator (npm gltf-validator, installed into
// tools/gltf_validator by scripts/install_validator.sh) reports no error and
// no warning for assets/mannequin.gltf and assets/mannequin_locomotion.gltf. Without node or the
// package the test skips and says how to install it.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "mannequin_fixture.h"

namespace mannequin_test {
namespace {

// Runs a command, returns its exit status and captures stdout+stderr.
int RunCommand(const std::string& command, std::string* output) {
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return -1;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) output->append(buffer, n);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const std::string kValidatorDir = std::string(ANIM_SOURCE_DIR) + "/tools/gltf_validator";

// Empty when the validator can run, else why not.
std::string ValidatorMissing() {
  std::string ignored;
  if (RunCommand("node --version", &ignored) != 0) return "node is not installed";
  if (!std::filesystem::exists(kValidatorDir + "/node_modules/gltf-validator")) {
    return "gltf-validator is not installed: run scripts/install_validator.sh "
           "(npm ci in tools/gltf_validator)";
  }
  return "";
}

TEST(MannequinValidator, KhronosValidatorFindsNoErrorsOrWarnings) {
  const std::string missing = ValidatorMissing();
  if (!missing.empty()) GTEST_SKIP() << missing;
  for (const std::string& path :
       {AssetPath(), std::string(ANIM_SOURCE_DIR) + "/assets/mannequin_locomotion.gltf"}) {
    std::string output;
    const int status =
        RunCommand("node \"" + kValidatorDir + "/validate.js\" \"" + path + "\"", &output);
    EXPECT_EQ(status, 0) << path << "\n" << output;
    EXPECT_NE(output.find("0 errors, 0 warnings"), std::string::npos) << path << "\n" << output;
  }
}

TEST(MannequinValidator, TheValidatorRunnerReportsABrokenFile) {
  // The check above can fail: a node pointing at a mesh that does not exist
  // is an error, and validate.js must say so and exit non-zero.
  const std::string missing = ValidatorMissing();
  if (!missing.empty()) GTEST_SKIP() << missing;
  const std::string path = ::testing::TempDir() + "broken_" + std::to_string(::getpid()) + ".gltf";
  {
    std::ofstream out(path);
    out << R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"mesh":3}]})";
  }
  std::string output;
  const int status =
      RunCommand("node \"" + kValidatorDir + "/validate.js\" \"" + path + "\"", &output);
  std::filesystem::remove(path);
  EXPECT_EQ(status, 1) << output;
  EXPECT_EQ(output.find(" 0 errors"), std::string::npos) << output;
}

}  // namespace
}  // namespace mannequin_test
