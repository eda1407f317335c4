// The Khronos glTF validator's report (its JSON, as tools/gltf_validator/
// validate.js --json prints it) read into plain fields: the counts per
// severity, each message, whether the list was cut. No ImGui, no
// GL: the window's panel and --validate show it, the tests read it.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace animviewer {

// The validator's own numbering (its "severity" field).
enum class ValidatorSeverity { kError = 0, kWarning = 1, kInfo = 2, kHint = 3 };
inline constexpr int kValidatorSeverityCount = 4;

struct ValidatorMessage {
  ValidatorSeverity severity = ValidatorSeverity::kError;
  std::string code;     // e.g. ACCESSOR_TOO_LONG
  std::string pointer;  // a JSON pointer into the file (/accessors/0), or "byte N" in a GLB
  std::string text;
};

struct ValidatorReport {
  // How the run ended: a report, or why there is none. Only kReport fills
  // the counts and messages; the others leave `problem` a sentence to show.
  enum class Outcome { kNone, kReport, kNotGltf, kNotInstalled, kFailed };
  Outcome outcome = Outcome::kNone;
  std::string path;     // the file it is about: a report never shows for another
  std::string problem;  // why there is no report
  std::array<int, kValidatorSeverityCount> counts{};  // indexed by ValidatorSeverity
  std::vector<ValidatorMessage> messages;             // errors first, then warnings, infos, hints
  // More issues than listed: validate.js lists the first 100 of each
  // severity (the counts are every issue's).
  bool truncated = false;

  int Count(ValidatorSeverity severity) const { return counts[static_cast<int>(severity)]; }
  long long Total() const;  // the counts' sum
};

// Reads the validator's JSON output into *report (outcome kReport). Bad,
// empty or unexpected output gives false and a one-line reason in *problem;
// it never throws.
bool ParseValidatorReport(std::string_view output, ValidatorReport* report, std::string* problem);

// "error", "warning", "info", "hint".
const char* SeverityName(ValidatorSeverity severity);

// "glTF validator: 1 error, 0 warnings, 2 infos, 0 hints".
std::string ValidatorSummary(const ValidatorReport& report);

// "Showing 204 of 774 messages (the first 100 of each severity).", or ""
// when every message is listed.
std::string TruncationNote(const ValidatorReport& report);

// The report as text lines, as --validate prints it: the summary, then one
// line per message (severity, code, pointer: text), or the problem.
std::string ValidatorReportText(const ValidatorReport& report);

}  // namespace animviewer
