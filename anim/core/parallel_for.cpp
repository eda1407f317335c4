#include "anim/core/parallel_for.h"

#include <algorithm>

namespace anim {

ParallelFor::ParallelFor(int threads) {
  if (threads < 1) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
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

void ParallelFor::RunChunk(int slot) {
  const int threads = ThreadCount();
  // Chunk sizes differ by at most one.
  const int begin = static_cast<int>(static_cast<long long>(count_) * slot / threads);
  const int end = static_cast<int>(static_cast<long long>(count_) * (slot + 1) / threads);
  if (begin < end) invoke_(body_, slot, begin, end);
}

void ParallelFor::RunErased(int count, void* body, Invoke invoke) {
  if (count <= 0) return;
  if (workers_.empty()) {
    invoke(body, 0, 0, count);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    count_ = count;
    body_ = body;
    invoke_ = invoke;
    pending_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  RunChunk(0);
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
    RunChunk(worker + 1);
    bool last;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last = --pending_ == 0;
    }
    if (last) done_.notify_one();
  }
}

}  // namespace anim
