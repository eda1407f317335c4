// The Khronos glTF validator (npm gltf-validator, installed into
// tools/gltf_validator by scripts/install_validator.sh) reports no error and
// no warning for assets/mannequin.gltf. Without node or the package the test
// skips and says how to install it.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
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

TEST(MannequinValidator, KhronosValidatorFindsNoErrorsOrWarnings) {
  const std::string dir = std::string(ANIM_SOURCE_DIR) + "/tools/gltf_validator";
  std::string ignored;
  if (RunCommand("node --version", &ignored) != 0) GTEST_SKIP() << "node is not installed";
  if (!std::filesystem::exists(dir + "/node_modules/gltf-validator"))
    GTEST_SKIP() << "gltf-validator is not installed: run scripts/install_validator.sh "
                    "(npm ci in tools/gltf_validator)";
  std::string output;
  const int status = RunCommand("node \"" + dir + "/validate.js\" \"" + AssetPath() + "\"", &output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("0 errors, 0 warnings"), std::string::npos) << output;
}

}  // namespace
}  // namespace mannequin_test
