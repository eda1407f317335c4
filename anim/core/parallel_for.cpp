#include "anim/core/parallel_for.h"

#include <algorithm>

namespace anim {

ParallelFor::ParallelFor(int threads) {
  if (threads < 1) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  shares_ = std::make_unique<Share[]>(static_cast<std::size_t>(threads));
  workers_.reserve(threads - 1);
  for (int w = 0; w < threads - 1; ++w) workers_.emplace_back([this, w] { WorkerLoop(w); });
}

ParallelFor::~ParallelFor() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  start_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ParallelFor::RunShares(int slot) {
  const int threads = ThreadCount();
  for (int k = 0; k < threads; ++k) {
    Share& share = shares_[static_cast<std::size_t>((slot + k) % threads)];
    for (;;) {
      // Relaxed: a block is claimed by exactly one thread whatever the
      // order; what the blocks write is published by the run's end (the
      // mutex the caller waits on).
      const int begin = share.next.fetch_add(block_, std::memory_order_relaxed);
      if (begin >= share.end) break;
      invoke_(body_, slot, begin, std::min(begin + block_, share.end));
    }
  }
}

void ParallelFor::RunErased(int count, void* body, Invoke invoke) {
  if (count <= 0) return;
  if (workers_.empty()) {
    invoke(body, 0, 0, count);
    return;
  }
  const int threads = ThreadCount();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    body_ = body;
    invoke_ = invoke;
    // Shares differ in size by at most one item.
    const long long per_share = (count + threads - 1) / threads;
    block_ = static_cast<int>(std::max(1LL, per_share / kBlocksPerShare));
    for (int t = 0; t < threads; ++t) {
      Share& share = shares_[static_cast<std::size_t>(t)];
      share.next.store(static_cast<int>(static_cast<long long>(count) * t / threads),
                       std::memory_order_relaxed);
      share.end = static_cast<int>(static_cast<long long>(count) * (t + 1) / threads);
    }
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  RunShares(0);
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
}

void ParallelFor::WorkerLoop(int worker) {
  unsigned seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      start_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    // The fields read here were written under the mutex before the
    // generation changed, and stay put until pending_ reaches zero.
    RunShares(worker + 1);
    bool last;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last = --pending_ == 0;
    }
    if (last) done_.notify_one();
  }
}

}  // namespace anim
