// What --drive reports, on frames made up here whose sliding, travel and
// trajectory error are known by construction.
#include "app/drive_metrics.h"

#include <gtest/gtest.h>

namespace {

using animviewer::DriveFrame;
using animviewer::DriveMetrics;

constexpr float kStep = 1.0f / 60.0f;

// Two seconds walking along +Z at 1 m/s (model units of 2 a metre): the
// left foot on the ground sliding 1 cm a frame for the first second, the
// right foot on the ground at the start and `right_foot_height` up after.
DriveMetrics Walk(float units, float right_foot_height) {
  DriveMetrics metrics(units);
  for (int i = 0; i <= 120; ++i) {
    const float t = i * kStep;
    DriveFrame f;
    f.time = t;
    f.character = {0.0f, t * units};
    const float slid = std::min(i, 60) * 0.01f * units;
    f.feet[0] = {0.1f * units, 0.0f, slid};
    f.feet[1] = {-0.1f * units, i == 0 ? 0.0f : right_foot_height * units, t * units};
    f.searched = i % 6 == 0;
    f.switched = i == 30;
    f.update_seconds = i == 90 ? 40e-6 : 20e-6;
    metrics.Add(f);
  }
  return metrics;
}

TEST(DriveMetrics, AFootInContactThatMovesSlidesAndALiftedOneDoesNot) {
  const DriveMetrics metrics = Walk(2.0f, 0.3f);
  const animviewer::DriveSummary total = metrics.Summarise(-1.0f, 10.0f);
  EXPECT_NEAR(total.metres, 2.0, 1e-4);
  EXPECT_NEAR(total.seconds, 2.0, 1e-4);
  // 60 steps of 1 cm by the left foot; the right foot, 30 cm up after the
  // first frame, never counts.
  EXPECT_NEAR(total.slide_cm, 60.0, 1e-3);
  EXPECT_NEAR(total.SlidePerMetre(), 30.0, 1e-3);
  EXPECT_EQ(total.switches, 1);
  EXPECT_EQ(total.searches, 21);
  EXPECT_NEAR(total.update_max_us, 40.0, 1e-6);
  // Per second: the sliding is all in the first.
  EXPECT_NEAR(metrics.Summarise(0.0f, 1.0f).slide_cm, 60.0, 1e-3);
  EXPECT_NEAR(metrics.Summarise(1.0f, 2.0f).slide_cm, 0.0, 1e-6);
  // A right foot within 2 cm of its lowest is in contact too, and slides
  // with the character: 2 m more.
  EXPECT_NEAR(Walk(2.0f, 0.0f).Summarise(-1.0f, 10.0f).slide_cm, 260.0, 1e-2);
}

TEST(DriveMetrics, TheTrajectoryErrorIsHowMuchTheTravelOverTheHorizonDiffers) {
  // The path asked for moves along +Z at 1 m/s; the character 0.9 m/s, 30 cm
  // to its side: over 0.5 s it travels 5 cm less, over 1 s 10 cm less; the
  // side offset it keeps costs nothing.
  DriveMetrics metrics(1.0f);
  for (int i = 0; i <= 180; ++i) {
    const float t = i * kStep;
    DriveFrame f;
    f.time = t;
    f.asked = {0.0f, t};
    f.character = {0.3f, 0.9f * t};
    metrics.Add(f);
  }
  const animviewer::DriveSummary total = metrics.Summarise(-1.0f, 10.0f);
  EXPECT_NEAR(total.error_cm[0], 5.0, 1e-3);
  EXPECT_NEAR(total.error_cm[1], 10.0, 1e-3);
  // Windows that end past the run are not counted: 181 frames, 150 and 120
  // of them with a frame 0.5 s and 1 s on.
  EXPECT_EQ(total.windows[0], 151);
  EXPECT_EQ(total.windows[1], 121);
}

}  // namespace
