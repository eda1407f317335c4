// The glTF validator run for the model the window shows, off the frame loop:
// Start() begins a run on a thread of its own and returns at once; Poll(),
// once a frame, takes its report when it is done. A Start() for another
// model while a run is under way leaves the older run to finish unseen, so
// the report shown is always the current file's.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/validator_report.h"
#include "app/validator_run.h"

namespace animviewer {

class ValidatorJob {
 public:
  explicit ValidatorJob(ValidatorSetup setup = DefaultValidatorSetup());

  // False: Start() validates in the calling thread (fixed-step runs, whose
  // screenshots must not depend on how fast node was).
  void SetBackground(bool background) { background_ = background; }
  void Start(const std::string& path);
  // Takes the finished report of the run last started, if any.
  void Poll();

  bool running() const { return running_; }
  const std::string& path() const { return path_; }  // the file last started
  // The last finished report for path(); outcome kNone before one came.
  const ValidatorReport& report() const { return report_; }

 private:
  // What one run's thread hands back. Each Start() makes a new one, so an
  // older run writes where nobody reads any more.
  struct Slot {
    std::mutex mutex;
    std::optional<ValidatorReport> done;
  };
  ValidatorSetup setup_;
  bool background_ = true;
  bool running_ = false;
  std::string path_;
  std::shared_ptr<Slot> slot_;
  ValidatorReport report_;
};

}  // namespace animviewer
