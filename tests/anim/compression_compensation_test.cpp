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
#include <glm/gtc/matrix_transform.hpp>

#include "anim/offline/clip_builder.h"
#include "anim/offline/pose.h"
#include "compression_fixture.h"
#include "tests/support/pose_sampling.h"

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

// The default settings but compensation: each rotation stored as it is.
anim::CompressionSettings OpenLoop() {
  anim::CompressionSettings settings;
  settings.compensate = false;
  return settings;
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
  const anim::CompressionSettings open_loop = OpenLoop();
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

// The same chain with a fixed node between each joint and its parent (an
// offset turned 30 degrees about z and 5 cm along x, as an exporter's
// helper node would be): compensation must take the parent's orientation
// with the offset, as the runtime composes parent * offset * local, or the
// rotations it stores are off by the offset's turn.
anim::Skeleton ChainBehindOffsets(int joints) {
  const anim::Skeleton plain_chain = ChainSkeleton(joints, 0.5f);
  const glm::mat4 offset = glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(0.05f, 0, 0)),
                                       glm::radians(30.0f), glm::vec3(0, 0, 1));
  std::vector<glm::mat4> offsets(joints, offset);
  offsets[0] = glm::mat4(1.0f);
  const anim::Pose& rest = anim::RestPoseOf(plain_chain);
  const anim::Pose with_offsets(
      std::vector<anim::Transform>(rest.Locals().begin(), rest.Locals().end()),
      std::vector<int>(rest.Parents().begin(), rest.Parents().end()), offsets);
  return anim::SkeletonOf(
      std::vector<std::string>(plain_chain.JointNames().begin(), plain_chain.JointNames().end()),
      with_offsets, with_offsets, std::vector<glm::mat4>(joints, glm::mat4(1.0f)));
}

TEST(CompensationTest, ChainBehindRotatedOffsetsWithinToleranceAndSmallerThanWithout) {
  const int joints = 8;
  const anim::Skeleton skeleton = ChainBehindOffsets(joints);
  ASSERT_EQ(skeleton.OffsetKinds()[1], anim::OffsetKind::kAffine);
  const anim::Clip raw = NoisyChainClip(joints);
  anim::CompressionReport with, without;
  const anim::CompressedClip compensated = anim::BuildCompressedClip(raw, skeleton, {}, &with);
  const anim::CompressedClip plain = anim::BuildCompressedClip(raw, skeleton, OpenLoop(), &without);
  EXPECT_LE(with.error.max_error, kTolerance);
  ExpectWithinTolerance(raw, compensated, skeleton);
  ExpectWithinTolerance(raw, plain, skeleton);
  EXPECT_LT(with.compressed_bytes * 10, without.compressed_bytes * 9)
      << with.compressed_bytes << " compensated against " << without.compressed_bytes;
}

// A glTF node matrix need not be affine (a projective last row), and a static
// node between two joints carries it as that joint's offset (kGeneral): the
// builder's model-space products must then be general ones, or what it
// measures is not what plays.
TEST(CompensationTest, ChainBehindAProjectiveOffsetWithinTolerance) {
  const int joints = 6;
  const anim::Skeleton plain_chain = ChainSkeleton(joints, 0.5f);
  std::vector<glm::mat4> offsets(joints, glm::mat4(1.0f));
  offsets[3][0][3] = 0.2f;  // row 3 of column 0: w picks up x
  offsets[3][1][3] = -0.1f;
  const anim::Pose& rest = anim::RestPoseOf(plain_chain);
  const anim::Pose projective(
      std::vector<anim::Transform>(rest.Locals().begin(), rest.Locals().end()),
      std::vector<int>(rest.Parents().begin(), rest.Parents().end()), offsets);
  const anim::Skeleton skeleton = anim::SkeletonOf(
      std::vector<std::string>(plain_chain.JointNames().begin(), plain_chain.JointNames().end()),
      projective, projective, std::vector<glm::mat4>(joints, glm::mat4(1.0f)));
  ASSERT_EQ(skeleton.OffsetKinds()[3], anim::OffsetKind::kGeneral);
  const anim::Clip raw = NoisyChainClip(joints);
  for (const anim::CompressionSettings& settings : {anim::CompressionSettings{}, OpenLoop()}) {
    anim::CompressionReport report;
    const anim::CompressedClip clip = anim::BuildCompressedClip(raw, skeleton, settings, &report);
    EXPECT_LE(report.error.max_error, kTolerance);
    ExpectWithinTolerance(raw, clip, skeleton);
  }
}

// Of a chain clip's keys below the root (every sample is a key), how many
// are within half a step of the grid, per stored component, from the
// rotation that takes the joint's parent as decoded to its raw model-space
// orientation (what a compensated track stores), and how many are within
// half a step of the raw local rotation (what an uncompensated one
// stores). Steps of code 0 (one value a segment) are not checked.
struct KeysOnGrid {
  int keys = 0;
  int near_compensated = 0;
  int near_raw_local = 0;
};

