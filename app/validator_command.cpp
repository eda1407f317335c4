#include "app/validator_command.h"

#include <iostream>

#include "app/headless_commands.h"
#include "app/terminal_text.h"
#include "app/validator_run.h"

namespace animviewer {

int RunValidateCommand(const Options& options) {
  const std::string path = ModelPathFor(options);
  const ValidatorReport report = RunValidator(path, DefaultValidatorSetup());
  if (report.outcome != ValidatorReport::Outcome::kReport) {
    std::cerr << "animviewer: " << EscapeControlCharacters(report.problem, false) << "\n";
    return 1;
  }
  // The messages quote the file's own text: no terminal control codes from it.
  std::cout << EscapeControlCharacters(path, false) << "\n"
            << EscapeControlCharacters(ValidatorReportText(report));
  return report.Count(ValidatorSeverity::kError) > 0 ? 1 : 0;
}

}  // namespace animviewer
