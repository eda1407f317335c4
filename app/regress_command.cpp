#include "app/regress_command.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <thread>

#include "regress/case_file.h"
#include "regress/reports.h"
#include "regress/runner.h"

namespace animviewer {

namespace fs = std::filesystem;

std::string RegressUsageText() {
  return "Usage: animviewer regress CASES [options]\n"
         "\n"
         "Renders each case of the file CASES headless (a line 'name | model | viewer\n"
         "arguments [| overrides]', models relative to the file), compares its pose\n"
         "(joint positions and axes) and then its image with the goldens, and exits 0\n"
         "when all match, 1 when any moved, is new or failed, 2 on bad input.\n"
         "\n"
         "Options:\n"
         "  --goldens DIR          the goldens: DIR/NAME.png and DIR/poses/NAME.txt\n"
         "                         (default: the case file's folder)\n"
         "  --update PATTERN       write the goldens of the cases PATTERN names ('*' and '?'\n"
         "                         as in a shell; repeatable; '*' for all), say which changed\n"
         "  --report DIR           write DIR/index.html (golden, this run, difference and a\n"
         "                         wipe per case, failing ones first) beside the images\n"
         "  --junit FILE           write the results as JUnit XML\n"
         "  --jobs N               render N cases at once (default: the machine's cores)\n"
         "  --skip-missing-models  skip (rather than fail) cases whose model is absent\n"
         "  --help                 print this and exit\n";
}

namespace {

struct RegressArgs {
  std::string cases, goldens, report, junit;
  std::vector<std::string> update;
  int jobs = 0;
  bool skip_missing = false;
  bool help = false;
};

bool ParseRegressArgs(const std::vector<std::string>& args, RegressArgs* out, std::string* error) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&](std::string* into) {
      if (i + 1 >= args.size()) {
        *error = a + " needs a value";
        return false;
      }
      *into = args[++i];
      return true;
    };
    if (a == "--help" || a == "-h") {
      out->help = true;
    } else if (a == "--goldens") {
      if (!value(&out->goldens)) return false;
    } else if (a == "--report") {
      if (!value(&out->report)) return false;
    } else if (a == "--junit") {
      if (!value(&out->junit)) return false;
    } else if (a == "--update") {
      std::string pattern;
      if (!value(&pattern)) return false;
      out->update.push_back(pattern);
    } else if (a == "--jobs") {
      std::string text;
      if (!value(&text)) return false;
      char* end = nullptr;
      const long n = std::strtol(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || n < 1 || n > 256) {
        *error = "--jobs takes a whole number from 1 to 256, not '" + text + "'";
        return false;
      }
      out->jobs = static_cast<int>(n);
    } else if (a == "--skip-missing-models") {
      out->skip_missing = true;
    } else if (!a.empty() && a[0] == '-') {
      *error = "unknown option " + a;
      return false;
    } else if (out->cases.empty()) {
      out->cases = a;
    } else {
      *error = "one case file only ('" + out->cases + "' and '" + a + "')";
      return false;
    }
  }
  if (out->cases.empty() && !out->help) {
    *error = "no case file given";
    return false;
  }
  return true;
}

std::string SelfPath() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("animviewer") : self.string();
}

}  // namespace

int RunRegressCommand(const std::vector<std::string>& args) {
  RegressArgs a;
  std::string error;
  if (!ParseRegressArgs(args, &a, &error)) {
    std::cerr << "animviewer regress: " << error << "\n\n" << RegressUsageText();
    return 2;
  }
  if (a.help) {
    std::cout << RegressUsageText();
    return 0;
  }
  std::vector<regress::Case> cases;
  if (!regress::ParseCaseFile(a.cases, &cases, &error)) {
    std::cerr << "animviewer regress: " << error << "\n";
    return 2;
  }
  for (const std::string& pattern : a.update) {
    bool matched = false;
    for (const regress::Case& c : cases) matched = matched || regress::NameMatches(pattern, c.name);
    if (!matched) {
      std::cerr << "animviewer regress: --update " << pattern << " names no case of " << a.cases
                << "\n";
      return 2;
    }
  }
  regress::RunOptions o;
  o.viewer = SelfPath();
  o.case_file_dir = fs::absolute(a.cases).parent_path().string();
  o.goldens = a.goldens.empty() ? o.case_file_dir : a.goldens;
  o.update = a.update;
  o.jobs =
      a.jobs > 0 ? a.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  o.skip_missing_models = a.skip_missing;
  o.out = !a.report.empty()
              ? a.report
              : (fs::temp_directory_path() / ("animviewer-regress-" + std::to_string(getpid())))
                    .string();
  o.progress = &std::cerr;
  const std::vector<regress::CaseResult> results = regress::RunCases(cases, o);
  if (!a.report.empty() &&
      !regress::WriteHtmlReport(results, a.report, "animviewer regress " + a.cases, &error)) {
    std::cerr << "animviewer regress: " << error << "\n";
    return 2;
  }
  if (!a.junit.empty() && !regress::WriteJunitReport(results, a.junit, &error)) {
    std::cerr << "animviewer regress: " << error << "\n";
    return 2;
  }
  for (const regress::CaseResult& r : results) {
    if (regress::VerdictFails(r.verdict) || r.verdict == regress::Verdict::kUpdated) {
      std::cout << r.c.name << ": " << regress::VerdictName(r.verdict)
                << (r.message.empty() ? "" : " - " + r.message) << "\n";
    }
  }
  std::cout << regress::Summary(results) << "\n";
  if (!a.report.empty()) {
    std::cout << "report: " << (fs::absolute(a.report) / "index.html").string() << "\n";
  } else {
    std::cout << "images: " << o.out << "\n";
  }
  return regress::ExitCode(results);
}

}  // namespace animviewer
