// The eight-lane loops (raw clips' sampling, the two-pose blend, model
// matrices and palette), which run where the processor has AVX
// (anim/core/soa_dispatch.h), give the four-lane loops' results bit for bit:
// on the seeded rigs of soa_kernel_outputs.h, on a case made for the sign of
// zero, and on Woman.gltf (41 joints under an
// armature's scale, ten clips of motion capture; skipped where
// ../shared/assets is absent). Where the processor has no AVX there is
// nothing to compare, and the tests say so.
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/blending/blending.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/core/soa_dispatch.h"
#include "anim/offline/clip_builder.h"
#include "anim/offline/pose.h"
#include "compression_fixture.h"
#include "import/gltf_importer.h"
#include "soa_kernel_outputs.h"

namespace {

// Sets the width for one test and restores the default after it.
class SoaWide : public testing::Test {
 protected:
  void SetUp() override {
    if (!anim::soa::WideKernelsSupported()) {
      GTEST_SKIP() << "this processor (or this build: x86-64 with GCC or Clang) has no AVX, so "
                      "only the four-lane loops run";
    }
  }
  void TearDown() override { anim::soa::SetWideKernels(true); }

  template <typename Outputs>
  static void ExpectSameBits(Outputs outputs) {
    anim::soa::SetWideKernels(false);
    ASSERT_FALSE(anim::soa::WideKernels());
    const std::vector<float> narrow = outputs();
    anim::soa::SetWideKernels(true);
    ASSERT_TRUE(anim::soa::WideKernels());
    const std::vector<float> wide = outputs();
    ASSERT_EQ(narrow.size(), wide.size());
    ASSERT_FALSE(narrow.empty());
    int differences = 0;
    for (std::size_t i = 0; i < narrow.size(); ++i) {
      if (std::bit_cast<std::uint32_t>(narrow[i]) != std::bit_cast<std::uint32_t>(wide[i]) &&
          ++differences <= 10) {
        ADD_FAILURE() << "output " << i << ": four lanes " << narrow[i] << ", eight lanes "
                      << wide[i];
      }
    }
    EXPECT_EQ(differences, 0) << "of " << narrow.size() << " floats";
  }
};

TEST_F(SoaWide, OnByDefaultAndSwitchable) {
  EXPECT_TRUE(anim::soa::WideKernels());
  anim::soa::SetWideKernels(false);
  EXPECT_FALSE(anim::soa::WideKernels());
  anim::soa::SetWideKernels(true);
  EXPECT_TRUE(anim::soa::WideKernels());
}

// 21 joints: three blocks of eight lanes; 41: six, the last with one joint.
TEST_F(SoaWide, EveryKernelGivesTheFourLaneResultsBitForBit) {
  for (int joints : {21, 41}) {
    SCOPED_TRACE(std::to_string(joints) + " joints");
    ExpectSameBits([joints] { return anim::kernel_check::SoaKernelOutputs(joints); });
  }
}

// Joints scaled to -0 on one axis (a mirrored, hidden joint) under
// unturned parents: that column of their model matrices is a sum of -0s,
// which the eight-lane product must keep (adding +0 to it, where it adds the
// translation to the next column, would make it +0).
TEST_F(SoaWide, ModelMatricesKeepTheSignOfZero) {
  constexpr int kJoints = 11;  // two blocks of eight lanes
  std::vector<anim::Transform> locals(kJoints);
  std::vector<int> parents(kJoints);
  for (int j = 0; j < kJoints; ++j) {
    parents[j] = j - 1;
    locals[j].translation = glm::vec3(0.1f * static_cast<float>(j), 1.0f, -0.5f);
    if (j % 3 == 2) locals[j].scale = glm::vec3(1.0f, 2.0f, -0.0f);
  }
  const anim::Pose rest(locals, parents);
  std::vector<glm::mat4> model(kJoints), inverse_bind(kJoints, glm::mat4(1.0f));
  std::vector<std::string> names;
  names.reserve(kJoints);
  for (int j = 0; j < kJoints; ++j) names.push_back("j" + std::to_string(j));
  const anim::Skeleton skeleton = anim::SkeletonOf(names, rest, rest, inverse_bind);
  ExpectSameBits([&]() -> std::vector<float> {
    std::vector<glm::mat4> palette(kJoints);
    EXPECT_TRUE(anim::ComputePalette(skeleton, skeleton.RestPose(), model, palette));
    std::vector<float> out(&model[0][0][0], &model[0][0][0] + 16 * kJoints);
    out.insert(out.end(), &palette[0][0][0], &palette[0][0][0] + 16 * kJoints);
    return out;
  });
  // The case is there: some element is -0.
  bool negative_zero = false;
  for (const glm::mat4& m : model) {
    for (int e = 0; e < 16; ++e)
      negative_zero |= m[e / 4][e % 4] == 0.0f && std::signbit(m[e / 4][e % 4]);
  }
  EXPECT_TRUE(negative_zero);
}

// Every way a compressed clip is played (a context with its own decodings,
// one bound to decodings shared per clip, one bound to every sample
// decoded), the compressed sampler interpolating eight lanes at a time: 19
// rotation tracks (two blocks of eight and one of four, padded), 11
// translation tracks (one of eight and one of four), tracks keyed at every
// sample and tracks the builder keys every 2, 4... samples (their key
// intervals are not the clip's, so each lane has its own fraction), on
// uniform sample times and, with a STEP jump (two samples at one time), on
// uneven ones; forward at 60 Hz, backward, and seeks.
anim::Clip ChainClip(bool with_jump) {
  constexpr float kPi = std::numbers::pi_v<float>;
  std::vector<float> times;
  for (int i = 0; i <= 60; ++i) times.push_back(static_cast<float>(i) / 30.0f);
  std::vector<anim::JointTracks> tracks;
  for (int j = 0; j < 19; ++j) {
    anim::JointTracks jt;
    jt.joint = j;
    // Waving joints keep every sample; every third turns at a steady rate
    // about one axis, which the builder may key only every few samples (an
    // arc slerped is the same arc).
    const float speed = 0.6f + 0.2f * static_cast<float>(j % 4);
    const glm::vec3 axis = glm::normalize(glm::vec3(1.0f, 0.25f * static_cast<float>(j % 5), 0.4f));
    std::vector<glm::quat> q;
    q.reserve(times.size());
    for (float t : times) {
      const float angle =
          j % 3 == 0 ? 0.4f * t - 0.3f : 0.7f * std::sin(2.0f * kPi * speed * t + 0.3f * j);
      q.push_back(glm::angleAxis(angle, axis));
    }
    jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, q);
    if (j % 2 == 0 || j == 1) {
      std::vector<glm::vec3> p;
      p.reserve(times.size());
      for (float t : times) {
        // Every fourth slides on a line (few keys), the others wave.
        p.push_back(j % 4 == 0 ? glm::vec3(0.05f * t, 0.5f, -0.03f * t)
                               : glm::vec3(0.1f * std::sin(3.0f * t + j), 0.5f + 0.05f * t * t,
                                           0.2f * std::cos(2.0f * t)));
      }
      jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, times, p);
    }
    tracks.push_back(jt);
  }
  if (with_jump) {
    tracks[5].scale = anim::VectorTrack(anim::Interpolation::kStep, {0.0f, 0.71f, 1.3f},
                                        {glm::vec3(1.0f), glm::vec3(1.25f), glm::vec3(0.9f)});
  }
  return anim::Clip(with_jump ? "chain_with_jump" : "chain", tracks);
}

