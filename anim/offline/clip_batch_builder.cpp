#include "anim/offline/clip_batch_builder.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>

namespace anim {

namespace {

// Hands out clips costliest first and admits each only within the memory
// budget (see BuildCompressedClips).
class BatchQueue {
 public:
  BatchQueue(std::vector<std::size_t> order, std::vector<std::size_t> bytes, std::size_t max_bytes)
      : order_(std::move(order)), bytes_(std::move(bytes)), max_bytes_(max_bytes) {}

  // The next clip to build, waiting until its memory fits; false when none is left.
  bool Take(std::size_t* clip) {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (next_ == order_.size()) return false;
      const std::size_t candidate = order_[next_];
      if (in_flight_ == 0 || max_bytes_ == 0 || in_flight_ + bytes_[candidate] <= max_bytes_) {
        ++next_;
        in_flight_ += bytes_[candidate];
        *clip = candidate;
        return true;
      }
      changed_.wait(lock);
    }
  }
  void Done(std::size_t clip) {
    {
      const std::lock_guard lock(mutex_);
      in_flight_ -= bytes_[clip];
    }
    changed_.notify_all();
  }

 private:
  std::vector<std::size_t> order_, bytes_;
  std::size_t max_bytes_;
  std::size_t next_ = 0, in_flight_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
};

}  // namespace

std::vector<BatchBuildResult> BuildCompressedClips(std::span<const Clip* const> clips,
                                                   const Skeleton& skeleton,
                                                   const CompressionSettings& settings,
                                                   std::size_t max_bytes) {
  std::vector<BatchBuildResult> results(clips.size());
  if (clips.empty()) return results;
  const std::size_t threads = std::min(CompressionThreads(settings), clips.size());
  // One clip left alone searches its segments on every thread.
  CompressionSettings one = settings;
  one.threads = threads == 1 ? static_cast<int>(CompressionThreads(settings)) : 1;
  std::vector<std::size_t> order(clips.size()), bytes(clips.size());
  std::vector<std::size_t> cost(clips.size());
  for (std::size_t i = 0; i < clips.size(); ++i) {
    bytes[i] = CompressionWorkingBytes(*clips[i], skeleton, one);
    cost[i] = RawClipBytes(*clips[i]);
  }
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  BatchQueue queue(std::move(order), std::move(bytes), max_bytes);
  // A build that throws (out of memory) ends its thread's work; the first
  // such exception is thrown again once every thread has stopped.
  std::mutex failure_mutex;
  std::optional<ClipBuildFailure> failure;
  const auto work = [&] {
    std::size_t i = 0;
    try {
      for (; queue.Take(&i); queue.Done(i)) {
        const auto start = std::chrono::steady_clock::now();
        results[i].clip = BuildCompressedClip(*clips[i], skeleton, one, &results[i].report);
        results[i].seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      }
    } catch (...) {
      queue.Done(i);
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = ClipBuildFailure{i, std::current_exception()};
    }
  };
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  if (failure) throw *failure;
  return results;
}

}  // namespace anim
