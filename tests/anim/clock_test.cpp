// The clock (anim/clips/clock.h) against values worked by hand: each loop mode,
// negative rates, steps spanning several wraps, steps landing exactly on a
// boundary, an hour of 60 Hz steps, and the synchronised phase on top.
#include "anim/clips/clock.h"

#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/clip_events.h"

namespace {

using anim::ClipClock;
using anim::ClockStep;
using anim::LoopMode;

constexpr double kEps = 1e-12;

TEST(ClockTest, LoopAdvancesByDtTimesRateAndWraps) {
  ClipClock clock(1.0, 2.0, LoopMode::kLoop);  // [1, 3]
  EXPECT_EQ(clock.Time(), 1.0);
  ClockStep step = clock.Advance(0.25, 2.0);  // 0.5 s of clip time
  EXPECT_NEAR(step.from, 1.0, kEps);
  EXPECT_NEAR(step.delta, 0.5, kEps);
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
  EXPECT_EQ(step.wraps, 0);
  EXPECT_FLOAT_EQ(clock.Phase(), 0.25f);
  // 1.5 + 2 = 3.5 is one cycle on: 1.5 again.
  step = clock.Advance(2.0, 1.0);
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
  EXPECT_EQ(step.wraps, 1);
  // Several cycles in one step: 1.5 + 7.25 = 8.75, 7.75 past the start =
  // 3 cycles of 2 and 1.75: time 2.75, phase 0.875.
  step = clock.Advance(7.25, 1.0);
  EXPECT_NEAR(step.from, 1.5, kEps);
  EXPECT_NEAR(step.delta, 7.25, kEps);
  EXPECT_NEAR(clock.Time(), 2.75, kEps);
  EXPECT_NEAR(step.to, 2.75, kEps);
  EXPECT_EQ(step.wraps, 3);
  EXPECT_FLOAT_EQ(clock.Phase(), 0.875f);
  EXPECT_FALSE(clock.IsComplete());  // a loop never completes
}

TEST(ClockTest, LoopStepLandingExactlyOnTheEndWrapsToTheStart) {
  ClipClock clock(0.0, 2.0, LoopMode::kLoop);
  clock.SetTime(1.5);
  ClockStep step = clock.Advance(0.5, 1.0);
  EXPECT_EQ(clock.Time(), 0.0);  // end == start of the next cycle
  EXPECT_EQ(step.wraps, 1);
  EXPECT_EQ(clock.Phase(), 0.0f);
  // A whole cycle from the start crosses exactly one boundary.
  step = clock.Advance(2.0, 1.0);
  EXPECT_EQ(clock.Time(), 0.0);
  EXPECT_EQ(step.wraps, 1);
}

TEST(ClockTest, LoopNegativeRatePlaysBackwardAcrossTheStart) {
  ClipClock clock(0.0, 2.0, LoopMode::kLoop);
  ClockStep step = clock.Advance(0.5, -1.0);  // 0 - 0.5 -> 1.5 of the previous cycle
  EXPECT_NEAR(step.delta, -0.5, kEps);
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
  EXPECT_EQ(step.wraps, -1);
  EXPECT_FLOAT_EQ(clock.Phase(), 0.75f);
  // -5 from 1.5: -3.5 = -2 cycles + 0.5.
  step = clock.Advance(2.5, -2.0);
  EXPECT_NEAR(clock.Time(), 0.5, kEps);
  EXPECT_EQ(step.wraps, -2);
  // Back onto the start exactly: no wrap, the start is inside the cycle.
  step = clock.Advance(0.5, -1.0);
  EXPECT_EQ(clock.Time(), 0.0);
  EXPECT_EQ(step.wraps, 0);
}

TEST(ClockTest, ClampHoldsTheEndsAndReportsCompletionOnce) {
  ClipClock clock(0.0, 2.0, LoopMode::kClamp);
  ClockStep step = clock.Advance(1.5, 1.0);
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
  EXPECT_FALSE(step.completed);
  EXPECT_FALSE(clock.IsComplete());
  step = clock.Advance(1.0, 1.0);  // past the end: held at 2
  EXPECT_EQ(clock.Time(), 2.0);
  EXPECT_TRUE(step.completed);
  EXPECT_TRUE(clock.IsComplete());
  EXPECT_EQ(clock.Phase(), 1.0f);  // the last frame, not the first
  EXPECT_EQ(step.wraps, 0);
  step = clock.Advance(1.0, 1.0);  // already there: not completed again
  EXPECT_FALSE(step.completed);
  EXPECT_TRUE(clock.IsComplete());
  // Backward: leaves the end, then completes at the start.
  step = clock.Advance(0.5, -1.0);
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
  EXPECT_FALSE(clock.IsComplete());
  step = clock.Advance(5.0, -1.0);
  EXPECT_EQ(clock.Time(), 0.0);
  EXPECT_TRUE(step.completed);
  EXPECT_TRUE(clock.IsComplete());
  EXPECT_EQ(clock.Phase(), 0.0f);
}

TEST(ClockTest, ClampLandingExactlyOnTheEndCompletes) {
  ClipClock clock(0.5, 1.0, LoopMode::kClamp);  // [0.5, 1.5]
  clock.SetTime(1.0);
  const ClockStep step = clock.Advance(0.5, 1.0);
  EXPECT_EQ(clock.Time(), 1.5);
  EXPECT_TRUE(step.completed);
  EXPECT_TRUE(clock.IsComplete());
}

TEST(ClockTest, PingPongGoesForwardThenBackward) {
  ClipClock clock(0.0, 2.0, LoopMode::kPingPong);  // period 4
  ClockStep step = clock.Advance(2.5, 1.0);
  EXPECT_NEAR(clock.Time(), 2.5, kEps);
  EXPECT_NEAR(clock.SampleTime(), 1.5, kEps);  // 0.5 s into the way back
  EXPECT_FLOAT_EQ(clock.Phase(), 0.75f);
  EXPECT_EQ(step.wraps, 0);
  clock.Advance(1.0, 1.0);  // 3.5: sampled at 0.5 on the way back
  EXPECT_NEAR(clock.SampleTime(), 0.5, kEps);
  step = clock.Advance(1.0, 1.0);  // 4.5: a round trip done, 0.5 going forward
  EXPECT_NEAR(clock.Time(), 0.5, kEps);
  EXPECT_NEAR(clock.SampleTime(), 0.5, kEps);
  EXPECT_EQ(step.wraps, 1);
  // The turn at the end is sampled at the end exactly.
  clock.SetTime(2.0);
  EXPECT_EQ(clock.SampleTime(), 2.0);
  EXPECT_EQ(clock.Phase(), 1.0f);
  // Just past the turn the sampled time goes down, not up.
  clock.Advance(0.25, 1.0);
  EXPECT_NEAR(clock.SampleTime(), 1.75, kEps);
  EXPECT_FALSE(clock.IsComplete());
}

TEST(ClockTest, PingPongNegativeRateAndLargeSteps) {
  ClipClock clock(1.0, 2.0, LoopMode::kPingPong);  // [1, 3], period 4
  clock.SetTime(1.5);
  ClockStep step = clock.Advance(1.0, -1.0);  // 0.5 - 1 = -0.5 -> 3.5 of the period
  EXPECT_NEAR(clock.Time(), 4.5, kEps);
  EXPECT_NEAR(clock.SampleTime(), 1.5, kEps);  // on the way back towards the start
  EXPECT_EQ(step.wraps, -1);
  // 3.5 + 10.25 = 13.75 = 3 periods and 1.75: forward again at 2.75.
  step = clock.Advance(10.25, 1.0);
  EXPECT_NEAR(clock.Time(), 2.75, kEps);
  EXPECT_NEAR(clock.SampleTime(), 2.75, kEps);
  EXPECT_EQ(step.wraps, 3);
}

TEST(ClockTest, SetPhaseAndSetTime) {
  ClipClock clock(1.0, 2.0, LoopMode::kLoop);
  clock.SetPhase(0.25);
  EXPECT_EQ(clock.Time(), 1.5);
  clock.SetPhase(2.0);  // clamped to 1: the end, not wrapped
  EXPECT_EQ(clock.Time(), 3.0);
  clock.SetPhase(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(clock.Time(), 1.0);
  clock.SetTime(-0.5);  // 1.5 before the start: 0.5 into the cycle
  EXPECT_NEAR(clock.Time(), 1.5, kEps);
}

TEST(ClockTest, NothingMovesWithoutDurationOrOnNonFiniteInput) {
  ClipClock empty(0.5, 0.0, LoopMode::kLoop);
  ClockStep step = empty.Advance(1.0, 1.0);
  EXPECT_EQ(empty.Time(), 0.5);
  EXPECT_EQ(empty.Phase(), 0.0f);
  ClipClock clock(0.0, 2.0, LoopMode::kLoop);
  clock.Advance(0.5, 1.0);
  step = clock.Advance(std::numeric_limits<double>::quiet_NaN(), 1.0);
  EXPECT_EQ(step.delta, 0.0);
  EXPECT_EQ(clock.Time(), 0.5);
  step = clock.Advance(1.0, std::numeric_limits<double>::infinity());
  EXPECT_EQ(step.delta, 0.0);
  EXPECT_EQ(clock.Time(), 0.5);
}

TEST(ClockTest, AnHourAtSixtyHertzStaysOnTheExactTime) {
  // 216,000 steps of the float 1/60: the exact total, wrapped by the
  // period, computed once in long double.
  const float dt = 1.0f / 60.0f;
  const double period = 1.1f;
  const int steps = 60 * 3600;
  ClipClock clock(0.0, period, LoopMode::kLoop);
  for (int i = 0; i < steps; ++i) clock.Advance(dt, 1.0);
  const long double total = static_cast<long double>(steps) * dt;
  const auto expected = static_cast<double>(std::fmod(total, static_cast<long double>(period)));
  EXPECT_NEAR(clock.Time(), expected, 1e-9);
  // Summed in float, the same steps are off by far more than a frame's tolerance.
  float naive = 0.0f;
  for (int i = 0; i < steps; ++i) naive = std::fmod(naive + dt, 1.1f);
  EXPECT_GT(std::abs(naive - expected), 1e-4);
}

TEST(ClockTest, CycleSplitAndWrapFunctions) {
  anim::CycleSplit s = anim::SplitCycles(-0.5, 2.0);
  EXPECT_EQ(s.cycle, -1.0);
  EXPECT_EQ(s.within, 1.5);
  s = anim::SplitCycles(4.0, 2.0);
  EXPECT_EQ(s.cycle, 2.0);
  EXPECT_EQ(s.within, 0.0);
  // 7 * 0.7 in double lies just below 4.9: six whole cycles and almost all
  // of a seventh. (t - within) / period is 5.999999999999999 there: whole
  // cycles are counted by rounding it, not by truncating.
  s = anim::SplitCycles(7 * 0.7, 0.7);
  EXPECT_EQ(s.cycle, 6.0);
  EXPECT_NEAR(s.within, 0.7, 1e-12);
  EXPECT_EQ(anim::WrapClockTime(5.0f, 0.0f, 2.0f, LoopMode::kLoop), 1.0f);
  EXPECT_EQ(anim::WrapClockTime(5.0f, 0.0f, 2.0f, LoopMode::kClamp), 2.0f);
  EXPECT_EQ(anim::WrapClockTime(5.0, 0.0, 2.0, LoopMode::kPingPong), 1.0);
  EXPECT_EQ(anim::SampleClockTime(3.0, 0.0, 2.0, LoopMode::kPingPong), 1.0);
  EXPECT_EQ(anim::WrapPhase(-0.25f), 0.75f);
  EXPECT_EQ(anim::WrapPhase(1.0f), 0.0f);
  EXPECT_EQ(anim::WrapPhase(-1e-9f), 0.0f);  // 1 - 1e-9 rounds to 1: that is 0
  EXPECT_EQ(anim::WrapPhase(std::numeric_limits<float>::infinity()), 0.0f);
}

TEST(ClockTest, BlendedCycleLengthAndSyncedRates) {
  // (0.5 * 1.1 + 0.25 * 0.7) / 0.75; the single frame (0) stretches nothing.
  const std::vector<float> lengths = {1.1f, 0.7f, 0.0f};
  const std::vector<float> weights = {0.5f, 0.25f, 0.25f};
  EXPECT_NEAR(anim::BlendedCycleLength(lengths, weights), 0.725f / 0.75f, 1e-6f);
  EXPECT_FLOAT_EQ(anim::BlendedCycleLength(1.1f, 0.7f, 0.25f), 1.0f);
  EXPECT_EQ(anim::BlendedCycleLength(std::vector<float>{0.0f}, std::vector<float>{1.0f}), 0.0f);
  EXPECT_FLOAT_EQ(anim::SyncedRate(1.1f, 0.88f), 1.25f);
  EXPECT_EQ(anim::SyncedRate(0.0f, 0.88f), 1.0f);
  EXPECT_EQ(anim::SyncedRate(1.1f, 0.0f), 1.0f);
}

TEST(ClockTest, SyncedPhaseAdvancesByDtOverTheBlendedCycle) {
  anim::SyncedPhase phase;
  phase.Reset(1.9f);  // wrapped: 0.9
  EXPECT_NEAR(phase.Phase(), 0.9f, 1e-6f);
  const ClockStep step = phase.Advance(0.3, 1.5);  // + 0.2: 1.1 -> 0.1
  EXPECT_NEAR(phase.Phase(), 0.1f, 1e-6f);
  EXPECT_NEAR(step.delta, 0.2, kEps);
  EXPECT_EQ(step.wraps, 1);
  EXPECT_NEAR(phase.Shifted(0.95f), 0.05f, 1e-6f);
  phase.Advance(1.0, 0.0);  // no cycle: held
  EXPECT_NEAR(phase.Phase(), 0.1f, 1e-6f);
  // An hour of 60 Hz steps over a 0.9 s blended cycle.
  anim::SyncedPhase hour;
  const float dt = 1.0f / 60.0f;
  for (int i = 0; i < 60 * 3600; ++i) hour.Advance(dt, 0.9);
  const long double total = 60.0L * 3600.0L * dt / 0.9L;
  EXPECT_NEAR(hour.Phase(), static_cast<double>(total - std::floor(total)), 1e-6);
}

TEST(ClockTest, StepIntervalFiresEveryKeyOncePerCycleCrossed) {
  // A 2 s clip with one key at 0.5: a step from 0 by 7 s crosses 0.5, 2.5,
  // 4.5 and 6.5 and wraps at 2, 4 and 6; the next step, starting where this
  // one landed (1.0), fires nothing until it passes 2.5 again.
  std::vector<anim::JointTracks> tracks(1);
  tracks[0].joint = 0;
  tracks[0].translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 2.0f},
                                            {glm::vec3(0.0f), glm::vec3(1.0f)});
  anim::Clip clip("c", tracks);
  clip.SetEvents({{0.5f, "key"}});
  ClipClock clock(clip.StartTime(), clip.Duration(), LoopMode::kLoop);
  anim::EventBuffer events;
  ClockStep step = clock.Advance(7.0, 1.0);
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, static_cast<float>(step.from), step.delta, 1.0f,
                             events);
  int keys = 0, loops = 0;
  for (const anim::FiredEvent& e : events.Events()) {
    keys += e.kind == anim::EventKind::kKey;
    loops += e.kind == anim::EventKind::kLoop;
  }
  EXPECT_EQ(keys, 4);
  EXPECT_EQ(loops, 3);
  EXPECT_EQ(loops, step.wraps);
  // Landing exactly on the key fires it in that step and not in the next.
  clock.SetTime(0.0);
  events.Clear();
  step = clock.Advance(0.5, 1.0);
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, static_cast<float>(step.from), step.delta, 1.0f,
                             events);
  EXPECT_EQ(events.Events().size(), 1u);
  events.Clear();
  step = clock.Advance(0.5, 1.0);
  anim::CollectCrossedEvents(clip, LoopMode::kLoop, static_cast<float>(step.from), step.delta, 1.0f,
                             events);
  EXPECT_EQ(events.Events().size(), 0u);
}

}  // namespace
