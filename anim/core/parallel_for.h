// ParallelFor: splits a loop over characters (or anything indexed) across a
// fixed set of worker threads, for animating a crowd on every core. The
// workers are started once and wait between runs (asleep, not spinning, so
// they take no time from the caller between frames), so Run() neither
// creates threads nor allocates: it fits the per-frame path.
//
//   anim::ParallelFor pool(2);
//   pool.Run(count, [&](int begin, int end) {
//     for (int i = begin; i < end; ++i) Animate(characters[i]);
//   });
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
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

  // Calls body(begin, end) on contiguous, disjoint blocks that together
  // cover [0, count), and returns when all are done. Each thread owns an
  // equal share of [0, count) (thread t the share starting at count * t /
  // ThreadCount(), the calling thread the first) and runs its blocks in
  // order, so it stays on its own characters' memory frame after frame;
  // a thread done with its share takes the next blocks of the others'
  // (in a VM, or under other load, a thread may start milliseconds late,
  // and one late thread would otherwise hold up the frame). Blocks are
  // about a 32nd of a share (kBlocksPerShare). Not re-entrant: one Run at a
  // time per pool.
  template <typename Body>
  void Run(int count, Body&& body) {
    RunWithSlot(count, [&body](int, int begin, int end) { body(begin, end); });
  }

  // The same with body(slot, begin, end): `slot` is the thread running the
  // block, 0 (the caller) to ThreadCount() - 1, for per-thread scratch
  // (calls with one slot never overlap).
  template <typename Body>
  void RunWithSlot(int count, Body&& body) {
    RunErased(count, &body, [](void* b, int slot, int begin, int end) {
      (*static_cast<std::remove_reference_t<Body>*>(b))(slot, begin, end);
    });
  }

 private:
  static constexpr int kBlocksPerShare = 32;
  using Invoke = void (*)(void* body, int slot, int begin, int end);
  void RunErased(int count, void* body, Invoke invoke);
  void WorkerLoop(int worker);
  // Thread `slot`'s (0 = caller) part of the current run: its own share's
  // blocks, then what is left of the others'.
  void RunShares(int slot);

  // One share of the current run: blocks are taken from `next` on (by any
  // thread) while they start below `end`. A cache line each, so that
  // threads taking blocks of their own shares do not contend.
  struct alignas(64) Share {
    std::atomic<int> next{0};
    int end = 0;
  };

  std::vector<std::thread> workers_;
  std::unique_ptr<Share[]> shares_;  // ThreadCount() of them
  int block_ = 1;                    // items a block, this run
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  // Guarded by mutex_: a new generation starts a run; pending_ counts the
  // workers still busy with it.
  unsigned generation_ = 0;
  int pending_ = 0;
  bool quit_ = false;
  void* body_ = nullptr;
  Invoke invoke_ = nullptr;
};

}  // namespace anim
