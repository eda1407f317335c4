// ParallelFor: splits a loop over characters (or anything indexed) across a
// fixed set of worker threads, for animating a crowd on every core. The
// workers are started once and wait between runs, so Run() neither creates
// threads nor allocates: it fits the per-frame path.
//
//   anim::ParallelFor pool(2);
//   pool.Run(count, [&](int begin, int end) {
//     for (int i = begin; i < end; ++i) Animate(characters[i]);
//   });
#pragma once

#include <condition_variable>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace anim {

class ParallelFor {
 public:
  // `threads` counts the calling thread: 1 runs everything inline; values
  // below 1 mean std::thread::hardware_concurrency().
  explicit ParallelFor(int threads);
  ~ParallelFor();
  ParallelFor(const ParallelFor&) = delete;
  ParallelFor& operator=(const ParallelFor&) = delete;

  int ThreadCount() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls body(begin, end) on ThreadCount() contiguous, disjoint chunks that
  // together cover [0, count) (empty chunks are skipped), one per thread,
  // the calling thread doing the first, and returns when all are done.
  // Contiguous chunks keep each thread on its own characters' memory. Not
  // re-entrant: one Run at a time per pool.
  template <typename Body>
  void Run(int count, Body&& body) {
    RunWithSlot(count, [&body](int, int begin, int end) { body(begin, end); });
  }

  // The same with body(slot, begin, end): `slot` is the thread running the
  // chunk, 0 (the caller) to ThreadCount() - 1, for per-thread scratch.
  template <typename Body>
  void RunWithSlot(int count, Body&& body) {
    RunErased(count, &body, [](void* b, int slot, int begin, int end) {
      (*static_cast<std::remove_reference_t<Body>*>(b))(slot, begin, end);
    });
  }

 private:
  using Invoke = void (*)(void* body, int slot, int begin, int end);
  void RunErased(int count, void* body, Invoke invoke);
  void WorkerLoop(int worker);
  // The chunk of thread `slot` (0 = caller) for the current run.
  void RunChunk(int slot);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  // Guarded by mutex_: a new generation starts a run; pending_ counts the
  // workers still busy with it.
  unsigned generation_ = 0;
  int pending_ = 0;
  bool quit_ = false;
  int count_ = 0;
  void* body_ = nullptr;
  Invoke invoke_ = nullptr;
};

}  // namespace anim
