// The viewer's keys, as queued events: every tap counts (five quick W taps
// raise 05's speed five times, however few frames they fall in), and
// nothing applies while ImGui has the keyboard.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "../samples/mannequin_samples.h"
#include "app/shortcuts.h"
#include "app/viewer_state.h"

namespace {

using animviewer::KeyEvent;

class Shortcuts : public MannequinSamples {
 protected:
  void Start(int number) {
    state_.character.SetModel(model_);
    std::string error;
    ASSERT_TRUE(state_.walkthrough.ActivateNumber(number, state_.character.model(), &error))
        << error;
  }
  std::string Value(const std::string& name) {
    const auto& params = state_.walkthrough.Active()->Params();
    const auto all = params.Assignments();
    for (std::size_t i = 0; i < all.size(); ++i) {
      if (params.All()[i].name == name) return all[i];
    }
    return "";
  }
  animviewer::ViewerState state_;
};

TEST_F(Shortcuts, EveryQueuedTapOfASampleKeyCounts) {
  // 05 Locomotion: W raises the target speed by a tenth of its range, which
  // runs from 0 to the model's run speed (3.5 m/s on the mannequin): five
  // taps from 0 reach half of it.
  Start(5);
  const std::vector<KeyEvent> five_taps(5, KeyEvent{'W', 0});
  animviewer::ApplyShortcuts(five_taps, /*imgui_wants_keyboard=*/false, state_);
  EXPECT_EQ(Value("speed"), "speed=1.75");
}

TEST_F(Shortcuts, NothingAppliesWhileImGuiHasTheKeyboard) {
  Start(7);
  const std::vector<KeyEvent> typed = {{'J', 0}, {GLFW_KEY_SPACE, 0}, {0, '.'}, {0, ']'}};
  animviewer::ApplyShortcuts(typed, /*imgui_wants_keyboard=*/true, state_);
  EXPECT_EQ(Value("jump"), "");  // not fired
  EXPECT_FALSE(state_.time.paused);
  EXPECT_EQ(state_.time.scale, 1.0f);
  animviewer::ApplyShortcuts(typed, /*imgui_wants_keyboard=*/false, state_);
  EXPECT_EQ(Value("jump"), "jump=1");
  EXPECT_TRUE(state_.time.paused);  // Space, then '.' (a step pauses too)
  EXPECT_EQ(state_.time.scale, 2.0f);
}

TEST_F(Shortcuts, TimeKeysPauseStepAndScale) {
  Start(0);
  animviewer::ApplyShortcuts({{GLFW_KEY_SPACE, 0}}, false, state_);
  EXPECT_TRUE(state_.time.paused);
  animviewer::ApplyShortcuts({{GLFW_KEY_SPACE, 0}}, false, state_);
  EXPECT_FALSE(state_.time.paused);
  state_.time.step_seconds = 0.05f;
  animviewer::ApplyShortcuts({{0, ','}, {0, ','}}, false, state_);
  EXPECT_FLOAT_EQ(state_.rewind_seconds, 0.1f);  // two steps back, taken by the next frame
  animviewer::ApplyShortcuts({{0, '.'}}, false, state_);
  std::vector<float> steps;
  state_.time.Frame(0.016, &steps);
  EXPECT_EQ(steps, std::vector<float>{0.05f});  // paused, one step
  animviewer::ApplyShortcuts({{0, '['}, {0, '['}}, false, state_);
  EXPECT_FLOAT_EQ(state_.time.scale, 0.25f);
  animviewer::ApplyShortcuts({{GLFW_KEY_F, 0}}, false, state_);
  EXPECT_TRUE(state_.reframe_requested);
}

}  // namespace
