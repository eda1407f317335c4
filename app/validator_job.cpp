#include "app/validator_job.h"

#include <thread>
#include <utility>

namespace animviewer {

ValidatorJob::ValidatorJob(ValidatorSetup setup) : setup_(std::move(setup)) {}

void ValidatorJob::Start(const std::string& path) {
  path_ = path;
  report_ = ValidatorReport();
  if (!background_) {
    slot_.reset();
    running_ = false;
    report_ = RunValidator(path, setup_);
    return;
  }
  slot_ = std::make_shared<Slot>();
  running_ = true;
  // Detached: a window closed while node runs must not wait for it. The
  // thread owns its copies and its slot, nothing of this object.
  std::thread([slot = slot_, path, setup = setup_] {
    ValidatorReport report = RunValidator(path, setup);
    const std::lock_guard<std::mutex> lock(slot->mutex);
    slot->done = std::move(report);
  }).detach();
}

void ValidatorJob::Poll() {
  if (!running_ || !slot_) return;
  std::optional<ValidatorReport> done;
  {
    const std::lock_guard<std::mutex> lock(slot_->mutex);
    done = std::exchange(slot_->done, std::nullopt);
  }
  // The path check is a second guard: a slot only ever holds its own run.
  if (!done || done->path != path_) return;
  report_ = std::move(*done);
  running_ = false;
  slot_.reset();
}

}  // namespace animviewer