TEST_F(SoaWide, CompressedClipsEveryWayOfPlayingBitForBit) {
  const anim::Skeleton skeleton = compression_test::ChainSkeleton(19);
  for (bool with_jump : {false, true}) {
    const anim::CompressedClip clip = anim::BuildCompressedClip(ChainClip(with_jump), skeleton);
    ASSERT_EQ(clip.UniformTimes(), !with_jump);
    ASSERT_EQ(clip.RotationTrackCount(), 19);
    ASSERT_EQ(clip.TrackCount() - clip.RotationTrackCount(), with_jump ? 12 : 11);
    // Some tracks keep fewer keys than samples (else every lane would share
    // the clip's own fraction).
    int strided = 0;
    for (int t = 0; t < clip.TrackCount(); ++t) strided += clip.SegmentStride(0, t) > 1 ? 1 : 0;
    ASSERT_GT(strided, 0);
    const anim::CompressedClipDecodings coded(clip);
    const anim::CompressedClipDecodings rows(clip, anim::CompressedKeys::kSampled);
    for (const anim::CompressedClipDecodings* shared :
         {static_cast<const anim::CompressedClipDecodings*>(nullptr), &coded, &rows}) {
      SCOPED_TRACE(std::string(clip.Name()) + (shared == nullptr  ? ", own decodings"
                                               : shared == &coded ? ", shared"
                                                                  : ", sampled"));
      ExpectSameBits([&]() -> std::vector<float> {
        anim::CompressedClipContext context(clip, shared);
        anim::SoaPose pose = skeleton.RestPose();
        std::vector<float> out;
        for (int step = 0; step < 260; ++step) {
          const float t = step < 130 ? static_cast<float>(step) / 60.0f
                          : step < 200
                              ? clip.Duration() - static_cast<float>(step - 130) / 45.0f
                              : clip.Duration() * static_cast<float>((step * 37) % 59) / 58.0f;
          EXPECT_TRUE(anim::SampleCompressedClip(clip, t, context, pose));
          for (int ch = 0; ch < anim::kSoaChannels; ++ch) {
            out.insert(out.end(), pose.Channel(ch), pose.Channel(ch) + pose.PaddedCount());
          }
        }
        return out;
      });
    }
  }
}

