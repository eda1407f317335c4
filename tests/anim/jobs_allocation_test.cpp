// Validate() and Run() of every job allocate nothing when the job is valid
// (global operator new is replaced in this executable to count): a check
// per frame costs a handful of comparisons, never a message.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "allocation_counter.h"

#include "anim/blending/additive_jobs.h"
#include "anim/blending/blending_jobs.h"
#include "anim/blending/mirror_job.h"
#include "anim/clips/sampling_job.h"
#include "anim/compression/compressed_sampling_job.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/clip_builder.h"
#include "test_rig.h"

namespace {

TEST(JobsAllocation, ValidJobsAllocateNothing) {
  const anim::Skeleton skeleton = anim_test::MakeTestSkeleton();
  anim::SoaPose a = skeleton.RestPose(), b = a, out = a;
  std::vector<glm::mat4> model(4), palette(4);
  const std::vector<float> joint_weights(4, 0.5f);
  const anim::SoaBlendLayer layers[] = {{&a, 1.0f, {}}, {&b, 2.0f, joint_weights}};
  const anim::Skeleton legs = anim_test::MakeTwoLegSkeleton();
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(legs, &error)) << error;
  anim::SoaPose legs_pose = legs.RestPose();
  anim::JointTracks jt;
  jt.joint = 1;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                     {glm::vec3(0.0f), glm::vec3(1.0f)});
  const anim::Clip clip("walk", {jt});
  anim::ClipCursor cursor = clip.MakeCursor();
  const anim::CompressedClip compressed = anim::BuildCompressedClip(clip, skeleton);
  anim::CompressedClipContext context(compressed);

  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 100; ++frame) {
    const float t = 0.01f * static_cast<float>(frame);
    EXPECT_TRUE((anim::SamplingJob{&clip, t, anim::LoopMode::kLoop, &cursor, &a}.Run()));
    EXPECT_TRUE((anim::CompressedSamplingJob{&compressed, t, &context, &b}.Run()));
    EXPECT_TRUE((anim::BlendJob{&a, &b, 0.3f, {}, &out}.Run()));
    EXPECT_TRUE((anim::BlendJob{&a, &b, 0.3f, joint_weights, &out}.Run()));
    EXPECT_TRUE((anim::LayerBlendJob{layers, &a, 0.1f, &out}.Run()));
    EXPECT_TRUE((anim::AdditiveJob{&out, &a, &b, 0.5f, &out}.Run()));
    EXPECT_TRUE((anim::SubtractJob{&a, &b, &out}.Run()));
    EXPECT_TRUE((anim::AddDifferenceJob{&a, &out, 0.5f, &out}.Run()));
    EXPECT_TRUE((anim::MirrorJob{&map, legs.Parents(), &legs_pose, &legs_pose}.Run()));
    EXPECT_TRUE((anim::LocalToModelJob{&skeleton, &out, model}.Run()));
    EXPECT_TRUE((anim::PaletteJob{&skeleton, &out, model, palette}.Run()));
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
}

}  // namespace
