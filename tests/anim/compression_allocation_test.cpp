// Sampling a compressed clip allocates nothing once its context is bound:
// global operator new is replaced in this executable to count allocations,
// over forward play with loop wraps, backward play and random seeks; nor
// does a CrowdAnimator update of raw and compressed characters, nor a frame
// of a graph whose clip nodes play compressed clips.
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/core/parallel_for.h"
#include "anim/graph/graph_instance.h"
#include "anim/offline/clip_builder.h"
#include "compression_fixture.h"
#include "crowd_compressed_fixture.h"
#include "graph_compressed_fixture.h"

namespace {

TEST(CompressionAllocation, SamplingAllocatesNothing) {
  const anim::Skeleton skeleton = compression_test::ChainSkeleton(12);
  std::vector<anim::JointTracks> tracks;
  std::vector<float> times;
  for (int k = 0; k <= 90; ++k) times.push_back(static_cast<float>(k) / 30.0f);
  for (int j = 0; j < 12; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    std::vector<glm::quat> q;
    std::vector<glm::vec3> p;
    for (float t : times) {
      q.push_back(glm::angleAxis(0.5f * std::sin(3.0f * t + j), glm::vec3(0.0f, 0.0f, 1.0f)));
      p.push_back(glm::vec3(0.1f * std::sin(2.0f * t), 0.5f, 0.0f));
    }
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, p);
    tracks.push_back(jt);
  }
  const anim::Clip raw("wave", tracks);
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  ASSERT_GT(clip.TrackCount(), 12);
  anim::CompressedClipContext context(clip);
  const anim::SoaPose rest(skeleton.RestPose());
  anim::SoaPose pose(skeleton.RestPose());
  std::mt19937 random(5);
  std::uniform_real_distribution<float> any(0.0f, 3.0f);

  const long before = test_support::AllocationCount();
  float checksum = 0.0f;
  for (int frame = 0; frame < 3000; ++frame) {
    float t = std::fmod(static_cast<float>(frame) / 60.0f, 3.0f);  // wraps
    if (frame % 500 > 400) t = 3.0f - t;                           // backward
    if (frame % 97 == 0) t = any(random);                          // seeks
    pose.CopyFrom(rest);
    anim::SampleCompressedClip(clip, t, context, pose);
    checksum += pose.Channel(anim::kQz)[5];
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
  EXPECT_TRUE(std::isfinite(checksum));
}

// A crowd of compressed characters (one clip, two blended, an additive
// layer, forward and backward, every loop mode) among raw ones, on two
// threads through the ParallelFor adapter, frame after frame.
TEST(CompressionAllocation, CrowdAnimatorUpdateOfCompressedCharactersAllocatesNothing) {
  const crowd_compressed_test::Fixture f;
  constexpr int kCount = 48;
  const anim::LoopMode modes[] = {anim::LoopMode::kLoop, anim::LoopMode::kPingPong,
                                  anim::LoopMode::kClamp};
  std::vector<crowd_compressed_test::CharacterSpec> specs(kCount);
  for (int i = 0; i < kCount; ++i) {
    crowd_compressed_test::CharacterSpec& s = specs[i];
    s.a = {i % 4, i % 5 != 0, modes[i % 3], i % 2 ? -0.9f : 1.1f, 0.05f * static_cast<float>(i)};
    if (i % 2 == 0) s.b = {(i + 1) % 4, i % 3 != 0, anim::LoopMode::kLoop, 1.3f, 0.2f};
    s.weight = 0.4f;
    if (i % 3 == 0) s.additive = {crowd_compressed_test::kLean, i % 2 == 0};
    s.local_pose = i % 7 == 0;
  }
  crowd_compressed_test::Crowd crowd(f, specs);
  anim::ParallelFor pool(2);
  anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
  anim::CrowdAnimator animator(f.skeleton, jobs.WorkerCount());
  animator.Update(crowd.characters, 0.0f, jobs);  // first use of each thread

  long allocations = 0;
  int animated = 0;
  for (int frame = 0; frame < 300; ++frame) {
    const float dt = frame % 50 == 49 ? 1.7f : 1.0f / 60.0f;  // long steps past loop ends
    const long before = test_support::AllocationCount();
    animated += animator.Update(crowd.characters, dt, jobs);
    allocations += test_support::AllocationCount() - before;
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(animated, 300 * kCount);
}

// Graph characters on compressed clips (a state machine's transitions, a
// blend, a ping-pong clip played backward, root motion, a single frame):
// one AnimationGraph, and a crowd of instances of one definition through
// CrowdAnimator on two threads.
TEST(CompressionAllocation, GraphFramesOnCompressedClipsAllocateNothing) {
  const graph_compressed_test::Clips c;
  anim::AnimationGraph graph(c.skeleton);
  const graph_compressed_test::LocomotionParams p =
      graph_compressed_test::BuildLocomotionGraph(graph, c, true);
  anim::GraphDefinition definition(c.skeleton);
  const graph_compressed_test::LocomotionParams dp =
      graph_compressed_test::BuildLocomotionGraph(definition, c, true);
  constexpr int kCount = 24;
  std::vector<anim::GraphInstance> instances;
  std::string error;
  for (int i = 0; i < kCount; ++i) {
    std::optional<anim::GraphInstance> one = anim::GraphInstance::Create(definition, &error);
    ASSERT_TRUE(one) << error;
    instances.push_back(std::move(*one));
  }
  std::vector<anim::CrowdCharacter> characters(kCount);
  std::vector<std::vector<glm::mat4>> palettes(kCount,
                                               std::vector<glm::mat4>(c.skeleton.JointCount()));
  for (int i = 0; i < kCount; ++i) {
    characters[i].graph = &instances[i];
    characters[i].palette = palettes[i];
  }
  anim::ParallelFor pool(2);
  anim::ParallelForJobs jobs(pool, /*min_per_worker=*/1);
  anim::CrowdAnimator animator(c.skeleton, jobs.WorkerCount());
  ASSERT_TRUE(animator.PrepareGraphs(definition, &error)) << error;
  graph.Update(0.0f);                       // validates the graph once
  animator.Update(characters, 0.0f, jobs);  // first use of each thread

  long allocations = 0;
  for (int frame = 0; frame < 480; ++frame) {
    const bool moving = (frame / 60) % 2 == 1;  // a transition every second
    const float mix = 0.5f + 0.5f * std::sin(0.05f * static_cast<float>(frame));
    const long before = test_support::AllocationCount();
    graph.Params().Set(p.moving, moving ? 1.0f : 0.0f);
    graph.Params().Set(p.mix, mix);
    graph.Update(1.0f / 60.0f);
    for (int i = 0; i < kCount; ++i) {
      instances[i].Params().Set(dp.moving, (frame + 7 * i) / 60 % 2 == 1 ? 1.0f : 0.0f);
      instances[i].Params().Set(dp.mix, mix);
    }
    animator.Update(characters, 1.0f / 60.0f, jobs);
    allocations += test_support::AllocationCount() - before;
  }
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(graph.Error(), "");
}

}  // namespace
