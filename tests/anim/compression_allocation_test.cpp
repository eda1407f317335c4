// Sampling a compressed clip allocates nothing once its context is bound:
// global operator new is replaced in this executable to count allocations,
// over forward play with loop wraps, backward play and random seeks.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/compression/clip_builder.h"
#include "compression_fixture.h"

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
  ASSERT_GT(clip.Tracks().size(), 12u);
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

}  // namespace
