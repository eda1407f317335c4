// The timing loop every single-threaded crowd case shares: one warm-up
// frame (the caches as a running game would have them), then frames until
// Google Benchmark has enough, measured in the benchmark thread's CPU time
// (the machines we measure on are shared; on an idle one CPU and wall time
// agree). Reports ns_per_character and items (characters) per second.
#pragma once

#include <ctime>

#include <benchmark/benchmark.h>

namespace anim_bench {

inline double ThreadCpuNanoseconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

// `frame()` animates all `count` characters once; `checksum()` reads a
// value of the last frame's output so the work cannot be optimised away.
template <typename Frame, typename Checksum>
void TimePerCharacter(benchmark::State& state, int count, Frame&& frame, Checksum&& checksum) {
  frame();
  const double begin = ThreadCpuNanoseconds();
  for (auto _ : state) {
    frame();
    benchmark::ClobberMemory();
  }
  const double elapsed = ThreadCpuNanoseconds() - begin;
  float sum = checksum();
  benchmark::DoNotOptimize(sum);
  state.counters["ns_per_character"] = elapsed / (static_cast<double>(state.iterations()) * count);
  state.SetItemsProcessed(state.iterations() * count);
}

}  // namespace anim_bench
