// Compressed clips on a real character: every clip of Woman.gltf (41
// joints, ten clips of motion capture) against its raw clip through glm
// matrix products (compression_fixture.h) at the default 0.1 mm, and the
// lossless key reduction the benchmark's woman_reduced clips use. Skipped
// where ../shared/assets/Woman.gltf is absent.
#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "anim/offline/clip_builder.h"
#include "anim/offline/key_reduction.h"
#include "compression_fixture.h"
#include "import/gltf_importer.h"

namespace {

using namespace compression_test;

class WomanCompression : public testing::Test {
 protected:
  void SetUp() override {
    const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(path, &model_, &error)) << error;
    ASSERT_EQ(model_.clips.size(), 10u);
  }
  anim::Model model_;
};

TEST_F(WomanCompression, EveryClipWithinTheToleranceWhereverPlaybackGoes) {
  const anim::Skeleton& skeleton = model_.skeleton;
  std::size_t raw = 0, compressed = 0;
  std::mt19937 random(11);
  for (const anim::Clip& clip : model_.clips) {
    anim::CompressionReport report;
    const anim::CompressedClip c = anim::BuildCompressedClip(clip, skeleton, {}, &report);
    EXPECT_LE(report.error.max_error, 1e-4f) << clip.Name();
    raw += report.raw_bytes;
    compressed += report.compressed_bytes;
    anim::CompressedClipContext context(c);
    float worst = 0.0f;
    // Forward play at 60 Hz through two loops (the wraps included), then random seeks.
    const int frames = static_cast<int>(2.0f * 60.0f * clip.Duration()) + 2;
    for (int frame = 0; frame < frames; ++frame) {
      const float t = clip.WrapTime(clip.StartTime() + static_cast<float>(frame) / 60.0f * 1.01f,
                                    anim::LoopMode::kLoop);
      worst = std::max(worst, ErrorAt(clip, c, skeleton, t, context));
    }
    std::uniform_real_distribution<float> any(clip.StartTime(), clip.EndTime());
    for (int i = 0; i < 100; ++i)
      worst = std::max(worst, ErrorAt(clip, c, skeleton, any(random), context));
    // Backward play at 60 Hz from the end (each key decoded again from its
    // segment's first).
    for (int frame = 0; frame < frames / 2; ++frame) {
      const float t = clip.EndTime() - static_cast<float>(frame) / 60.0f * 1.01f;
      worst = std::max(worst, ErrorAt(clip, c, skeleton, std::max(t, clip.StartTime()), context));
    }
    EXPECT_LE(worst, 1e-4f) << clip.Name();
  }
  // Ten times smaller at least (the raw keys are 32-bit floats at 30 a second).
  EXPECT_LT(compressed * 10, raw);
  // And a fifth under the format before residual coding (109,771 bytes:
  // each key's components at a fixed rate per segment).
  EXPECT_LT(compressed * 5, std::size_t{109771} * 4);
  // The bar: at most 68 KB (half of ozz-animation's default 137 KB for these
  // clips), 66,992 bytes when written. Compensation and the search's
  // equal-share start each save about 7 % of it, packing each clip in one
  // buffer with 12-byte rotation records about 6 %.
  EXPECT_LE(compressed, std::size_t{68000});
}

TEST_F(WomanCompression, LosslessKeyReductionKeepsEveryPose) {
  const anim::Skeleton& skeleton = model_.skeleton;
  for (const anim::Clip& clip : model_.clips) {
    const anim::Clip reduced = anim::ReduceKeys(clip, 0.0f);
    EXPECT_LE(anim::RawClipBytes(reduced), anim::RawClipBytes(clip)) << clip.Name();
    // Its channels keep their own keys, and it still samples on the
    // vectorised path (a table over every time any channel has a key).
    EXPECT_GT(reduced.SoaKeyBytes(), 0u) << clip.Name();
    EXPECT_FLOAT_EQ(reduced.Duration(), clip.Duration()) << clip.Name();
    for (int i = 0; i <= 200; ++i) {
      const float t = clip.TimeAtPhase(static_cast<float>(i) / 200.0f);
      ASSERT_LE(VirtualPointError(ModelMatrices(RawPose(clip, skeleton, t)),
                                  ModelMatrices(RawPose(reduced, skeleton, t))),
                1e-5f)
          << clip.Name() << " at " << t;
    }
  }
}

}  // namespace
