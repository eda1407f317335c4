// One slow build at a time on a worker thread, the newest request winning:
// for a sample that rebuilds something slow when its controls change (15's
// compressed clip), so dragging a slider does not freeze the window for the
// length of a build per value. Start() stops the build in progress (its
// `cancelled` callback turns true and Start waits for it to return) before
// starting the next; Take() hands a finished build's result over once.
// The work must own what it reads (copies), as the thread may outlive the
// caller's data by the time a build notices it was cancelled. A build that
// throws (std::bad_alloc on a huge clip) ends with no result and says why
// (LastFailure); the caller keeps what it had.
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace samples {

template <typename Result>
class BackgroundBuild {
 public:
  using Work = std::function<Result(const std::function<bool()>& cancelled)>;

  BackgroundBuild() = default;
  BackgroundBuild(const BackgroundBuild&) = delete;
  BackgroundBuild& operator=(const BackgroundBuild&) = delete;
  ~BackgroundBuild() { Stop(); }

  void Start(Work work) {
    Stop();
    cancel_.store(false);
    done_.store(false);
    last_failure_.clear();
    thread_ = std::thread([this, work = std::move(work)] {
      try {
        result_ = work([this] { return cancel_.load(std::memory_order_relaxed); });
      } catch (const std::exception& e) {
        failure_ = e.what();
      } catch (...) {
        failure_ = "an exception that is not a std::exception";
      }
      done_.store(true, std::memory_order_release);
    });
  }

  // Cancels the build in progress, if any, waits for it and drops it.
  void Stop() {
    if (!thread_.joinable()) return;
    cancel_.store(true, std::memory_order_relaxed);
    thread_.join();
    result_.reset();
    failure_.clear();
  }

  bool Busy() const { return thread_.joinable() && !done_.load(std::memory_order_acquire); }

  // The finished build's result, once; nothing while it runs or after Stop,
  // nor for a build that failed (LastFailure then says why).
  std::optional<Result> Take() {
    if (!thread_.joinable() || !done_.load(std::memory_order_acquire)) return std::nullopt;
    thread_.join();
    last_failure_.swap(failure_);
    failure_.clear();
    std::optional<Result> out;
    out.swap(result_);
    return out;
  }

  // What the build last taken threw ("" when it gave a result, or none was
  // taken since the last Start).
  const std::string& LastFailure() const { return last_failure_; }

 private:
  std::thread thread_;
  std::atomic<bool> cancel_{false};
  std::atomic<bool> done_{false};
  std::optional<Result> result_;  // written by the worker before done_
  std::string failure_;           // likewise, when the work threw
  std::string last_failure_;      // the caller's: failure_ once taken
};

}  // namespace samples
