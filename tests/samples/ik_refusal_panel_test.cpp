// Samples 10-12 on the mannequin when their IK job is refused: a slider's
// value typed after Ctrl+click is not held to its range, and 1e39 is
// infinite as a float. The panel (drawn in an ImGui frame without a
// renderer, its texts read back through ui_probe) then names the job's
// problem, and 10's pose stays what the animation gave.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <gtest/gtest.h>

#include "anim/core/soa_pose.h"
#include "headless_imgui.h"
#include "mannequin_samples.h"
#include "samples/param_list.h"
#include "samples/ui_probe.h"

namespace {

// ui_probe records the panel only when this is set before its first use, so
// it is set before main (this executable holds no other test).
const bool kProbeOn = setenv("ANIMVIEWER_UI_PROBE", "unused", 1) == 0;

class IkRefusalPanel : public MannequinSamples {
 protected:
  void SetUp() override {
    ASSERT_TRUE(kProbeOn && ui_probe::Enabled());
    MannequinSamples::SetUp();
  }

  // Draws the sample's panel in one frame and returns the text it labelled
  // `label`, "" when there is none.
  std::string PanelText(const std::string& label) {
    HeadlessImGui::Frame([this] { sample_->DrawPanel(); });
    const std::string items = ui_probe::TakeItemsJson();
    const std::string key = "\"label\":\"" + label + "\"";
    const std::size_t at = items.find(key);
    if (at == std::string::npos) return "";
    const std::string value = "\"value\":\"";
    const std::size_t begin = items.find(value, at) + value.size();
    return items.substr(begin, items.find('"', begin) - begin);
  }

  HeadlessImGui imgui_;

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
      if (std::memcmp(&a.Channel(c)[j], &b.Channel(c)[j], sizeof(float)) != 0) return false;
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

}  // namespace
