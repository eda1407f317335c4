// Closed-loop quantisation (CompressionSettings::compensate) and the
// smallest-three encoding it rewrites samples with:
//   - EncodeSmallestThree against components worked out by hand, and back
//     through DecodeSmallestThree;
//   - a chain of long bones whose every joint turns with noise: compensated
//     and not, both within the tolerance wherever playback goes, the
//     compensated clip at least a tenth smaller (its root's error no longer
//     turns the whole chain), and its rotation tracks below the root store
//     samples off the raw ones (the parent's error undone), the root's not.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim/compression/clip_builder.h"
#include "compression_fixture.h"

namespace {

using namespace compression_test;

constexpr float kTolerance = 1e-4f;

TEST(SmallestThreeTest, DropsTheLargestMadePositive) {
  // |y| is largest and negative: the stored three are -x, -z, -w.
  const glm::quat q = glm::normalize(glm::quat(0.5f, 0.1f, -0.8f, 0.3f));  // w, x, y, z
  float stored[3];
  std::uint8_t largest = 9;
  anim::EncodeSmallestThree(q, anim::kPerKeyLargest, stored, &largest);
  EXPECT_EQ(largest, 1);
  EXPECT_FLOAT_EQ(stored[0], -q.x);
  EXPECT_FLOAT_EQ(stored[1], -q.z);
  EXPECT_FLOAT_EQ(stored[2], -q.w);
  float back[4];
  anim::DecodeSmallestThree(stored, largest, back);
  EXPECT_NEAR(back[0], -q.x, 1e-6f);
  EXPECT_NEAR(back[1], -q.y, 1e-6f);
  EXPECT_NEAR(back[2], -q.z, 1e-6f);
  EXPECT_NEAR(back[3], -q.w, 1e-6f);
}

TEST(SmallestThreeTest, FixedLargestDropsThatComponent) {
  // w is dropped whatever is largest; it is positive, so nothing flips.
  const glm::quat q = glm::normalize(glm::quat(0.6f, 0.7f, 0.2f, -0.1f));
  float stored[3];
  std::uint8_t largest = 9;
  anim::EncodeSmallestThree(q, 3, stored, &largest);
  EXPECT_EQ(largest, 3);
  EXPECT_FLOAT_EQ(stored[0], q.x);
  EXPECT_FLOAT_EQ(stored[1], q.y);
  EXPECT_FLOAT_EQ(stored[2], q.z);
}

// Eight joints 0.5 m apart, each turning about its own axis with a slow
// swing and per-sample noise (as motion capture has), 30 samples a second.
anim::Clip NoisyChainClip(int joints) {
  std::mt19937 random(7);
  std::normal_distribution<float> noise(0.0f, 0.004f);
  std::vector<float> times;
  for (int i = 0; i <= 60; ++i) times.push_back(static_cast<float>(i) / 30.0f);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < joints; ++j) {
    const glm::vec3 axis = glm::normalize(glm::vec3(1.0f, 0.4f * j, 0.3f));
    std::vector<glm::quat> q;
    for (float t : times) {
      q.push_back(glm::angleAxis(0.4f * std::sin(2.0f * t + j) + noise(random), axis));
    }
    anim::JointTracks jt;
    jt.joint = j;
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    tracks.push_back(jt);
  }
  return anim::Clip("noisy chain", tracks);
}

void ExpectWithinTolerance(const anim::Clip& raw, const anim::CompressedClip& clip,
                           const anim::Skeleton& skeleton) {
  anim::CompressedClipContext context(clip);
  for (int i = 0; i <= 400; ++i) {  // forward, between and on samples
    const float t = raw.Duration() * static_cast<float>(i) / 400.0f;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << "t = " << t;
  }
  for (int i = 400; i >= 0; i -= 7) {  // backward
    const float t = raw.Duration() * static_cast<float>(i) / 400.0f;
    ASSERT_LE(ErrorAt(raw, clip, skeleton, t, context), kTolerance) << "t = " << t;
  }
}

TEST(CompensationTest, ChainWithinToleranceAndSmallerThanWithout) {
  const int joints = 8;
  const anim::Skeleton skeleton = ChainSkeleton(joints, 0.5f);
  const anim::Clip raw = NoisyChainClip(joints);
  anim::CompressionSettings open_loop;
  open_loop.compensate = false;
  anim::CompressionReport with, without;
  const anim::CompressedClip compensated = anim::BuildCompressedClip(raw, skeleton, {}, &with);
  const anim::CompressedClip plain = anim::BuildCompressedClip(raw, skeleton, open_loop, &without);
  EXPECT_LE(with.error.max_error, kTolerance);
  EXPECT_LE(without.error.max_error, kTolerance);
  ExpectWithinTolerance(raw, compensated, skeleton);
  ExpectWithinTolerance(raw, plain, skeleton);
  EXPECT_LT(with.compressed_bytes * 10, without.compressed_bytes * 9)
      << with.compressed_bytes << " compensated against " << without.compressed_bytes;
}

TEST(CompensationTest, TracksBelowTheRootStoreTheirParentsErrorUndone) {
  const int joints = 4;
  const anim::Skeleton skeleton = ChainSkeleton(joints, 0.5f);
  const anim::Clip raw = NoisyChainClip(joints);
  const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton);
  // Each decoded key against the raw local rotation at its sample time: the
  // root's differs only by its own rounding; a child's also by its parent's
  // decoded error, which it undoes, so its model-space orientation (parent
  // decoded times child decoded) is as close to the raw one as the root's.
  float worst_local_child = 0.0f, worst_model_child = 0.0f, worst_root = 0.0f;
  anim::Pose raw_pose = skeleton.RestPose();
  for (int s = 0; s < clip.SampleCount(); ++s) {
    const float t = clip.SampleTime(s);
    raw.Sample(raw_pose, t, anim::LoopMode::kClamp);
    std::vector<glm::quat> decoded(joints), raw_model(joints), decoded_model(joints);
    for (std::size_t k = 0; k < clip.Tracks().size(); ++k) {
      float v[4];
      clip.DecodeKey(static_cast<int>(k), s, v);
      decoded[clip.Tracks()[k].joint] = glm::quat(v[3], v[0], v[1], v[2]);
    }
    for (int j = 0; j < joints; ++j) {
      const glm::quat r = raw_pose.Local(j).rotation;
      raw_model[j] = j == 0 ? r : raw_model[j - 1] * r;
      decoded_model[j] = j == 0 ? decoded[j] : decoded_model[j - 1] * decoded[j];
    }
    auto angle = [](const glm::quat& a, const glm::quat& b) {
      return 2.0f * std::acos(std::min(1.0f, std::abs(glm::dot(a, b))));
    };
    worst_root = std::max(worst_root, angle(decoded[0], raw_pose.Local(0).rotation));
    for (int j = 1; j < joints; ++j) {
      worst_local_child =
          std::max(worst_local_child, angle(decoded[j], raw_pose.Local(j).rotation));
      worst_model_child = std::max(worst_model_child, angle(decoded_model[j], raw_model[j]));
    }
  }
  // Within the tolerance every joint's model orientation is off by at most
  // tolerance / point distance (its virtual points would be further off).
  const float bound = kTolerance / anim::kVirtualPointDistance;
  EXPECT_LE(worst_root, bound);
  EXPECT_LE(worst_model_child, bound);
  // The children's local rotations carry their parents' errors undone: more
  // than their own model-space error.
  EXPECT_GT(worst_local_child, worst_model_child);
}

}  // namespace
