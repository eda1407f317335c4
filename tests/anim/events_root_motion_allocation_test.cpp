// The per-frame calls of clip events and root motion allocate nothing:
// thousands of steps of every loop mode and rate, with a buffer that fills
// up, counted through the replaced operator new.
#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/clips/clip_events.h"
#include "anim/clips/root_motion.h"
#include "anim/offline/pose.h"

namespace {

TEST(EventsAndRootMotionAllocation, PerFrameCallsAllocateNothing) {
  anim::Transform root;
  const anim::Pose rest({root}, {-1});
  const anim::Skeleton skeleton = anim::SkeletonOf({"Hips"}, rest, rest, {glm::mat4(1.0f)});
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(
      anim::Interpolation::kLinear, {0.0f, 0.5f, 1.0f},
      {glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.5f), glm::vec3(2.0f, 0.0f, 0.0f)});
  anim::Clip clip("c", {jt});
  clip.SetEvents({{0.0f, "left"}, {0.5f, "right"}, {1.0f, "end"}});
  const anim::RootMotion motion = anim::RootMotion::FromClip(skeleton, clip, 0);
  ASSERT_EQ(motion.GetSource(), anim::RootMotion::Source::kExtracted);
  anim::EventBuffer events(8);
  anim::SoaPose pose(rest);
  glm::vec3 position(0.0f);
  float yaw = 0.0f;
  int fired = 0;

  const long before = test_support::AllocationCount();
  for (anim::LoopMode mode :
       {anim::LoopMode::kLoop, anim::LoopMode::kPingPong, anim::LoopMode::kClamp}) {
    float time = 0.0f;
    for (int frame = 0; frame < 3000; ++frame) {
      const double delta = (frame % 7 == 0 ? -1.0 : 1.0) * (frame % 50 == 0 ? 9.3 : 1.0 / 60);
      events.Clear();
      anim::CollectCrossedEvents(clip, mode, time, delta, 1.0f, events);
      fired += static_cast<int>(events.Events().size()) + events.Dropped();
      anim::ApplyMotion(motion.Delta(time, delta, mode), position, yaw);
      time = clip.WrapTime(static_cast<float>(time + delta), mode);
      clip.Sample(pose, time, mode);
      motion.RemoveFromPose(pose, skeleton, clip.SampleTime(time, mode));
    }
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
  EXPECT_GT(fired, 1000);
}

}  // namespace
