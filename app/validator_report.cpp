#include "app/validator_report.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "import/json_nesting.h"
#include "samples/counted.h"

namespace animviewer {
namespace {

// The validator's report nests five levels; anything far deeper is not one,
// and nlohmann's parser recurses once per level.
constexpr int kMaxReportDepth = 32;

constexpr const char* kSeverityNames[kValidatorSeverityCount] = {"error", "warning", "info",
                                                                 "hint"};
constexpr const char* kCountFields[kValidatorSeverityCount] = {"numErrors", "numWarnings",
                                                               "numInfos", "numHints"};

// The first line of `text`, shortened, for a message about output that is
// not a report (it may be a node error or anything else).
std::string FirstLine(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  constexpr std::size_t kMax = 120;
  return text.size() > kMax ? std::string(text.substr(0, kMax)) + "..." : std::string(text);
}

// One entry of issues.messages; throws nlohmann's type_error or a
// std::out_of_range with the field at fault.
ValidatorMessage ReadMessage(const nlohmann::json& m) {
  ValidatorMessage message;
  const int severity = m.at("severity").get<int>();
  if (severity < 0 || severity >= kValidatorSeverityCount) {
    throw std::out_of_range("a message's severity is " + std::to_string(severity));
  }
  message.severity = static_cast<ValidatorSeverity>(severity);
  message.code = m.at("code").get<std::string>();
  message.text = m.at("message").get<std::string>();
  // A GLB's binary chunk has no JSON pointer: the validator gives a byte offset.
  if (m.contains("pointer")) {
    message.pointer = m["pointer"].get<std::string>();
  } else if (m.contains("offset")) {
    message.pointer = "byte " + std::to_string(m["offset"].get<long long>());
  }
  return message;
}

void ReadIssues(const nlohmann::json& issues, ValidatorReport* report) {
  for (int i = 0; i < kValidatorSeverityCount; ++i) {
    report->counts[i] = issues.at(kCountFields[i]).get<int>();
    if (report->counts[i] < 0) throw std::out_of_range(std::string(kCountFields[i]) + " < 0");
  }
  for (const nlohmann::json& m : issues.at("messages")) report->messages.push_back(ReadMessage(m));
  // The validator lists by where it found them; a reader wants errors first.
  std::stable_sort(
      report->messages.begin(), report->messages.end(),
      [](const ValidatorMessage& a, const ValidatorMessage& b) { return a.severity < b.severity; });
  report->truncated = issues.value("truncated", false);
}

}  // namespace

bool ParseValidatorReport(std::string_view output, ValidatorReport* report, std::string* problem) {
  const std::string_view blank = " \t\r\n";
  if (output.find_first_not_of(blank) == std::string_view::npos) {
    *problem = "the validator printed nothing";
    return false;
  }
  const auto* bytes = reinterpret_cast<const unsigned char*>(output.data());
  if (anim::JsonNestingDepth({bytes, output.size()}) > kMaxReportDepth) {
    *problem = "the validator's output nests too deep to be a report";
    return false;
  }
  ValidatorReport parsed;
  try {
    const nlohmann::json json = nlohmann::json::parse(output);
    const nlohmann::json& issues = json.at("issues");
    if (!issues.is_object() || !issues.at("messages").is_array()) {
      throw std::out_of_range("issues is not an object with a messages array");
    }
    ReadIssues(issues, &parsed);
  } catch (const nlohmann::json::parse_error&) {
    *problem = "the validator's output is not JSON: " + FirstLine(output);
    return false;
  } catch (const std::exception& e) {
    *problem = std::string("the validator's output is not a report: ") + e.what();
    return false;
  }
  parsed.outcome = ValidatorReport::Outcome::kReport;
  parsed.path = report->path;
  *report = std::move(parsed);
  return true;
}

long long ValidatorReport::Total() const {
  long long total = 0;
  for (int count : counts) total += count;
  return total;
}

std::string TruncationNote(const ValidatorReport& report) {
  if (!report.truncated) return std::string();
  return "Showing " + std::to_string(report.messages.size()) + " of " +
         samples::Counted(report.Total(), "message") + " (the first 100 of each severity).";
}

const char* SeverityName(ValidatorSeverity severity) {
  return kSeverityNames[static_cast<int>(severity)];
}

std::string ValidatorSummary(const ValidatorReport& report) {
  std::string line = "glTF validator: ";
  for (int i = 0; i < kValidatorSeverityCount; ++i) {
    if (i > 0) line += ", ";
    line += samples::Counted(report.counts[i], kSeverityNames[i]);
  }
  return line;
}

std::string ValidatorReportText(const ValidatorReport& report) {
  if (report.outcome != ValidatorReport::Outcome::kReport) return report.problem + "\n";
  std::string text = ValidatorSummary(report) + "\n";
  for (const ValidatorMessage& m : report.messages) {
    text += "  " + std::string(SeverityName(m.severity)) + " " + m.code + " " +
            (m.pointer.empty() ? "(file)" : m.pointer) + ": " + m.text + "\n";
  }
  if (report.truncated) text += "  " + TruncationNote(report) + "\n";
  return text;
}

}  // namespace animviewer
