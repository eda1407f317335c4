// Proves the per-frame path allocates nothing: global operator new is
// replaced in this executable to count every allocation, and the count must
// not move while many frames of playback, cross-fades, synced blends,
// additive layers and palette updates run.
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>

#include "allocation_counter.h"

#include "anim/additive.h"
#include "anim/cross_fade_controller.h"
#include "anim/layer_blend.h"
#include "anim/parallel_for.h"
#include "anim/synced_blend.h"
#include "test_rig.h"
#include "test_util.h"


namespace {

using namespace anim_test;

TEST(NoHeapAllocation, PerFramePathAllocatesNothing) {
  const anim::Skeleton s = MakeTestSkeleton();
  const anim::Clip walk = MakeSlideClip("walk", 1.1f, 0, 1);
  const anim::Clip run = MakeSlideClip("run", 0.7f, 0, 2);
  const anim::Clip lean = MakeHoldRotationClip("lean", 1, AxisAngle(20, {0, 0, 1}));

  // Set-up may allocate.
  anim::CrossFadeController cf(s);
  anim::SyncedBlend synced(s);
  anim::Pose synced_pose = s.RestPose(), layered = s.RestPose(), additive = s.RestPose();
  const anim::Pose lean_base = anim::MakeAdditivePose(s, lean);
  anim::Pose lean_pose = s.RestPose();
  anim::Playback lean_playback;
  lean_playback.Start(&lean);
  std::vector<glm::mat4> model(s.JointCount()), palette(s.JointCount());
  cf.Play(&walk);
  synced.Start(&walk, &run);
  anim::FadeOptions fade;
  fade.duration = 0.3f;

  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 2000; ++frame) {
    if (frame % 50 == 0) cf.FadeTo(frame % 100 == 0 ? &run : &walk, fade);
    cf.Update(1.0f / 60);
    synced.Update(1.0f / 60, 0.5f + 0.5f * std::sin(frame * 0.01f), synced_pose);
    const anim::BlendLayer layers[] = {{&cf.CurrentPose(), 0.7f}, {&synced_pose, 0.3f}};
    anim::BlendLayers(layered, layers, s.RestPose());
    lean_playback.Advance(1.0f / 60, lean_pose);
    anim::Add(additive, layered, lean_pose, lean_base, -1, 0.5f);
    anim::ComputePalette(s, additive, model, palette);
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
}

TEST(NoHeapAllocation, ParallelForRunAllocatesNothing) {
  anim::ParallelFor pool(2);  // starting the workers may allocate
  std::vector<float> values(1000, 1.0f);
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 500; ++frame) {
    pool.Run(static_cast<int>(values.size()), [&](int begin, int end) {
      for (int i = begin; i < end; ++i) values[i] *= 1.0001f;
    });
  }
  EXPECT_EQ(test_support::AllocationCount() - before, 0);
  EXPECT_NEAR(values.front(), std::pow(1.0001f, 500.0f), 1e-3f);
  EXPECT_NEAR(values.back(), std::pow(1.0001f, 500.0f), 1e-3f);
}

}  // namespace
