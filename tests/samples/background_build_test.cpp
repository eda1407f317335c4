// BackgroundBuild: a build runs on a worker while the caller goes on; a new
// Start cancels the one in progress (its `cancelled` turns true) and only
// the newest result is handed over, once. The works here wait on a gate the
// test opens, so nothing depends on how fast the worker runs.
#include "samples/background_build.h"

#include <atomic>
#include <chrono>
#include <new>
#include <thread>

#include <gtest/gtest.h>

namespace {

using samples::BackgroundBuild;

// Waits (bounded) until `done` is true.
bool WaitFor(const std::function<bool()>& done) {
  for (int i = 0; i < 30000 && !done(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return done();
}

TEST(BackgroundBuild, HandsTheResultOverOnceWhenTheWorkIsDone) {
  BackgroundBuild<int> build;
  std::atomic<bool> gate{false};
  EXPECT_FALSE(build.Busy());
  build.Start([&gate](const std::function<bool()>& cancelled) {
    while (!gate.load() && !cancelled()) std::this_thread::yield();
    return 42;
  });
  EXPECT_TRUE(build.Busy());
  EXPECT_FALSE(build.Take().has_value());  // still behind the gate
  gate = true;
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  const std::optional<int> result = build.Take();
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(*result, 42);
  EXPECT_FALSE(build.Take().has_value());  // once
}

// A build that throws (a huge clip's std::bad_alloc, say) ends without a
// result, says why, and leaves the worker free for the next build.
TEST(BackgroundBuild, AFailedBuildGivesNoResultAndSaysWhy) {
  BackgroundBuild<int> build;
  build.Start([](const std::function<bool()>&) -> int { throw std::bad_alloc(); });
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  EXPECT_EQ(build.LastFailure(), "");  // not taken yet
  EXPECT_FALSE(build.Take().has_value());
  EXPECT_EQ(build.LastFailure(), std::bad_alloc().what());
  build.Start([](const std::function<bool()>&) -> int { throw 7; });
  EXPECT_EQ(build.LastFailure(), "");  // a new build forgets the last failure
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  EXPECT_FALSE(build.Take().has_value());
  EXPECT_EQ(build.LastFailure(), "an exception that is not a std::exception");
  build.Start([](const std::function<bool()>&) { return 5; });
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  EXPECT_EQ(build.Take().value_or(-1), 5);
  EXPECT_EQ(build.LastFailure(), "");
}

TEST(BackgroundBuild, ANewStartCancelsTheBuildInProgressAndOnlyItsResultComes) {
  BackgroundBuild<int> build;
  std::atomic<bool> first_saw_cancel{false}, gate{false};
  build.Start([&first_saw_cancel](const std::function<bool()>& cancelled) {
    while (!cancelled()) std::this_thread::yield();  // ends only when cancelled
    first_saw_cancel = true;
    return 1;
  });
  build.Start([&gate](const std::function<bool()>& cancelled) {
    while (!gate.load() && !cancelled()) std::this_thread::yield();
    return 2;
  });
  EXPECT_TRUE(first_saw_cancel);  // Start waited for it
  EXPECT_FALSE(build.Take().has_value());
  gate = true;
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  EXPECT_EQ(build.Take().value_or(-1), 2);
}

TEST(BackgroundBuild, StopDropsTheBuildAndItsResult) {
  BackgroundBuild<int> build;
  build.Start([](const std::function<bool()>&) { return 7; });
  ASSERT_TRUE(WaitFor([&build] { return !build.Busy(); }));
  build.Stop();  // finished but not taken: dropped
  EXPECT_FALSE(build.Take().has_value());
  std::atomic<bool> saw_cancel{false};
  build.Start([&saw_cancel](const std::function<bool()>& cancelled) {
    while (!cancelled()) std::this_thread::yield();
    saw_cancel = true;
    return 8;
  });
  build.Stop();
  EXPECT_TRUE(saw_cancel);
  EXPECT_FALSE(build.Busy());
  EXPECT_FALSE(build.Take().has_value());
}

}  // namespace
