// The panels' "over the last 4 s" plots (samples/time_plot.h) span 4 s of
// time at any frame rate: counted by hand in slots of 1/60 s.
#include "samples/time_plot.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

namespace {

using samples::TimePlot;

// Records 4 s at `fps` of a value that is 1 for the first 2 s and 0 after;
// returns how many slots show 1.
int SlotsAtOneAfterFourSeconds(int fps) {
  TimePlot plot(1, 4.0f);
  const float dt = 1.0f / static_cast<float>(fps);
  for (int frame = 1; frame <= 4 * fps; ++frame) {
    const float t = static_cast<float>(frame) * dt;
    const float v = t <= 2.0f + 1e-4f ? 1.0f : 0.0f;
    plot.Record(dt, std::vector<float>{v});
  }
  int ones = 0;
  for (float v : plot.Values(0)) ones += v == 1.0f;
  return ones;
}

TEST(TimePlot, FourSecondsOfSlotsAtSixtyPerSecond) {
  const TimePlot plot(2, 4.0f);
  EXPECT_EQ(plot.Slots(), 240);
  EXPECT_EQ(plot.Series(), 2);
  EXPECT_FLOAT_EQ(plot.WindowSeconds(), 4.0f);
}

TEST(TimePlot, TheWindowIsTimeAtAnyFrameRate) {
  // The first 2 s of the last 4 s: half the 240 slots, at 10, 60 or 240
  // frames a second (one slot per frame would show 20 s at 10 fps).
  EXPECT_EQ(SlotsAtOneAfterFourSeconds(10), 120);
  EXPECT_EQ(SlotsAtOneAfterFourSeconds(60), 120);
  EXPECT_EQ(SlotsAtOneAfterFourSeconds(240), 120);
}

TEST(TimePlot, AtTenFramesASecondEachFrameHoldsSixSlots) {
  TimePlot plot(1, 4.0f);
  for (int frame = 1; frame <= 40; ++frame)
    plot.Record(0.1f, std::vector<float>{static_cast<float>(frame)});
  const auto v = plot.Values(0);
  EXPECT_EQ(v.front(), 1.0f);  // the first frame, 4 s ago, reaches the oldest slot
  EXPECT_EQ(v[5], 1.0f);
  EXPECT_EQ(v[6], 2.0f);
  EXPECT_EQ(v.back(), 40.0f);
  EXPECT_EQ(v[234], 40.0f);
  EXPECT_EQ(v[233], 39.0f);
  EXPECT_EQ(plot.Max(0), 40.0f);
}

TEST(TimePlot, BadStepsMoveNothingAndALongPauseFillsTheWindowOnce) {
  TimePlot plot(2, 1.0f);
  plot.Record(0.5f, std::vector<float>{1.0f, 2.0f});
  for (float dt : {0.0f, -1.0f, NAN, INFINITY}) plot.Record(dt, std::vector<float>{9.0f, 9.0f});
  EXPECT_EQ(plot.Max(0), 1.0f);
  EXPECT_EQ(plot.Values(1)[59], 2.0f);
  EXPECT_EQ(plot.Values(1)[29], 0.0f);  // half the 1 s window is still empty
  plot.Record(100.0f, std::vector<float>{3.0f, 4.0f});
  for (float v : plot.Values(1)) EXPECT_EQ(v, 4.0f);
  EXPECT_TRUE(plot.Values(2).empty());
  plot.Clear();
  EXPECT_EQ(plot.Max(1), 0.0f);
}

}  // namespace
