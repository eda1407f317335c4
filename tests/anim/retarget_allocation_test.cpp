// The retarget job runs every frame for a live retarget: this executable
// replaces the global operator new to count allocations, and the count must
// not move while the job retargets a moving clip, with and without its IK
// pass, onto a rig of other frames and proportions.
#include <gtest/gtest.h>

#include "allocation_counter.h"

#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"
#include "anim/retarget/retargeted_playback.h"
#include "retarget_rig.h"

namespace {

TEST(RetargetNoHeapAllocation, TheJobAllocatesNothingPerFrame) {
  std::vector<anim::Transform> other = retarget_test::TPoseLocals();
  for (anim::Transform& t : other) t.translation *= 1.3f;
  other[11].translation.y *= 0.8f;  // a shorter thigh
  const anim::Skeleton source =
      retarget_test::MakeRig(retarget_test::MixamoNames(), retarget_test::TPoseLocals());
  const anim::Skeleton target = retarget_test::MakeRig(retarget_test::BlenderNames(), other);
  const anim::Clip clip = retarget_test::MakeMotionClip(retarget_test::TPoseLocals());
  anim::RetargetMap map;
  std::string error;
  ASSERT_TRUE(map.Build(source, target, anim::AutoMapJoints(source, target),
                        anim::ReferenceMatch::kMatchSource, &error))
      << error;
  anim::RetargetScratch scratch;
  scratch.Prepare(map);
  anim::SoaPose source_pose, target_pose;
  source_pose.CopyFrom(source.RestPose());
  target_pose.CopyFrom(target.RestPose());
  anim::ClipCursor cursor = clip.MakeCursor();
  anim::RetargetJob job{&map, &source_pose, &target_pose, &scratch};
  job.pin_hands = true;
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 240; ++frame) {
    clip.Sample(source_pose, frame / 60.0f, anim::LoopMode::kLoop, &cursor);
    job.pin_feet = frame % 2 == 0;
    ASSERT_TRUE(job.Run());
  }
  EXPECT_EQ(test_support::AllocationCount(), before);

  // The controller over the same map.
  anim::RetargetedPlayback player;
  player.Prepare(map);
  player.Start(&clip);
  player.pin_hands = true;
  const long controller_before = test_support::AllocationCount();
  for (int frame = 0; frame < 240; ++frame) ASSERT_TRUE(player.Advance(1.0f / 60, target_pose));
  EXPECT_EQ(test_support::AllocationCount(), controller_before);
}

}  // namespace
