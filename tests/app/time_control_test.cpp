// The viewer's time control: which simulation steps a frame produces under
// pause, time scale, single steps and a fixed update rate.
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "app/time_control.h"

namespace {

using animviewer::TimeControl;

std::vector<float> Steps(TimeControl& time, double real_seconds) {
  std::vector<float> steps;
  time.Frame(real_seconds, &steps);
  return steps;
}

TEST(TimeControl, OneStepPerFrameScaledByTheTimeScale) {
  TimeControl time;
  EXPECT_EQ(Steps(time, 0.02), std::vector<float>{0.02f});
  time.scale = 0.25f;
  ASSERT_EQ(Steps(time, 0.02).size(), 1u);
  EXPECT_FLOAT_EQ(Steps(time, 0.02)[0], 0.005f);  // a quarter of the frame
  time.scale = 0.0f;                              // frozen: nothing moves
  EXPECT_TRUE(Steps(time, 0.02).empty());
}

TEST(TimeControl, PauseStopsTimeButSingleStepsStillRun) {
  TimeControl time;
  time.paused = true;
  EXPECT_TRUE(Steps(time, 0.02).empty());
  time.step_seconds = 0.1f;
  time.StepForward();
  time.StepForward();
  EXPECT_EQ(Steps(time, 0.02), (std::vector<float>{0.1f, 0.1f}));
  EXPECT_TRUE(Steps(time, 0.02).empty());  // taken once
  time.paused = false;
  EXPECT_FLOAT_EQ(time.StepBack(), 0.1f);
  EXPECT_TRUE(time.paused);  // stepping is for looking at one moment
}

TEST(TimeControl, FixedRateStepsWholeTicksWhateverTheFrameRate) {
  TimeControl time;
  time.fixed_rate_hz = 30;
  // 60 frames of 1/60 s at 30 Hz: 30 steps of 1/30 s, one every other frame.
  int steps = 0;
  for (int f = 0; f < 60; ++f) {
    for (float dt : Steps(time, 1.0 / 60.0)) {
      EXPECT_FLOAT_EQ(dt, 1.0f / 30.0f);
      ++steps;
    }
  }
  EXPECT_EQ(steps, 30);
  // A slow frame of 0.1 s at 60 Hz catches up with 6 steps.
  time.fixed_rate_hz = 60;
  EXPECT_EQ(Steps(time, 0.1).size(), 6u);
  // Half speed at 60 Hz: 0.1 s real is 0.05 s simulated, 3 steps.
  time.scale = 0.5f;
  EXPECT_EQ(Steps(time, 0.1).size(), 3u);
}

TEST(TimeControl, ALongFrameSimulatesAtMostAQuarterSecond) {
  TimeControl time;
  const std::vector<float> steps = Steps(time, 5.0);
  EXPECT_FLOAT_EQ(std::accumulate(steps.begin(), steps.end(), 0.0f), 0.25f);
}

TEST(TimeControl, PresetsGoDownToZeroAndUpToFour) {
  TimeControl time;
  const float down[] = {0.5f, 0.25f, 0.1f, 0.0f, 0.0f};
  for (float expected : down) {
    time.Slower();
    EXPECT_FLOAT_EQ(time.scale, expected);
  }
  time.scale = 0.3f;  // between presets: the next one up
  time.Faster();
  EXPECT_FLOAT_EQ(time.scale, 0.5f);
  for (int i = 0; i < 5; ++i) time.Faster();
  EXPECT_FLOAT_EQ(time.scale, 4.0f);
}

}  // namespace
