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

TEST(DriveMetrics, TheTrajectoryErrorIsTheDistanceFromWhereThePathSaidTheCharacterWouldBe) {
  DriveMetrics metrics = Walk(2.0f, 0.3f);
  // Said at 0.5 s: at 1.0 s (0.5 s on) the character would be 10 cm to its
  // side; at 1.5 s (1 s on), exactly where it is.
  metrics.AddPrediction(0, 0.5f, {0.1f * 2.0f, 1.0f * 2.0f});
  metrics.AddPrediction(1, 0.5f, {0.0f, 1.5f * 2.0f});
  // Said at 1.5 s for 2.5 s: past the run, not counted.
  metrics.AddPrediction(1, 1.5f, {5.0f, 5.0f});
  const animviewer::DriveSummary total = metrics.Summarise(-1.0f, 10.0f);
  EXPECT_EQ(total.predictions[0], 1);
  EXPECT_EQ(total.predictions[1], 1);
  EXPECT_NEAR(total.error_cm[0], 10.0, 1e-3);
  EXPECT_NEAR(total.error_cm[1], 0.0, 1e-3);
}

}  // namespace
