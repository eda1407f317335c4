// ParallelFor: every index is visited exactly once whatever the count and
// thread count, chunks really run on other threads, and a pool is reusable.
#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/parallel_for.h"

namespace {

TEST(ParallelFor, VisitsEveryIndexExactlyOnce) {
  for (int threads : {1, 2, 3, 5}) {
    anim::ParallelFor pool(threads);
    EXPECT_EQ(pool.ThreadCount(), threads);
    for (int count : {0, 1, 2, 3, 4, 7, 100, 1001}) {
      std::vector<std::atomic<int>> visits(count);
      pool.Run(count, [&](int begin, int end) {
        ASSERT_LT(begin, end);
        for (int i = begin; i < end; ++i) visits[i].fetch_add(1);
      });
      for (int i = 0; i < count; ++i) {
        EXPECT_EQ(visits[i].load(), 1) << "index " << i << " of " << count << ", " << threads << " threads";
      }
    }
  }
}

TEST(ParallelFor, ChunksAreContiguousAndBalanced) {
  anim::ParallelFor pool(3);
  std::vector<std::pair<int, int>> chunks(3, {-1, -1});
  std::atomic<int> calls{0};
  pool.Run(10, [&](int begin, int end) {
    // 10 over 3 threads: [0, 3), [3, 6), [6, 10).
    const int slot = begin == 0 ? 0 : begin == 3 ? 1 : 2;
    chunks[slot] = {begin, end};
    calls.fetch_add(1);
  });
  EXPECT_EQ(calls.load(), 3);
  EXPECT_EQ(chunks[0], std::make_pair(0, 3));
  EXPECT_EQ(chunks[1], std::make_pair(3, 6));
  EXPECT_EQ(chunks[2], std::make_pair(6, 10));
}

TEST(ParallelFor, SecondChunkRunsOnAnotherThread) {
  anim::ParallelFor pool(2);
  const std::thread::id caller = std::this_thread::get_id();
  for (int run = 0; run < 50; ++run) {
    std::thread::id first, second;
    pool.Run(2, [&](int begin, int) { (begin == 0 ? first : second) = std::this_thread::get_id(); });
    EXPECT_EQ(first, caller);
    EXPECT_NE(second, caller);
  }
}

TEST(ParallelFor, NonPositiveThreadCountUsesTheMachinesCores) {
  anim::ParallelFor pool(0);
  EXPECT_EQ(pool.ThreadCount(), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace
