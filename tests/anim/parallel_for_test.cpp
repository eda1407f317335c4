// ParallelFor: every index is visited exactly once whatever the count and
// thread count, chunks really run on other threads, and a pool is reusable.
#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "anim/core/parallel_for.h"

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
        EXPECT_EQ(visits[i].load(), 1)
            << "index " << i << " of " << count << ", " << threads << " threads";
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
    pool.Run(2,
             [&](int begin, int) { (begin == 0 ? first : second) = std::this_thread::get_id(); });
    EXPECT_EQ(first, caller);
    EXPECT_NE(second, caller);
  }
}

// RunWithSlot names each chunk's thread: the caller is slot 0, each slot
// runs on one thread of its own, and slot t has the chunk starting at
// count * t / threads (what per-thread scratch relies on).
TEST(ParallelFor, RunWithSlotNamesEachChunksThread) {
  anim::ParallelFor pool(3);
  const std::thread::id caller = std::this_thread::get_id();
  for (int run = 0; run < 20; ++run) {
    std::vector<std::pair<int, int>> chunks(3, {-1, -1});
    std::vector<std::thread::id> ids(3);
    pool.RunWithSlot(10, [&](int slot, int begin, int end) {
      ASSERT_GE(slot, 0);
      ASSERT_LT(slot, 3);
      chunks[slot] = {begin, end};
      ids[slot] = std::this_thread::get_id();
    });
    EXPECT_EQ(chunks[0], std::make_pair(0, 3));
    EXPECT_EQ(chunks[1], std::make_pair(3, 6));
    EXPECT_EQ(chunks[2], std::make_pair(6, 10));
    EXPECT_EQ(ids[0], caller);
    EXPECT_NE(ids[1], caller);
    EXPECT_NE(ids[2], caller);
    EXPECT_NE(ids[1], ids[2]);
  }
  // One thread: everything is slot 0, inline.
  anim::ParallelFor inline_pool(1);
  int seen_slot = -1;
  inline_pool.RunWithSlot(5, [&](int slot, int begin, int end) {
    seen_slot = slot;
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 5);
  });
  EXPECT_EQ(seen_slot, 0);
}

TEST(ParallelFor, NonPositiveThreadCountUsesTheMachinesCores) {
  anim::ParallelFor pool(0);
  EXPECT_EQ(pool.ThreadCount(),
            static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace
