// ParallelFor: every index is visited exactly once whatever the count and
// thread count, each thread runs its own share unless one is late, blocks
// really run on other threads, and a pool is reusable.
#include <atomic>
#include <chrono>
#include <mutex>
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

// Each thread starts on its own share: thread t's first block is the one
// at count * t / threads, a 32nd of a share long. (Every thread waits in
// its first block until all three are in theirs, so none can take
// another's share before that thread's first claim.)
TEST(ParallelFor, EachThreadStartsOnItsOwnShareInBlocks) {
  anim::ParallelFor pool(3);
  const int count = 3 * 32 * 4;  // shares of 128, blocks of 4
  for (int run = 0; run < 10; ++run) {
    std::vector<std::pair<int, int>> first(3, {-1, -1});
    std::atomic<int> started{0};
    std::atomic<int> visited{0};
    pool.RunWithSlot(count, [&](int slot, int begin, int end) {
      if (first[slot].first < 0) {
        first[slot] = {begin, end};
        started.fetch_add(1);
        while (started.load() < 3) std::this_thread::yield();
      }
      visited.fetch_add(end - begin);
    });
    EXPECT_EQ(visited.load(), count);
    for (int t = 0; t < 3; ++t) {
      EXPECT_EQ(first[t], std::make_pair(128 * t, 128 * t + 4)) << "thread " << t;
    }
  }
}

// A thread that is late (asleep here in its first block, as a thread of a
// loaded machine or VM may be for milliseconds) does not hold up the run:
// the caller runs its own share and everything of the late thread's but
// the one block it holds.
TEST(ParallelFor, ALateThreadsShareIsTakenByTheOthers) {
  anim::ParallelFor pool(2);
  const int count = 2 * 32 * 10;  // shares of 320, blocks of 10
  std::vector<std::atomic<int>> visits(count);
  std::atomic<int> by_caller{0}, by_worker{0};
  pool.RunWithSlot(count, [&](int slot, int begin, int end) {
    if (slot == 1) {
      by_worker.fetch_add(end - begin);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
    } else {
      by_caller.fetch_add(end - begin);
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    for (int i = begin; i < end; ++i) visits[i].fetch_add(1);
  });
  for (int i = 0; i < count; ++i) ASSERT_EQ(visits[i].load(), 1) << i;
  EXPECT_LE(by_worker.load(), 10);
  EXPECT_GE(by_caller.load(), count - 10);
}

// RunWithSlot names each block's thread: the caller is slot 0, and each
// slot runs on one thread of its own, never the caller's (what per-thread
// scratch relies on).
TEST(ParallelFor, RunWithSlotNamesEachBlocksThread) {
  anim::ParallelFor pool(3);
  const std::thread::id caller = std::this_thread::get_id();
  for (int run = 0; run < 20; ++run) {
    std::mutex mutex;
    std::vector<std::vector<std::thread::id>> ids(3);
    pool.RunWithSlot(1000, [&](int slot, int, int) {
      ASSERT_GE(slot, 0);
      ASSERT_LT(slot, 3);
      const std::lock_guard<std::mutex> lock(mutex);
      ids[slot].push_back(std::this_thread::get_id());
    });
    for (const std::thread::id id : ids[0]) EXPECT_EQ(id, caller);
    for (int slot = 1; slot < 3; ++slot) {
      for (const std::thread::id id : ids[slot]) {
        EXPECT_NE(id, caller);
        EXPECT_EQ(id, ids[slot].front());
      }
    }
    if (!ids[1].empty() && !ids[2].empty()) {
      EXPECT_NE(ids[1].front(), ids[2].front());
    }
  }
  // One thread: everything is slot 0, inline, in one call.
  anim::ParallelFor inline_pool(1);
  int calls = 0;
  inline_pool.RunWithSlot(5, [&](int slot, int begin, int end) {
    ++calls;
    EXPECT_EQ(slot, 0);
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 5);
  });
  EXPECT_EQ(calls, 1);
}

// Workers really run blocks: over many runs, a worker's slot runs some.
TEST(ParallelFor, WorkersTakeBlocks) {
  anim::ParallelFor pool(2);
  std::atomic<int> by_worker{0};
  for (int run = 0; run < 200 && by_worker.load() == 0; ++run) {
    pool.RunWithSlot(64, [&](int slot, int begin, int end) {
      if (slot == 1) by_worker.fetch_add(end - begin);
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    });
  }
  EXPECT_GT(by_worker.load(), 0);
}

TEST(ParallelFor, NonPositiveThreadCountUsesTheMachinesCores) {
  anim::ParallelFor pool(0);
  EXPECT_EQ(pool.ThreadCount(),
            static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace
