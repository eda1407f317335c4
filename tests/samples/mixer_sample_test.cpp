// 17 Mixer on the mannequin, through its parameters as --set gives them:
// what plays at the start, a clip alone and at a weight (translations
// checked against the clip sampled directly and lerped from the rest pose
// by hand), fades and cross-fades that stop what they fade out, stop all,
// and the additive switch following the clip's role.
#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "tests/support/pose_sampling.h"

namespace {

constexpr float kStep = 1.0f / 60;

class MixerSample : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    Select("17 Mixer");
  }
  bool Param(const std::string& name) const { return *sample_->Params().Find(name)->bool_value; }
  void Run(float seconds) {
    for (int i = 0; i < static_cast<int>(seconds / kStep + 0.5f); ++i) sample_->Update(kStep);
  }
  // The pose shown against `clip` sampled at `time` and taken `share` of
  // the way from the rest pose (translations: exact for a lerp).
  void ExpectShare(const char* clip, float time, float share) {
    const anim::Clip& c = model_.clips[model_.FindClip(clip)];
    anim::Pose expected = anim::RestPoseOf(model_.skeleton);
    test_support::SampleInto(c, expected, time);
    const anim::Pose shown = anim::AsPose(model_.skeleton, sample_->CurrentPose());
    const anim::Pose& rest = anim::RestPoseOf(model_.skeleton);
    for (int j = 0; j < shown.JointCount(); ++j) {
      const glm::vec3 want = rest.Local(j).translation +
                             share * (expected.Local(j).translation - rest.Local(j).translation);
      EXPECT_NEAR(glm::length(shown.Local(j).translation - want), 0.0f, 1e-4f)
          << clip << " joint " << j;
    }
  }
};

TEST_F(MixerSample, TheIdlePlaysAloneAtFirst) {
  EXPECT_TRUE(Param("idle_play"));
  EXPECT_FALSE(Param("walk_play"));
  // Additive by role: the mannequin's Lean_Left and Look.
  EXPECT_TRUE(Param("lean_left_additive"));
  EXPECT_TRUE(Param("look_additive"));
  EXPECT_FALSE(Param("walk_additive"));
  sample_->Update(0.5f);
  ExpectShare("Idle", 0.5f, 1.0f);
}

TEST_F(MixerSample, AWeightBelowOneLeavesTheRestOfTheWayToTheRestPose) {
  Set("idle_play=false");
  Set("walk_play=true");
  Set("walk_weight=0.4");
  sample_->Update(0.25f);
  ExpectShare("Walk", 0.25f, 0.4f);
  Set("walk_speed=2");
  sample_->Update(0.1f);  // 0.25 + 2 x 0.1
  ExpectShare("Walk", 0.45f, 0.4f);
  Set("stop_all=1");
  sample_->Update(0.1f);
  EXPECT_FALSE(Param("walk_play"));
  ExpectShare("Walk", 0.0f, 0.0f);  // the rest pose
}

TEST_F(MixerSample, FadesAndCrossFadesStopWhatTheyFadeOut) {
  Set("fade_seconds=0.5");
  Set("run_fade_in=1");
  Run(0.25f);
  EXPECT_TRUE(Param("run_play"));
  Set("idle_fade_out=1");
  Run(0.6f);
  EXPECT_FALSE(Param("idle_play"));  // faded out: stopped, and the panel says so
  EXPECT_TRUE(Param("run_play"));
  Set("fade_from=Run");
  Set("fade_to=Punch");
  Set("cross_fade=1");
  Run(0.6f);
  EXPECT_FALSE(Param("run_play"));
  EXPECT_TRUE(Param("punch_play"));
  // Only Punch is left, at full weight, since its start 0.6 s ago.
  ExpectShare("Punch", 0.6f, 1.0f);
}

}  // namespace