class SoaWideWoman : public SoaWide {
 protected:
  void SetUp() override {
    SoaWide::SetUp();
    if (IsSkipped()) return;
    const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(path, &model, &error)) << error;
    ASSERT_EQ(model.clips.size(), 10u);
  }
  anim::Model model;
};

TEST_F(SoaWideWoman, EveryClipBlendAndPaletteBitForBit) {
  const anim::Skeleton& skeleton = model.skeleton;
  ExpectSameBits([&]() -> std::vector<float> {
    const int n = skeleton.JointCount();
    anim::SoaPose a = skeleton.RestPose(), b = a, mixed = a;
    std::vector<glm::mat4> model_matrices(n), palette(n);
    std::vector<float> out;
    auto append = [&out](const float* begin, std::size_t count) {
      out.insert(out.end(), begin, begin + count);
    };
    for (std::size_t c = 0; c < model.clips.size(); ++c) {
      const anim::Clip& clip = model.clips[c];
      const anim::Clip& other = model.clips[(c + 3) % model.clips.size()];
      for (int step = 0; step < 97; ++step) {
        // Forward through every key interval, past the end (looping) and
        // before the start.
        const float t = clip.Duration() * (static_cast<float>(step) / 80.0f - 0.1f);
        clip.Sample(a, t);
        other.Sample(b, 1.3f * t + 0.05f);
        anim::Blend(mixed, a, b, static_cast<float>(step % 11) / 10.0f);
        EXPECT_TRUE(anim::ComputePalette(skeleton, mixed, model_matrices, palette));
        for (const anim::SoaPose* pose : {&a, &b, &mixed}) {
          for (int ch = 0; ch < anim::kSoaChannels; ++ch) {
            append(pose->Channel(ch), static_cast<std::size_t>(pose->PaddedCount()));
          }
        }
        append(&model_matrices[0][0][0], model_matrices.size() * 16);
        append(&palette[0][0][0], palette.size() * 16);
        EXPECT_TRUE(anim::ComputeModelMatrices(skeleton, a, model_matrices));
        append(&model_matrices[0][0][0], model_matrices.size() * 16);
      }
    }
    return out;
  });
}

// The compressed clips' sampler bound to every sample decoded
// (CompressedKeys::kSampled), which interpolates eight lanes at a time too:
// Woman's 41 rotation tracks are five blocks of eight and one of four.
TEST_F(SoaWideWoman, CompressedClipsOnSampledKeysBitForBit) {
  const anim::Skeleton& skeleton = model.skeleton;
  std::vector<anim::CompressedClip> compressed;
  for (int c : {0, 4, 7}) {
    compressed.push_back(anim::BuildCompressedClip(model.clips[c], skeleton));
  }
  ExpectSameBits([&]() -> std::vector<float> {
    std::vector<float> out;
    for (const anim::CompressedClip& clip : compressed) {
      const anim::CompressedClipDecodings rows(clip, anim::CompressedKeys::kSampled);
      anim::CompressedClipContext context(clip, &rows);
      anim::SoaPose pose = skeleton.RestPose();
      for (int step = 0; step < 150; ++step) {
        // Forward at 60 Hz, then seeks back and forth.
        const float t = step < 100 ? static_cast<float>(step) / 60.0f
                                   : clip.Duration() * static_cast<float>((step * 37) % 50) / 49.0f;
        EXPECT_TRUE(anim::SampleCompressedClip(clip, t, context, pose));
        for (int ch = 0; ch < anim::kSoaChannels; ++ch) {
          out.insert(out.end(), pose.Channel(ch), pose.Channel(ch) + pose.PaddedCount());
        }
      }
    }
    return out;
  });
}

}  // namespace
