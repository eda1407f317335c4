// Runs every sample on Woman.gltf and checks what each one promises against
// an independent computation with the anim/ primitives.
#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>

#include "anim/blending/blending.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "samples/clip_speed.h"
#include "samples/sample.h"
#include "tests/anim/test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

const std::string kWoman = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";

class SamplesOnWoman : public testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kWoman))
      GTEST_SKIP() << kWoman << " is absent; sample runs skipped";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(kWoman, &model_, &error)) << error;
    all_ = samples::MakeAllSamples();
  }

  samples::Sample& Loaded(int index) {
    std::string error;
    EXPECT_TRUE(all_[index]->Load(model_, &error)) << error;
    return *all_[index];
  }

  void Set(samples::Sample& s, const std::string& assignment) {
    std::string error;
    ASSERT_TRUE(s.Params().SetAssignment(assignment, &error)) << error;
  }

  anim::Pose Sampled(const std::string& clip, float time) {
    anim::Pose p = anim::RestPoseOf(model_.skeleton);
    test_support::SampleInto(model_.clips[model_.FindClip(clip)], p, time);
    return p;
  }

  // Translations within `distance` (model units), rotations within `angle` radians.
  static void ExpectPosesNear(const anim::Pose& a, const anim::Pose& b, float distance,
                              double angle = anim_test::kRotationTolerance) {
    for (int j = 0; j < a.JointCount(); ++j) {
      const auto& x = a.Local(j);
      const auto& y = b.Local(j);
      EXPECT_NEAR(glm::length(x.translation - y.translation), 0.0f, distance) << "joint " << j;
      EXPECT_LE(anim_test::RotationAngle(x.rotation, y.rotation), angle) << "joint " << j;
    }
  }

  anim::Model model_;
  std::vector<std::unique_ptr<samples::Sample>> all_;
};

TEST_F(SamplesOnWoman, EverySampleLoadsRunsAndStaysFinite) {
  for (std::size_t i = 0; i < all_.size(); ++i) {
    samples::Sample& s = Loaded(static_cast<int>(i));
    EXPECT_FALSE(s.Explanation().empty());
    for (int frame = 0; frame < 600; ++frame) s.Update(1.0f / 60);
    const anim::Pose& p = anim::AsPose(model_.skeleton, s.CurrentPose());
    ASSERT_EQ(p.JointCount(), model_.skeleton.JointCount()) << s.Title();
    for (int j = 0; j < p.JointCount(); ++j) {
      const auto& t = p.Local(j);
      EXPECT_TRUE(std::isfinite(t.translation.x + t.translation.y + t.translation.z)) << s.Title();
      EXPECT_NEAR(glm::length(t.rotation), 1.0f, 1e-4f) << s.Title() << " joint " << j;
    }
  }
}

TEST_F(SamplesOnWoman, PlaybackShowsTheClipAtTheScrubbedPhase) {
  samples::Sample& s = Loaded(0);
  Set(s, "clip=Running");
  Set(s, "phase=0.25");
  s.Update(1.0f / 60);
  const anim::Clip& run = model_.clips[model_.FindClip("Running")];
  ExpectPosesNear(anim::AsPose(model_.skeleton, s.CurrentPose()),
                  Sampled("Running", run.TimeAtPhase(0.25f)), 1e-4f);
}

TEST_F(SamplesOnWoman, SynchronisedBlendAdvancesBothClipsByOnePhase) {
  samples::Sample& s = Loaded(1);
  Set(s, "manual_weight=true");
  Set(s, "weight=0.5");
  Set(s, "synchronized=true");
  const int frames = 50;
  for (int i = 0; i < frames; ++i) s.Update(1.0f / 60);
  // By hand: the blended cycle lasts (l_walk + l_run) / 2 at w = 0.5.
  const anim::Clip& walk = model_.clips[model_.FindClip("Walking")];
  const anim::Clip& run = model_.clips[model_.FindClip("Running")];
  const double cycle = 0.5 * walk.Duration() + 0.5 * run.Duration();
  const float phase = static_cast<float>(std::fmod(frames / 60.0 / cycle, 1.0));
  anim::SoaPose expected = model_.skeleton.RestPose();
  anim::Blend(expected, anim::SoaPose(Sampled("Walking", walk.TimeAtPhase(phase))),
              anim::SoaPose(Sampled("Running", run.TimeAtPhase(phase))), 0.5f);
  ExpectPosesNear(anim::AsPose(model_.skeleton, s.CurrentPose()),
                  anim::AsPose(model_.skeleton, expected), 1e-3f);
}

