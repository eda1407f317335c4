// The clip builder on rigs larger and deeper than a character's, where it
// takes its linear-cost paths (bit_rate_search.cpp): tracks whose subtrees
// cost the most keep the equal-share start instead of being searched one by
// one. Judged as every
// compressed clip is, by the raw clip's sampler and glm products
// (compression_fixture.h), not by the builder's own error metric.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/offline/clip_builder.h"
#include "anim/offline/pose.h"
#include "compression_fixture.h"

namespace {

using compression_test::ErrorAt;

constexpr float kTolerance = 1e-4f;

// Every joint of `skeleton` turning about z, `keys` keys over one second,
// each joint in its own phase.
anim::Clip Curl(const anim::Skeleton& skeleton, int keys, float amplitude) {
  std::vector<float> times;
  for (int k = 0; k < keys; ++k) times.push_back(static_cast<float>(k) / (keys - 1));
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < skeleton.JointCount(); ++j) {
    std::vector<glm::quat> q;
    for (const float t : times) {
      const float angle = amplitude * std::sin(6.2831853f * t + 0.37f * static_cast<float>(j));
      q.push_back(glm::angleAxis(angle, glm::vec3(0.0f, 0.0f, 1.0f)));
    }
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    tracks.push_back(std::move(jt));
  }
  return anim::Clip("curl", std::move(tracks));
}

// Two chains of `each` joints under one root, their joints numbered in
// turn (1 and 2 start the chains, 3 is below 1, 4 below 2...): parents come
// before children, but no subtree is a run of consecutive joint numbers.
anim::Skeleton InterleavedChains(int each, float bone) {
  std::vector<std::string> names{"root"};
  std::vector<anim::Transform> locals(1);
  std::vector<int> parents{-1};
  for (int i = 0; i < 2 * each; ++i) {
    const int joint = static_cast<int>(parents.size());
    names.push_back("j" + std::to_string(joint));
    parents.push_back(joint <= 2 ? 0 : joint - 2);
    anim::Transform t;
    t.translation = glm::vec3(joint % 2 == 0 ? bone : -bone, bone, 0.0f);
    locals.push_back(t);
  }
  anim::Pose rest(locals, parents);
  const auto n = static_cast<int>(parents.size());
  return anim::SkeletonOf(names, rest, rest, std::vector<glm::mat4>(n, glm::mat4(1.0f)));
}

void ExpectWithinTolerance(const anim::Clip& raw, const anim::CompressedClip& clip,
                           const anim::Skeleton& skeleton) {
  anim::CompressedClipContext context(clip);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> any(raw.StartTime(), raw.EndTime());
  for (int i = 0; i < 40; ++i) {
    const float t = i < 20 ? static_cast<float>(i) / 19.0f : any(random);
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance * 1.001f) << t;
  }
}

TEST(CompressionDeepRig, ALongChainIsSearchedWithinTheToleranceAndSmallerThanFixedSteps) {
  // 300 joints: the sum of subtree sizes (45,150) is
  // past what is searched track by track, so the upper tracks keep the start.
  const anim::Skeleton skeleton = compression_test::ChainSkeleton(300, 0.02f);
  const anim::Clip raw = Curl(skeleton, 17, 0.02f);
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_LE(report.error.max_error, kTolerance);
  ExpectWithinTolerance(raw, clip, skeleton);
  // The search saved bits: at least a third under every component at 16 bits.
  anim::CompressionSettings fixed;
  fixed.bits = 16;
  anim::CompressionReport fixed_report;
  anim::BuildCompressedClip(raw, skeleton, fixed, &fixed_report);
  EXPECT_LT(report.compressed_bytes * 3, fixed_report.compressed_bytes * 2)
      << report.compressed_bytes << " against " << fixed_report.compressed_bytes;
}

