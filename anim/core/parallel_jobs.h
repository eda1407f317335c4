// The caller's job system as the runtime's batch APIs (crowd_animator.h)
// see it: a parallel-for that runs `count` items as ranges over workers.
// The runtime owns no threads: a game passes a callback into its own job
// system (each range one job, say), and a caller without one uses
// ParallelForJobs, the adapter over anim::ParallelFor, or RunInline.
//
//   anim::ParallelFor pool(4);
//   anim::ParallelForJobs jobs(pool);
//   anim::CrowdAnimator animator(skeleton, jobs.WorkerCount());
//   animator.Update(characters, dt, jobs);
#pragma once

#include "anim/core/function_ref.h"
#include "anim/core/parallel_for.h"

namespace anim {

// One piece of the work: items [begin, end) on worker `worker`, an index
// from 0 to the job system's worker count - 1 that picks per-worker scratch.
// Calls that may run at the same time must have different worker indices.
using RangeJob = FunctionRef<void(int begin, int end, int worker)>;

// A parallel-for: calls `job` on ranges that are disjoint and together cover
// [0, count), each exactly once, in any order, on any threads, and returns
// when every call has returned.
using ParallelForCallback = FunctionRef<void(int count, RangeJob job)>;

// Runs all `count` items in one call on the calling thread, as worker 0.
inline void RunInline(int count, RangeJob job) {
  if (count > 0) job(0, count, 0);
}

// anim::ParallelFor as a ParallelForCallback: one contiguous range per
// thread of the pool, the pool's slot as the worker index. Counts below
// min_per_worker items per worker run inline on the calling thread (waking a
// worker costs about as much as animating some 30 characters).
class ParallelForJobs {
 public:
  explicit ParallelForJobs(ParallelFor& pool, int min_per_worker = 64)
      : pool_(&pool), min_per_worker_(min_per_worker) {}

  int WorkerCount() const { return pool_->ThreadCount(); }

  void operator()(int count, RangeJob job) const {
    const int workers = pool_->ThreadCount();
    if (workers == 1 || count < static_cast<long long>(min_per_worker_) * workers) {
      RunInline(count, job);
      return;
    }
    pool_->RunWithSlot(count, [&job](int slot, int begin, int end) { job(begin, end, slot); });
  }

 private:
  ParallelFor* pool_;
  int min_per_worker_;
};

}  // namespace anim
