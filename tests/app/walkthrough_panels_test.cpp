// Every sample's panel can be drawn in the frame that selects it, before
// its first step: the viewer's Sample combo loads a sample and draws its
// panel at once. ImGui runs without a renderer (frames are built, not drawn).
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <imgui.h>

#include "../samples/headless_imgui.h"
#include "../samples/mannequin_samples.h"
#include "anim/offline/pose.h"
#include "app/animated_character.h"
#include "app/walkthrough.h"
#include "samples/param_list.h"
#include "tests/support/pose_sampling.h"

namespace {

// The mannequin (model_) from the samples' fixture, and an ImGui context.
class PanelFrames : public MannequinSamples {
 protected:
  HeadlessImGui imgui_;

  // Selects every sample in turn, as the combo does, drawing its panel in the
  // same frame and then a few stepped frames.
  static void SelectEachAndDraw(const anim::Model& model) {
    animviewer::Walkthrough walkthrough;
    animviewer::AnimatedCharacter character;
    character.SetModel(model);
    for (int i = 0; i < walkthrough.SampleCount(); ++i) {
      std::string error;
      if (!walkthrough.Activate(i, character.model(), &error)) {
        // Refusing a model is fine if it says why.
        EXPECT_FALSE(error.empty()) << walkthrough.SampleAt(i).Title();
        continue;
      }
      samples::Sample& sample = *walkthrough.Active();
      EXPECT_EQ(sample.CurrentPose().JointCount(), model.skeleton.JointCount()) << sample.Title();
      HeadlessImGui::Frame([&] { sample.DrawPanel(); });
      for (int f = 0; f < 3; ++f) {
        walkthrough.Step(1.0f / 60.0f, character);
        HeadlessImGui::Frame([&] { sample.DrawPanel(); });
      }
    }
  }

  // A widget changes its value in the middle of the panel, and the rest of
  // the panel is drawn in that same frame, before the sample's next step:
  // every choice, each end of every range and every toggle, set as the
  // widget sets it, must draw, step and draw again.
  static void ChangeEveryControlMidPanel(const anim::Model& model) {
    animviewer::Walkthrough walkthrough;
    animviewer::AnimatedCharacter character;
    character.SetModel(model);
    for (int i = 0; i < walkthrough.SampleCount(); ++i) {
      std::string error;
      if (!walkthrough.Activate(i, character.model(), &error)) continue;
      samples::Sample& sample = *walkthrough.Active();
      walkthrough.Step(1.0f / 60.0f, character);
      for (const samples::Param& param : sample.Params().All()) {
        for (int end = 0; end < ValueCount(param); ++end) {
          SetAsTheWidgetDoes(param, end);
          HeadlessImGui::Frame([&] { sample.DrawPanel(); });
          walkthrough.Step(1.0f / 60.0f, character);
          HeadlessImGui::Frame([&] { sample.DrawPanel(); });
        }
      }
    }
  }
  static int ValueCount(const samples::Param& param) {
    using Kind = samples::Param::Kind;
    if (param.kind == Kind::kChoice) return static_cast<int>(param.choices.size());
    return param.kind == Kind::kTrigger ? 1 : 2;
  }
  // Value `which` of ValueCount(param): a choice's index, a range's min or
  // max, a bool's false or true, a fired trigger.
  static void SetAsTheWidgetDoes(const samples::Param& param, int which) {
    using Kind = samples::Param::Kind;
    switch (param.kind) {
      case Kind::kFloat: *param.float_value = which == 0 ? param.min : param.max; break;
      case Kind::kInt:
        *param.int_value = static_cast<int>(which == 0 ? param.min : param.max);
        break;
      case Kind::kChoice: *param.int_value = which; break;
      case Kind::kBool: *param.bool_value = which == 1; break;
      case Kind::kTrigger: *param.bool_value = true; break;
    }
  }
};

TEST_F(PanelFrames, EveryControlCanChangeInTheMiddleOfItsPanel) {
  ChangeEveryControlMidPanel(model_);
}

TEST_F(PanelFrames, EverySampleDrawsItsPanelInTheFrameThatSelectsIt) { SelectEachAndDraw(model_); }

TEST_F(PanelFrames, EverySampleDrawsItsPanelOnASingleClipModel) {
  anim::Model model = model_;
  model.clips.resize(1);
  SelectEachAndDraw(model);
}

TEST_F(PanelFrames, ActivateLeavesTheSampleStartedButAtTimeZero) {
  const anim::Model& model = model_;
  animviewer::Walkthrough walkthrough;
  std::string error;
  ASSERT_TRUE(walkthrough.Activate(walkthrough.IndexOfNumber(0), model, &error)) << error;
  // 00 Playback plays Walk from its start: after Activate (its Update(0))
  // the pose is Walk's first key, sampled here independently.
  const anim::Clip& walk = model.clips[model.FindClip("Walk")];
  anim::Pose expected = anim::RestPoseOf(model.skeleton);
  test_support::SampleInto(walk, expected, walk.StartTime());
  const anim::Pose pose = anim::AsPose(model.skeleton, walkthrough.Active()->CurrentPose());
  ASSERT_EQ(pose.JointCount(), expected.JointCount());
  for (int j = 0; j < pose.JointCount(); ++j) {
    EXPECT_NEAR(std::abs(glm::dot(pose.Local(j).rotation, expected.Local(j).rotation)), 1.0f, 1e-5f)
        << "joint " << j;
  }
  EXPECT_EQ(walkthrough.Elapsed(), 0.0);
}

}  // namespace
