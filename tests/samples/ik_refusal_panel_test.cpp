// Samples 10-12 on the mannequin when their IK job is refused: a slider's
// value typed after Ctrl+click is not held to its range, and 1e39 is
// infinite as a float. The panel (drawn in an ImGui frame without a
// renderer, its texts read back through ui_probe) then names the job's
// problem, and 10's pose stays what the animation gave.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "anim/core/soa_pose.h"
#include "mannequin_panels.h"
#include "reduced_models.h"
#include "samples/param_list.h"

namespace {

class IkRefusalPanel : public MannequinPanels {
 protected:
  float* Value(const char* name) { return sample_->Params().Find(name)->float_value; }

  // "(x, y, z)" of the target sliders as printf's %g writes each.
  std::string TargetText() {
    char text[96];
    std::snprintf(text, sizeof text, "(%g, %g, %g)", static_cast<double>(*Value("target_x")),
                  static_cast<double>(*Value("target_y")), static_cast<double>(*Value("target_z")));
    return text;
  }
};

bool SameBits(const anim::SoaPose& a, const anim::SoaPose& b) {
  for (int c = 0; c < anim::kSoaChannels; ++c) {
    for (int j = 0; j < a.JointCount(); ++j) {
      if (std::bit_cast<std::uint32_t>(a.Channel(c)[j]) !=
          std::bit_cast<std::uint32_t>(b.Channel(c)[j])) {
        return false;
      }
    }
  }
  return true;
}

TEST_F(IkRefusalPanel, IkNamesAnInfiniteTargetForTheArmAndTheChainAndLeavesTheArmAnimated) {
  Select("10 IK");
  Set("animate=false");  // the idle's first frame, the same at every step
  Set("weight=0");       // the animated pose, exactly
  sample_->Update(0.0f);
  const anim::SoaPose animated = sample_->CurrentPose();
  Set("weight=1");
  for (const char* solver : {"two-bone", "CCD", "FABRIK"}) {
    SCOPED_TRACE(solver);
    Set(std::string("solver=") + solver);
    *Value("target_x") = 0.1f;
    sample_->Update(0.1f);
    EXPECT_EQ(PanelText("arm refused"), "");
    EXPECT_EQ(PanelText("chain refused"), "");
    EXPECT_FALSE(SameBits(sample_->CurrentPose(), animated));  // the arm reached

    *Value("target_x") = std::strtof("1e39", nullptr);  // what the typed text parses to
    ASSERT_TRUE(std::isinf(*Value("target_x")));
    sample_->Update(0.1f);
    EXPECT_EQ(PanelText("arm refused"), "arm refused: target " + TargetText() + " is not finite");
    EXPECT_EQ(PanelText("chain refused"),
              "chain refused: target " + TargetText() + " is not finite");
    EXPECT_TRUE(SameBits(sample_->CurrentPose(), animated));
  }
}

TEST_F(IkRefusalPanel, LookAtNamesAnInfiniteTarget) {
  Select("11 Look-at");
  Set("target_mode=sliders");
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("look-at refused"), "");
  *Value("target_y") = -std::strtof("1e39", nullptr);
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("look-at refused"),
            "look-at refused: target " + TargetText() + " is not finite");
}

TEST_F(IkRefusalPanel, FeetNameAnInfiniteWeightAndForgetItWhenFootIkIsOff) {
  Select("12 Feet on uneven ground");
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK refused"), "");
  *Value("ik_weight") = std::strtof("1e39", nullptr);
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK refused"), "foot IK refused: weight inf is not finite");
  Set("foot_ik=off");  // no job then, so nothing refused
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK refused"), "");
}

// When foot IK does not run, the panel says so and why, and shows no
// contacts or pelvis offset (they would read as a planted foot over no ground).
TEST_F(IkRefusalPanel, FeetSayWhenFootIkDoesNotRunAndWhy) {
  Select("12 Feet on uneven ground");
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK status"), "foot IK running");
  EXPECT_NE(PanelText("left_foot"), "");
  Set("foot_ik=off");
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK status"), "foot IK not running: foot_ik is off");
  EXPECT_EQ(PanelText("left_foot"), "");
  EXPECT_EQ(PanelText("right_foot"), "");
  // One clip only: 05's locomotion cannot run, so the clip plays in place.
  model_ = test_models::WithOneClip(model_, "Walk", "Armature|Take");
  Select("12 Feet on uneven ground");
  Set("foot_ik=on");
  sample_->Update(0.1f);
  EXPECT_EQ(PanelText("foot IK status"),
            "foot IK not running: the locomotion does not run on this model, so its clip plays "
            "in place");
  EXPECT_EQ(PanelText("left_foot"), "");
}

}  // namespace