TEST_F(SamplesOnWoman, AdditiveAtTheReferenceFrameOrWeightZeroLeavesTheBaseClip) {
  samples::Sample& s = Loaded(3);
  Set(s, "base_clip=Walking");
  Set(s, "lean_clip=Lean_Left");
  Set(s, "lean=0");  // the additive clip's first frame, i.e. its own reference
  Set(s, "lean_weight=1");
  s.Update(0.5f);
  const anim::Clip& walk = model_.clips[model_.FindClip("Walking")];
  const anim::Pose base = Sampled("Walking", walk.StartTime() + 0.5f);
  ExpectPosesNear(anim::AsPose(model_.skeleton, s.CurrentPose()), base, 1e-4f);
  Set(s, "lean=1");
  s.Update(0.0f);
  // A full lean must move at least one joint visibly.
  double largest = 0.0;
  for (int j = 0; j < base.JointCount(); ++j) {
    largest = std::max(
        largest,
        anim_test::RotationAngle(base.Local(j).rotation,
                                 anim::AsPose(model_.skeleton, s.CurrentPose()).Local(j).rotation));
  }
  EXPECT_GT(largest, glm::radians(5.0));
  Set(s, "lean_weight=0");
  s.Update(0.0f);
  ExpectPosesNear(anim::AsPose(model_.skeleton, s.CurrentPose()), base, 1e-5f);
}

TEST_F(SamplesOnWoman, PartialBlendKeepsTheLegsOfTheBaseClip) {
  samples::Sample& s = Loaded(4);
  Set(s, "base_clip=Walking");
  Set(s, "upper_clip=Punch");
  Set(s, "mask_root=Spine");
  Set(s, "weight=1");
  s.Update(0.4f);
  const anim::Clip& walk = model_.clips[model_.FindClip("Walking")];
  const anim::Pose base = Sampled("Walking", walk.StartTime() + 0.4f);
  const int spine = model_.skeleton.FindJoint("Spine");
  ASSERT_GE(spine, 0);
  for (int j = 0; j < base.JointCount(); ++j) {
    if (anim::IsInHierarchy(model_.skeleton, spine, j)) continue;
    EXPECT_LE(
        anim_test::RotationAngle(base.Local(j).rotation,
                                 anim::AsPose(model_.skeleton, s.CurrentPose()).Local(j).rotation),
        anim_test::kRotationTolerance)
        << model_.skeleton.JointName(j) << " is outside the mask and must follow the base clip";
  }
  const std::vector<glm::vec4> colors = s.View().joint_colors;
  ASSERT_EQ(colors.size(), static_cast<std::size_t>(base.JointCount()));
  EXPECT_GT(colors[model_.skeleton.FindJoint("Head")].r, colors[0].r);  // masked joints are red
}

TEST_F(SamplesOnWoman, LocomotionSamplesAgreeOnTheClipsSpeeds) {
  const anim::Clip& walk = model_.clips[model_.FindClip("Walking")];
  const float walk_speed = samples::LocomotionSpeed(model_, model_.FindClip("Walking"));
  const float run_speed = samples::LocomotionSpeed(model_, model_.FindClip("Running"));
  // Plausible for a person, in m/s: a walk of 0.5 to 2.5, a faster run.
  ASSERT_GT(walk_speed, 0.5f);
  ASSERT_LT(walk_speed, 2.5f);
  ASSERT_GT(run_speed, walk_speed);
  // 05 and 06: the speed slider ends at the run's speed.
  EXPECT_FLOAT_EQ(Loaded(5).Params().Find("speed")->max, run_speed);
  EXPECT_FLOAT_EQ(Loaded(6).Params().Find("speed")->max, run_speed);
  // 07: at the walk's speed the locomotion blend is the walk alone.
  samples::Sample& machine = Loaded(7);
  Set(machine, "speed=" + std::to_string(walk_speed));
  for (int frame = 0; frame < 30; ++frame) machine.Update(1.0f / 60);
  ExpectPosesNear(anim::AsPose(model_.skeleton, machine.CurrentPose()),
                  Sampled("Walking", walk.StartTime() + 0.5f), 2e-3f);
}

TEST_F(SamplesOnWoman, CrossFadeSampleIsDeterministic) {
  std::string error;
  auto a = samples::MakeAllSamples();
  auto b = samples::MakeAllSamples();
  ASSERT_TRUE(a[2]->Load(model_, &error));
  ASSERT_TRUE(b[2]->Load(model_, &error));
  for (int i = 0; i < 900; ++i) {  // 15 s: several automatic random fades
    a[2]->Update(1.0f / 60);
    b[2]->Update(1.0f / 60);
  }
  for (int j = 0; j < model_.skeleton.JointCount(); ++j) {
    EXPECT_EQ(anim::AsPose(model_.skeleton, a[2]->CurrentPose()).Local(j).translation,
              anim::AsPose(model_.skeleton, b[2]->CurrentPose()).Local(j).translation);
    EXPECT_EQ(anim::AsPose(model_.skeleton, a[2]->CurrentPose()).Local(j).rotation,
              anim::AsPose(model_.skeleton, b[2]->CurrentPose()).Local(j).rotation);
  }
}

}  // namespace
