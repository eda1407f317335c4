// 15 Compression on the mannequin: the character it shows (CurrentPose, the
// compressed clip) against the raw Walk clip at the same time, through glm
// matrix products and the virtual points of tests/anim/compression_fixture.h:
// within the tolerance by default, past it when every track is forced to a
// few bits (the controls reach the builder), and following a scrub.
#include <gtest/gtest.h>

#include "mannequin_samples.h"
#include "tests/anim/compression_fixture.h"

namespace {

using compression_test::ModelMatrices;
using compression_test::RawPose;
using compression_test::VirtualPointError;

class CompressionSample : public MannequinSamples {
 protected:
  // The shown pose's error against Walk sampled raw at `clip_time`.
  float ErrorAgainstWalk(float clip_time) {
    const anim::Clip& walk = model_.clips[model_.FindClip("Walk")];
    return VirtualPointError(ModelMatrices(RawPose(walk, model_.skeleton, clip_time)),
                             ModelMatrices(anim::AsPose(model_.skeleton, sample_->CurrentPose())));
  }
};

TEST_F(CompressionSample, ShowsTheCompressedClipWithinItsTolerance) {
  Select("15 Compression");
  float time = 0.0f, length = 0.0f;
  for (int frame = 0; frame < 40; ++frame) {
    sample_->Update(1.0f / 60.0f);
    ASSERT_TRUE(sample_->Timeline(&time, &length));
    ASSERT_LE(ErrorAgainstWalk(time), 1e-4f) << "frame " << frame;
  }
  EXPECT_GT(time, 0.5f);  // it played: 40 frames of Walk (1.1 s) at 60 Hz
}

TEST_F(CompressionSample, FewBitsGoPastTheToleranceAndAScrubSeeks) {
  Select("15 Compression");
  Set("bits=3");
  Set("phase=0.5");
  sample_->Update(1.0f / 60.0f);
  float time = 0.0f, length = 0.0f;
  ASSERT_TRUE(sample_->Timeline(&time, &length));
  EXPECT_NEAR(time, 0.5f * length, 1e-5f);   // a scrub seeks; the step is not added
  EXPECT_GT(ErrorAgainstWalk(time), 1e-3f);  // 3 bits: millimetres off
  Set("bits=0");
  sample_->Update(0.0f);
  EXPECT_LE(ErrorAgainstWalk(time), 1e-4f);
}

}  // namespace