TEST(CompressionDeepRig, SubtreesThatAreNotRunsOfJointNumbersAreSearchedWhole) {
  // The search recomputes a moved joint's subtree only: here no subtree is
  // a run of joint numbers, so taking one for it would leave joints of the
  // other chain stale, and the search would accept steps that put them
  // over its target. One pass (no measure-and-tighten to hide it): at the
  // sample times, where the search measures, every joint is within.
  const anim::Skeleton skeleton = InterleavedChains(60, 0.02f);
  const anim::Clip raw = Curl(skeleton, 17, 0.05f);
  anim::CompressionSettings one_pass;
  one_pass.max_passes = 1;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, one_pass);
  anim::CompressedClipContext context(clip);
  for (int k = 0; k < 17; ++k) {
    const float t = static_cast<float>(k) / 16.0f;
    EXPECT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << t;
  }
}

TEST(CompressionDeepRig, AHugeChainsRootTurnIsNotTakenForAConstant) {
  // 3,000 joints 1 cm apart: over the 2^22 joint-to-ancestor links past
  // which each joint's reach (how far its turn moves the points below it)
  // is bounded through its children instead of measured. The root turns by
  // 2e-5 radians: a constant by the reach of its own points (3 cm), but 30 m
  // of chain above it move by 0.6 mm, so it must stay a track.
  const anim::Skeleton skeleton = compression_test::ChainSkeleton(3000, 0.01f);
  std::vector<float> times;
  std::vector<glm::quat> turns;
  for (int k = 0; k < 9; ++k) {
    times.push_back(static_cast<float>(k) / 8.0f);
    turns.push_back(glm::angleAxis(2e-5f * std::sin(0.785f * k), glm::vec3(0.0f, 0.0f, 1.0f)));
  }
  anim::JointTracks root;
  root.joint = 0;
  root.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, turns);
  const anim::Clip raw("sway", {root});
  anim::CompressionReport report;
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, {}, &report);
  EXPECT_EQ(report.animated_tracks, 1);
  EXPECT_EQ(report.constant_channels, 0);
  anim::CompressedClipContext context(clip);
  for (const float t : {0.0f, 0.3f, 0.5f, 0.8f}) {
    EXPECT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << t;
  }
}

TEST(CompressionDeepRig, WorkingBytesCountEveryJointAtEverySample) {
  // 1,000 joints, 33 sample times, segments of 32: two poses of every joint
  // at every sample (80 bytes a joint), per searching thread (no more than
  // the two segments: the builder's pool has no more) a segment's
  // search state (248 bytes a joint a sample: its local transform, two
  // matrices, the reference's four virtual points and three scales, the
  // error, and the compensation's reference rotation) and what a trial
  // keeps to undo it (172 bytes a joint a sample: a transform, two matrices
  // and an error; 13 per track a sample: its stored components), every
  // track's stored samples (13 bytes each), and less than a tenth more for
  // the channels' keys and the per-joint tables.
  const anim::Skeleton skeleton = compression_test::ChainSkeleton(1000, 0.02f);
  const anim::Clip raw = Curl(skeleton, 33, 0.02f);
  const double poses = 33.0 * 1000 * 2 * sizeof(anim::Transform);
  const double search = 32.0 * 1000 *
                        (sizeof(anim::Transform) + 2 * sizeof(glm::mat4) + 15 * sizeof(float) + 4 +
                         sizeof(glm::quat));
  const double undo = 32.0 * 1000 * (sizeof(anim::Transform) + 2 * sizeof(glm::mat4) + 4 + 13);
  const double tracks = 33.0 * 1000 * 13;  // per sample, three stored components and an index
  for (const int threads : {1, 2, 3}) {
    anim::CompressionSettings settings;
    settings.threads = threads;
    const double expected = poses + std::min(threads, 2) * (search + undo) + tracks;
    const double bytes =
        static_cast<double>(anim::CompressionWorkingBytes(raw, skeleton, settings));
    EXPECT_GE(bytes, expected) << threads << " threads";
    EXPECT_LE(bytes, expected * 1.1) << threads << " threads";
  }
  // One segment: searched on one thread, however many are allowed.
  const anim::Clip short_clip = Curl(skeleton, 20, 0.02f);
  anim::CompressionSettings many;
  many.threads = 8;
  EXPECT_EQ(anim::CompressionWorkingBytes(short_clip, skeleton, many),
            anim::CompressionWorkingBytes(short_clip, skeleton, {}));
}

}  // namespace
