// 08 Crowd on the mannequin: the frame it hands the viewer (one palette and
// one world matrix per character), palettes that match the poses, the same
// result on one thread or two, and no heap allocation per frame.
#include <algorithm>
#include <memory>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/skeleton.h"
#include "mannequin_samples.h"

namespace {

// Several crowds side by side (Make), so each test holds its own.
class CrowdSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    crowd_ = Make();
    ASSERT_NE(crowd_, nullptr) << "no sample titled '08 Crowd'";
  }
  std::unique_ptr<samples::Sample> Make() {
    for (auto& sample : samples::MakeAllSamples()) {
      if (sample->Title() == "08 Crowd") {
        std::string error;
        EXPECT_TRUE(sample->Load(model_, &error)) << error;
        return std::move(sample);
      }
    }
    return nullptr;
  }
  static void Set(samples::Sample& s, const std::string& assignment) {
    std::string error;
    ASSERT_TRUE(s.Params().SetAssignment(assignment, &error)) << error;
  }
  std::unique_ptr<samples::Sample> crowd_;
};

TEST_F(CrowdSampleTest, HandsOnePaletteAndOneWorldMatrixPerCharacter) {
  Set(*crowd_, "count=37");
  crowd_->Update(1.0f / 60);
  const samples::CrowdFrame* frame = crowd_->Crowd();
  ASSERT_NE(frame, nullptr);
  const int joints = model_.skeleton.JointCount();
  EXPECT_EQ(frame->joint_count, joints);
  ASSERT_EQ(frame->worlds.size(), 37u);
  EXPECT_EQ(frame->palettes.size(), 37u * joints);
  EXPECT_FALSE(frame->cpu_skinning);
  // On a grid: no two characters closer than half the spacing (0.8 heights
  // of a ~1.7 m joint span, jitter at most 0.3 of it), all inside the box.
  float closest = 1e30f;
  for (std::size_t a = 0; a < frame->worlds.size(); ++a) {
    const glm::vec3 p(frame->worlds[a][3]);
    EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, frame->bounds_min)) &&
                glm::all(glm::lessThanEqual(p, frame->bounds_max)));
    for (std::size_t b = a + 1; b < frame->worlds.size(); ++b) {
      closest = std::min(closest, glm::length(p - glm::vec3(frame->worlds[b][3])));
    }
  }
  EXPECT_GT(closest, 0.5f);
  Set(*crowd_, "skinning=cpu");
  crowd_->Update(1.0f / 60);
  EXPECT_TRUE(crowd_->Crowd()->cpu_skinning);
}

TEST_F(CrowdSampleTest, FirstCharactersPaletteIsThatOfItsPose) {
  for (int frame = 0; frame < 40; ++frame) crowd_->Update(1.0f / 60);
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  std::vector<glm::mat4> scratch(joints), expected(joints);
  anim::ComputePalette(model_.skeleton, anim::AsPose(model_.skeleton, crowd_->CurrentPose()),
                       scratch, expected);
  const auto palettes = crowd_->Crowd()->palettes;
  for (std::size_t j = 0; j < joints; ++j) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) EXPECT_NEAR(palettes[j][c][r], expected[j][c][r], 1e-5f) << j;
    }
  }
  // And the characters differ: each has its own phase, weight or clip.
  int differing = 0;
  for (std::size_t k = 1; k < crowd_->Crowd()->worlds.size(); ++k) {
    differing +=
        !std::equal(palettes.begin(), palettes.begin() + joints, palettes.begin() + k * joints);
  }
  EXPECT_EQ(differing, static_cast<int>(crowd_->Crowd()->worlds.size()) - 1);
}

TEST_F(CrowdSampleTest, OneThreadAndTwoThreadsGiveTheSamePalettes) {
  auto other = Make();
  Set(*crowd_, "threads=1");
  Set(*other, "threads=2");
  for (int frame = 0; frame < 30; ++frame) {
    crowd_->Update(1.0f / 60);
    other->Update(1.0f / 60);
  }
  const auto a = crowd_->Crowd()->palettes;
  const auto b = other->Crowd()->palettes;
  ASSERT_EQ(a.size(), b.size());
  EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin()));
}

TEST_F(CrowdSampleTest, PerFrameUpdateAllocatesNothing) {
  Set(*crowd_, "count=1000");
  crowd_->Update(1.0f / 60);  // builds the crowd and the thread pool
  const long before = test_support::AllocationCount();
  // Thirty frames are plenty to see an allocation and keep the sanitizer run short.
  for (int frame = 0; frame < 30; ++frame) crowd_->Update(1.0f / 60);
  EXPECT_EQ(test_support::AllocationCount(), before);
}

}  // namespace
