// 15 Compression on the mannequin: the character it shows (CurrentPose, the
// compressed clip) against the raw Walk clip at the same time, through glm
// matrix products and the virtual points of tests/anim/compression_fixture.h:
// within the tolerance by default, past it when every track is forced to a
// few bits (the controls reach the builder), and following a scrub.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "tests/anim/compression_fixture.h"

namespace {

// The sample's timeline (SampleView): false without one.
bool Timeline(const samples::Sample& sample, float* time, float* length) {
  const samples::SampleView view = sample.View();
  *time = view.time;
  *length = view.length;
  return view.timeline;
}

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
    ASSERT_TRUE(Timeline(*sample_, &time, &length));
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
  ASSERT_TRUE(Timeline(*sample_, &time, &length));
  EXPECT_NEAR(time, 0.5f * length, 1e-5f);   // a scrub seeks; the step is not added
  EXPECT_GT(ErrorAgainstWalk(time), 1e-3f);  // 3 bits: millimetres off
  Set("bits=0");
  sample_->Update(0.0f);
  EXPECT_LE(ErrorAgainstWalk(time), 1e-4f);
}

// The sample's clock (its Playback of the compressed clip) loops the clip
// at the steps given, counted here; rebuilding the clip with another setting keeps the
// clock where it was and samples the new build.
TEST_F(CompressionSample, PlaysOnItsClockAcrossWrapsAndRebuilds) {
  Select("15 Compression");
  const double walk = model_.clips[model_.FindClip("Walk")].Duration();
  const float dt = 1.0f / 60.0f;
  // The distance from `time` to `frames` steps played, around the loop.
  const auto off = [&](float time, int frames) {
    const double d = std::fmod(std::abs(time - std::fmod(frames * double{dt}, walk)), walk);
    return std::min(d, walk - d);
  };
  float time = 0.0f, length = 0.0f;
  for (int frame = 1; frame <= 100; ++frame) {
    sample_->Update(dt);
    ASSERT_TRUE(Timeline(*sample_, &time, &length));
    ASSERT_LT(off(time, frame), 1e-5) << "frame " << frame;
  }
  // The phase control follows the clock.
  const samples::Param* phase = sample_->Params().Find("phase");
  ASSERT_NE(phase, nullptr);
  EXPECT_NEAR(*phase->float_value, time / length, 1e-5);
  Set("tolerance_mm=0.5");
  sample_->Update(dt);
  ASSERT_TRUE(Timeline(*sample_, &time, &length));
  EXPECT_LT(off(time, 101), 1e-5);
  const float error = ErrorAgainstWalk(time);
  EXPECT_LE(error, 0.5e-3f);
  EXPECT_GT(error, 1e-4f);  // the coarser build is shown, not the previous one
}

// With background work allowed (the window playing in real time), a new
// setting is built on a worker and shows once it is done; turned off while a
// build runs, the sample builds what was asked before its next frame.
TEST_F(CompressionSample, BuildsNewSettingsOnAWorkerWhenAllowed) {
  Select("15 Compression");
  sample_->AllowBackgroundWork(true);
  Set("phase=0.5");
  sample_->Update(0.0f);
  float time = 0.0f, length = 0.0f;
  ASSERT_TRUE(Timeline(*sample_, &time, &length));
  Set("bits=3");
  for (int frame = 0; frame < 30000 && ErrorAgainstWalk(time) <= 1e-3f; ++frame) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    sample_->Update(0.0f);
  }
  EXPECT_GT(ErrorAgainstWalk(time), 1e-3f);  // the 3-bit build landed
  Set("bits=0");
  sample_->Update(0.0f);                // on the worker
  sample_->AllowBackgroundWork(false);  // built now, shown by the next frame
  sample_->Update(0.0f);
  EXPECT_LE(ErrorAgainstWalk(time), 1e-4f);
  Set("bits=4");
  sample_->Update(0.0f);  // without background work: in this frame
  EXPECT_GT(ErrorAgainstWalk(time), 1e-4f);
}

}  // namespace
