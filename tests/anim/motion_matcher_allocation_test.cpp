// MotionMatcher::Update allocates nothing: searches, switches and
// inertialization included, once the matcher is built.
#include <gtest/gtest.h>

#include "motion_matching_fixture.h"
#include "tests/support/allocation_counter.h"

namespace {

TEST(MotionMatcherNoHeapAllocation, DrivingAllocatesNothingPerFrame) {
  anim_test::StandOrWalk s;
  const long before = test_support::AllocationCount();
  for (int i = 0; i < 600; ++i) {
    // Walk, stop, walk back: switches every second.
    const float v = (i / 60) % 3 == 0 ? 0.0f : ((i / 60) % 3 == 1 ? 1.0f : -1.0f);
    s.matcher->Update(1.0f / 60.0f, anim::DesiredMotion{{0.0f, v}, 0.0f}, s.settings);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_GE(s.matcher->Switches(), 5);
}

}  // namespace