KeysOnGrid CountKeysOnGrid(const anim::Clip& raw, const anim::CompressedClip& clip,
                           const anim::Skeleton& skeleton) {
  const int joints = skeleton.JointCount();
  KeysOnGrid out;
  anim::Pose raw_pose = anim::RestPoseOf(skeleton);
  for (int s = 0; s < clip.SampleCount(); ++s) {
    test_support::SampleInto(raw, raw_pose, clip.SampleTime(s), anim::LoopMode::kClamp);
    std::vector<glm::quat> decoded(joints), raw_model(joints), decoded_model(joints);
    std::vector<int> track_of(joints, -1);
    for (int k = 0; k < clip.TrackCount(); ++k) {
      EXPECT_EQ(clip.SegmentStride(s / clip.SegmentLength(), k), 1);
      float v[4];
      clip.DecodeKey(k, s, v);
      decoded[clip.Track(k).joint] = glm::quat(v[3], v[0], v[1], v[2]);
      track_of[clip.Track(k).joint] = k;
    }
    // Model-space orientations: parent, the offset's turn, local.
    std::vector<glm::quat> parent_raw(joints), parent_decoded(joints);
    for (int j = 0; j < joints; ++j) {
      const glm::quat offset = glm::quat_cast(glm::mat3(skeleton.Offsets()[j]));
      parent_raw[j] = j == 0 ? offset : raw_model[j - 1] * offset;
      parent_decoded[j] = j == 0 ? offset : decoded_model[j - 1] * offset;
      raw_model[j] = parent_raw[j] * raw_pose.Local(j).rotation;
      decoded_model[j] = parent_decoded[j] * decoded[j];
    }
    // Whether `key` is within half a step of `aim` in every checked component.
    auto on_grid = [&](int track, const glm::quat& key, const glm::quat& aim) {
      const anim::CompressedTrack t = clip.Track(track);
      float stored_key[3], stored_aim[3];
      std::uint8_t dropped = 0, unused = 0;
      anim::EncodeSmallestThree(key, t.largest, stored_key, &dropped);
      anim::EncodeSmallestThree(aim, dropped, stored_aim, &unused);
      for (int c = 0; c < 3; ++c) {
        const int code = clip.StepCode(s / clip.SegmentLength(), track, c);
        if (code == 0) continue;
        const float step = t.RangeExtent(c) * anim::kStepCodings[code].fraction;
        if (std::abs(stored_key[c] - stored_aim[c]) > 0.5f * step * 1.001f + 1e-6f) return false;
      }
      return true;
    };
    for (int j = 1; j < joints; ++j) {
      ++out.keys;
      const glm::quat compensated = glm::conjugate(parent_decoded[j]) * raw_model[j];
      out.near_compensated += on_grid(track_of[j], decoded[j], compensated) ? 1 : 0;
      out.near_raw_local += on_grid(track_of[j], decoded[j], raw_pose.Local(j).rotation) ? 1 : 0;
    }
  }
  return out;
}

void ExpectTracksBelowTheRootStoreTheirParentsErrorUndone(const anim::Skeleton& skeleton) {
  const int joints = skeleton.JointCount();
  const anim::Clip raw = NoisyChainClip(joints);
  const anim::CompressionSettings open_loop = OpenLoop();
  // Compensated, every child key is its parent's decoded error undone,
  // rounded to its grid; open loop, every one is its raw local rotation
  // rounded. (Which one a key is near besides depends on how large its
  // parent's error is against its own step.)
  const KeysOnGrid with = CountKeysOnGrid(raw, anim::BuildCompressedClip(raw, skeleton), skeleton);
  const KeysOnGrid without =
      CountKeysOnGrid(raw, anim::BuildCompressedClip(raw, skeleton, open_loop), skeleton);
  EXPECT_EQ(with.near_compensated, with.keys);
  EXPECT_LT(with.near_raw_local, with.keys * 9 / 10);
  EXPECT_EQ(without.near_raw_local, without.keys);
  EXPECT_LT(without.near_compensated, without.keys * 9 / 10);
}

TEST(CompensationTest, TracksBelowTheRootStoreTheirParentsErrorUndone) {
  ExpectTracksBelowTheRootStoreTheirParentsErrorUndone(ChainSkeleton(4, 0.5f));
}

// The parent's orientation includes the offset's turn (30 degrees here).
TEST(CompensationTest, TracksBehindOffsetsStoreTheirParentsErrorUndone) {
  ExpectTracksBelowTheRootStoreTheirParentsErrorUndone(ChainBehindOffsets(4));
}

}  // namespace
