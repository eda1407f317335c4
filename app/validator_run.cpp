#include "app/validator_run.h"

#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

namespace animviewer {
namespace {

// The most validator output read: its report stops at 200 messages, far
// below this; more means something else is printing.
constexpr std::size_t kMaxOutputBytes = 16u << 20;

// `text` as one single-quoted shell word.
std::string ShellQuoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs `command` through the shell; its stdout and stderr in *output (up to
// kMaxOutputBytes), the exit status returned (-1: could not run or killed).
int RunCapturing(const std::string& command, std::string* output) {
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  char buffer[4096];
  std::size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    if (output->size() < kMaxOutputBytes) output->append(buffer, n);
  }
  const int status = ::pclose(pipe);
  return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

constexpr const char* kInstallHint =
    "install it with: bash scripts/install_validator.sh (needs npm)";

}  // namespace

ValidatorSetup DefaultValidatorSetup() {
  ValidatorSetup setup;
  setup.directory = (std::filesystem::path(ANIMVIEWER_SOURCE_DIR) / "tools" / "gltf_validator")
                        .lexically_normal()
                        .string();
  return setup;
}

bool IsGltfPath(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".gltf" || extension == ".glb";
}

std::string ValidatorMissing(const ValidatorSetup& setup) {
  std::string ignored;
  if (RunCapturing(ShellQuoted(setup.node) + " --version", &ignored) != 0) {
    return "The glTF validator needs node, which is not installed; " + std::string(kInstallHint);
  }
  const std::filesystem::path dir(setup.directory);
  std::error_code error;
  if (!std::filesystem::exists(dir / "validate.js", error) ||
      !std::filesystem::exists(dir / "node_modules" / "gltf-validator", error)) {
    return "The glTF validator is not installed in " + setup.directory + "; " +
           std::string(kInstallHint);
  }
  return std::string();
}

ValidatorReport RunValidator(const std::string& path, const ValidatorSetup& setup) {
  ValidatorReport report;
  report.path = path;
  if (!IsGltfPath(path)) {
    report.outcome = ValidatorReport::Outcome::kNotGltf;
    report.problem = "The glTF validator reads glTF only (.gltf, .glb); " +
                     std::filesystem::path(path).filename().string() + " is not.";
    return report;
  }
  if (std::string missing = ValidatorMissing(setup); !missing.empty()) {
    report.outcome = ValidatorReport::Outcome::kNotInstalled;
    report.problem = std::move(missing);
    return report;
  }
  const std::string script = (std::filesystem::path(setup.directory) / "validate.js").string();
  std::string output;
  const int status = RunCapturing(
      ShellQuoted(setup.node) + " " + ShellQuoted(script) + " --json " + ShellQuoted(path),
      &output);
  std::string problem;
  if (status != 0) {
    problem = output.substr(0, output.find('\n'));
    if (problem.empty()) problem = "exit status " + std::to_string(status);
  } else if (ParseValidatorReport(output, &report, &problem)) {
    return report;
  }
  report.outcome = ValidatorReport::Outcome::kFailed;
  report.problem = "The glTF validator failed: " + problem;
  return report;
}

}  // namespace animviewer
