// Step back: the walkthrough replays the recorded run up to the earlier
// time, and shows what the run showed then.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../samples/mannequin_samples.h"
#include "anim/compression/playback.h"
#include "anim/offline/pose.h"
#include "app/animated_character.h"
#include "app/walkthrough.h"
#include "render/renderer_info.h"
#include "tests/support/pose_sampling.h"

namespace {

// The mannequin (model_) from the samples' fixture, shown by a character.
class Rewind : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    character_.SetModel(model_);
  }
  void Activate(int number) {
    std::string error;
    ASSERT_TRUE(walkthrough_.ActivateNumber(number, character_.model(), &error)) << error;
  }
  void SetActive(const std::string& assignment) {
    std::string error;
    ASSERT_TRUE(walkthrough_.Active()->Params().SetAssignment(assignment, &error)) << error;
  }
  void Back(double seconds) {
    std::string error;
    ASSERT_TRUE(walkthrough_.Rewind(seconds, character_.model(), character_, &error)) << error;
  }
  // Any two poses with JointCount() and Local(j): Pose and SoaPose.
  template <typename PoseA, typename PoseB>
  static void ExpectSamePose(const PoseA& a, const PoseB& b, const std::string& what) {
    ASSERT_EQ(a.JointCount(), b.JointCount());
    for (int j = 0; j < a.JointCount(); ++j) {
      EXPECT_NEAR(glm::length(a.Local(j).translation - b.Local(j).translation), 0.0f, 1e-5f)
          << what;
      EXPECT_NEAR(std::abs(glm::dot(a.Local(j).rotation, b.Local(j).rotation)), 1.0f, 1e-6f)
          << what;
    }
  }

  animviewer::AnimatedCharacter character_;
  animviewer::Walkthrough walkthrough_;
};

TEST_F(Rewind, LocomotionReturnsToThePoseAndPlaceItHadWithTheInputsOfTheRun) {
  Activate(5);  // root motion: the place depends on the whole history
  struct Seen {
    double time;
    anim::SoaPose pose;
    glm::vec3 place;
  };
  std::vector<Seen> seen;
  const float dts[] = {1.0f / 60, 1.0f / 30, 0.013f};
  for (int step = 0; step < 90; ++step) {
    if (step == 30) SetActive("speed=0.2");  // inputs along the way are replayed
    if (step == 60) SetActive("turn=0.5");
    walkthrough_.Step(dts[step % 3], character_);
    seen.push_back({walkthrough_.Elapsed(), walkthrough_.Active()->CurrentPose(),
                    glm::vec3(walkthrough_.Active()->View().character_world[3])});
  }
  for (int k : {70, 45, 10}) {  // each rewind replays from the start
    Back(walkthrough_.Elapsed() - seen[k].time);
    EXPECT_NEAR(walkthrough_.Elapsed(), seen[k].time, 1e-6);
    ExpectSamePose(walkthrough_.Active()->CurrentPose(), seen[k].pose, "step " + std::to_string(k));
    EXPECT_NEAR(
        glm::length(glm::vec3(walkthrough_.Active()->View().character_world[3]) - seen[k].place),
        0.0f, 1e-5f)
        << "step " << k;
  }
}

TEST_F(Rewind, PlaybackLandsBetweenStepsOnTheClipTime) {
  Activate(0);  // 00 Playback: Walk, speed 1, loop
  for (int i = 0; i < 10; ++i) walkthrough_.Step(0.1f, character_);
  Back(0.035);  // 0.965 s: inside the tenth step
  EXPECT_NEAR(walkthrough_.Elapsed(), 0.965, 1e-6);
  const anim::Clip& walk = model_.clips[model_.FindClip("Walk")];
  anim::Pose expected = anim::RestPoseOf(model_.skeleton);
  test_support::SampleInto(walk, expected, walk.StartTime() + std::fmod(0.965f, walk.Duration()));
  ExpectSamePose(walkthrough_.Active()->CurrentPose(), expected, "Walk at 0.965 s");
  ExpectSamePose(character_.pose(), expected, "the character shows it");
  Back(5.0);  // before the start: time 0
  EXPECT_EQ(walkthrough_.Elapsed(), 0.0);
}

}  // namespace

namespace {

// A model that replaces the shown one starts every sample afresh
// (viewer_window.cpp's Open calls ResetSamples before re-activating).
TEST_F(Rewind, ResetSamplesPutsEveryParameterBackToItsDefault) {
  Activate(3);  // 03 Additive
  const std::vector<std::string> defaults = walkthrough_.Active()->Params().Assignments();
  SetActive("lean=-1");
  ASSERT_NE(walkthrough_.Active()->Params().Assignments(), defaults);
  // Kept while the same samples live: chosen again, 03 still leans left.
  Activate(0);
  Activate(3);
  EXPECT_NE(walkthrough_.Active()->Params().Assignments(), defaults);
  walkthrough_.ResetSamples();
  Activate(3);
  EXPECT_EQ(walkthrough_.Active()->Params().Assignments(), defaults);
}

}  // namespace

namespace {

TEST(SoftwareRenderer, NamesOfSoftwareRasterisersAreRecognised) {
  for (const char* name : {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer",
                           "Mesa X11 swrast", "SwiftShader Device (Subzero)"}) {
    EXPECT_TRUE(render::IsSoftwareRenderer(name)) << name;
  }
  for (const char* name : {"NVIDIA H200/PCIe/SSE2", "AMD Radeon RX 7900 XTX (radeonsi, navi31)",
                           "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "Apple M2", ""}) {
    EXPECT_FALSE(render::IsSoftwareRenderer(name)) << name;
  }
}

// The crowd starts with a few characters where the CPU draws the window,
// says so, and a --set count still wins; headless (no renderer set) keeps
// the defaults the goldens were made with.
TEST_F(Rewind, ASoftwareRendererStartsTheCrowdSmallUnlessTheUserSetsACount) {
  auto count = [this] {
    for (const std::string& a : walkthrough_.Active()->Params().Assignments()) {
      if (a.rfind("count=", 0) == 0) return std::stoi(a.substr(6));
    }
    return -1;
  };
  Activate(8);
  const int default_count = count();
  EXPECT_EQ(default_count, 100);
  EXPECT_EQ(walkthrough_.SoftwareNote(), "");
  walkthrough_.SetSoftwareRenderer("llvmpipe (LLVM 15.0.6, 256 bits)");
  Activate(8);
  EXPECT_EQ(count(), 8);
  EXPECT_EQ(walkthrough_.SoftwareNote(),
            "llvmpipe (LLVM 15.0.6, 256 bits) draws on the CPU: 08 Crowd starts with count=8 "
            "(raise it for more)");
  std::string error;
  ASSERT_TRUE(walkthrough_.ActivateNumber(8, character_.model(), &error, {"count=30"})) << error;
  EXPECT_EQ(count(), 30);
  // A sample without lighter settings says nothing.
  Activate(1);
  EXPECT_EQ(walkthrough_.SoftwareNote(), "");
}

}  // namespace
