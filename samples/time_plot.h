// The history behind a panel's "over the last 4 s" plots: a fixed window of
// time, not of frames. Each series keeps one slot per 1/60 s of its window;
// an update of dt seconds fills the slots it covers with the value it
// recorded (held until the next update), so at 10 frames a second a plot
// still spans 4 s, and at 240 it spans 4 s too rather than one.
#pragma once

#include <span>
#include <vector>

namespace samples {

class TimePlot {
 public:
  static constexpr int kSlotsPerSecond = 60;

  TimePlot() = default;
  TimePlot(int series, float window_seconds);

  // After an update of dt seconds, each series' value (as many as
  // series). dt not finite or <= 0: nothing moves.
  void Record(float dt, std::span<const float> values);
  void Clear();

  int Series() const { return series_; }
  int Slots() const { return slots_; }
  float WindowSeconds() const { return static_cast<float>(slots_) / kSlotsPerSecond; }
  // One series, oldest first: slot k covers the 1/60 s ending
  // (Slots() - 1 - k) / 60 s before the last update.
  std::span<const float> Values(int series) const;
  float Max(int series) const;

 private:
  int series_ = 0, slots_ = 0;
  float pending_ = 0.0f;       // seconds recorded but not yet a whole slot
  std::vector<float> values_;  // series x slots, oldest first
};

}  // namespace samples
