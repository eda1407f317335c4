// ForEachFixedStepWithNotice: the same steps as ForEachFixedStep, plus one
// line up front when the projected run is long. Steps here sleep 2 ms, so
// 6 s of simulation (360 steps) takes about 0.72 s of wall time.
#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "app/step_time_notice.h"

namespace {

void SlowStep(float) { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

TEST(StepTimeNotice, ALongRunIsAnnouncedWithItsEstimate) {
  std::ostringstream notices;
  int steps = 0;
  // Probe after 0.1 s; announce anything projected past 0.3 s.
  animviewer::ForEachFixedStepWithNotice(
      6.0,
      [&](float dt) {
        ++steps;
        SlowStep(dt);
      },
      notices, 0.1, 0.3);
  EXPECT_EQ(steps, 360);
  const std::string text = notices.str();
  EXPECT_EQ(
      text.rfind("animviewer: simulating 6 s in 360 fixed steps of 1/60 s will take about ", 0), 0u)
      << text;
  // The estimate: 360 steps of at least 2 ms, so at least 0.72 s (printed
  // rounded to whole seconds: "1 s" or more), and a single line.
  const std::size_t about = text.find("about ") + 6;
  EXPECT_GE(std::stod(text.substr(about)), 1.0) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
}

TEST(StepTimeNotice, AShortRunSaysNothingAndStepsTheSame) {
  std::ostringstream notices;
  std::vector<float> with_notice, plain;
  animviewer::ForEachFixedStepWithNotice(
      0.5, [&](float dt) { with_notice.push_back(dt); }, notices, 0.1, 0.3);
  animviewer::ForEachFixedStep(0.5, [&](float dt) { plain.push_back(dt); });
  EXPECT_EQ(with_notice, plain);
  EXPECT_TRUE(notices.str().empty()) << notices.str();
}

}  // namespace
