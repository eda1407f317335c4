// What a Clip keeps besides its tracks for sampling: one key-time array,
// whether its tracks share their key times (the array the structure-of-
// arrays table samples at is then the shared one, not a copy of it) or keep
// their own (the table's merged times). Counted as the arrays a copy of the
// clip allocates: one per non-empty vector it holds.
#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/clips/clip.h"
#include "test_util.h"

namespace {

// Joints 0 and 1, each with a LINEAR translation and rotation; joint 1's
// keys at `joint1_times` (three of them).
anim::Clip TwoJointClip(const std::vector<float>& joint1_times) {
  const std::vector<float> times0 = {0.0f, 0.5f, 1.0f};
  std::vector<anim::JointTracks> tracks(2);
  for (int j = 0; j < 2; ++j) {
    const std::vector<float>& times = j == 0 ? times0 : joint1_times;
    tracks[j].joint = j;
    tracks[j].translation =
        anim::VectorTrack(anim::Interpolation::kLinear, times, {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}});
    tracks[j].rotation =
        anim::QuaternionTrack(anim::Interpolation::kLinear, times,
                              {glm::quat(1, 0, 0, 0), anim_test::AxisAngle(20.0f, {0, 0, 1}),
                               anim_test::AxisAngle(40.0f, {0, 0, 1})});
  }
  return anim::Clip("two", std::move(tracks));
}

long AllocationsToCopy(const anim::Clip& clip) {
  const long before = test_support::AllocationCount();
  const anim::Clip copy = clip;
  const long allocations = test_support::AllocationCount() - before;
  EXPECT_EQ(copy.SoaKeyBytes(), clip.SoaKeyBytes());
  return allocations;
}

TEST(ClipMemory, OneKeyTimeArrayWhetherTheTracksShareTheirTimesOrNot) {
  const anim::Clip shared = TwoJointClip({0.0f, 0.5f, 1.0f});
  const anim::Clip own = TwoJointClip({0.0f, 0.25f, 1.0f});  // merged: 0, 0.25, 0.5, 1
  // The layouts are what the test says: one shares its times, the other
  // does not (a cursor per track), and both sample from a table.
  ASSERT_TRUE(shared.MakeCursor().keys.empty());
  ASSERT_EQ(own.MakeCursor().keys.size(), 6u);
  ASSERT_GT(shared.SoaKeyBytes(), 0u);
  ASSERT_GT(own.SoaKeyBytes(), 0u);
  // The same tracks (the track list, and times and values for each of the
  // four tracks: 9 arrays) and the same table arrays: so the same count,
  // one time array each, if the shared times are not copied for the table.
  const long shared_copy = AllocationsToCopy(shared);
  const long own_copy = AllocationsToCopy(own);
  EXPECT_EQ(shared_copy, own_copy);
  EXPECT_GT(shared_copy, 9 + 1);  // tracks, a time array, the table
}

}  // namespace
