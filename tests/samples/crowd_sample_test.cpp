// 08 Crowd on the mannequin: the frame it hands the viewer (one palette and
// one world matrix per character), palettes that match the poses, the same
// result on one thread or two, and no heap allocation per frame; in graph
// mode, each character its own instance of the shipped locomotion graph at
// its own speed, matching a one-character graph of the same file.
#include <algorithm>
#include <memory>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/graph/animation_graph.h"
#include "anim/skeleton.h"
#include "import/graph_description.h"
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
  // Runs both crowds over the same frames; their palettes must be equal.
  static void ExpectSamePalettes(samples::Sample& a, samples::Sample& b, int frames) {
    for (int frame = 0; frame < frames; ++frame) {
      a.Update(1.0f / 60);
      b.Update(1.0f / 60);
    }
    const auto pa = a.Crowd()->palettes;
    const auto pb = b.Crowd()->palettes;
    ASSERT_EQ(pa.size(), pb.size());
    EXPECT_TRUE(std::equal(pa.begin(), pa.end(), pb.begin()));
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
  ExpectSamePalettes(*crowd_, *other, 30);
}

TEST_F(CrowdSampleTest, PerFrameUpdateAllocatesNothing) {
  Set(*crowd_, "count=1000");
  crowd_->Update(1.0f / 60);  // builds the crowd and the thread pool
  const long before = test_support::AllocationCount();
  // Thirty frames are plenty to see an allocation and keep the sanitizer run short.
  for (int frame = 0; frame < 30; ++frame) crowd_->Update(1.0f / 60);
  EXPECT_EQ(test_support::AllocationCount(), before);
}

// The palette of character `k` in the crowd's frame.
std::vector<glm::mat4> PaletteOf(const samples::CrowdFrame& frame, int k) {
  const auto joints = static_cast<std::size_t>(frame.joint_count);
  const auto begin = frame.palettes.begin() + static_cast<std::ptrdiff_t>(k * joints);
  return {begin, begin + static_cast<std::ptrdiff_t>(joints)};
}

float LargestDifference(const std::vector<glm::mat4>& a, const std::vector<glm::mat4>& b) {
  float largest = 0.0f;
  for (std::size_t j = 0; j < a.size(); ++j) {
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) largest = std::max(largest, std::abs(a[j][c][r] - b[j][c][r]));
    }
  }
  return largest;
}

// Two characters in step: character 0 at speed_min = 0.5 m/s (walking
// slowly), character 1 at 0.5 + (3.5 - 0.5) * frac(1 * 0.618) = 2.354 m/s
// (a run). Each must match a one-character graph loaded from the same file
// with that speed and run over the same frames.
TEST_F(CrowdSampleTest, GraphModeRunsEachCharactersOwnInstanceAtItsOwnSpeed) {
  Set(*crowd_, "play=graph");
  Set(*crowd_, "count=2");
  Set(*crowd_, "in_step=true");
  Set(*crowd_, "speed_min=0.5");
  Set(*crowd_, "speed_max=3.5");
  const std::string file =
      std::string(ANIM_SOURCE_DIR) + "/assets/graphs/mannequin_locomotion.json";
  std::string error;
  std::vector<std::unique_ptr<anim::AnimationGraph>> references;
  for (float speed : {0.5f, 0.5f + 3.0f * 0.618034f}) {
    references.push_back(anim::LoadAnimationGraph(file, model_, &error));
    ASSERT_NE(references.back(), nullptr) << error;
    ASSERT_TRUE(references.back()->Params().Set("speed", speed));
  }
  const auto joints = static_cast<std::size_t>(model_.skeleton.JointCount());
  std::vector<glm::mat4> scratch(joints);
  std::vector<std::vector<glm::mat4>> first_frames;
  for (int frame = 0; frame < 45; ++frame) {
    crowd_->Update(1.0f / 60);
    const samples::CrowdFrame* crowd = crowd_->Crowd();
    ASSERT_NE(crowd, nullptr);
    ASSERT_EQ(crowd->worlds.size(), 2u);
    for (int k = 0; k < 2; ++k) {
      references[k]->Update(1.0f / 60);
      if (frame % 15 != 14) continue;
      std::vector<glm::mat4> expected(joints);
      anim::ComputePalette(model_.skeleton, references[k]->Output(), scratch, expected);
      EXPECT_LT(LargestDifference(PaletteOf(*crowd, k), expected), 1e-4f)
          << "character " << k << " at frame " << frame;
    }
    if (frame == 14) first_frames = {PaletteOf(*crowd, 0), PaletteOf(*crowd, 1)};
  }
  // It animates (a quarter second later the poses are others), and the two
  // speeds give two poses (in step, nothing else tells them apart).
  const samples::CrowdFrame& last = *crowd_->Crowd();
  EXPECT_GT(LargestDifference(PaletteOf(last, 0), first_frames[0]), 1e-2f);
  EXPECT_GT(LargestDifference(PaletteOf(last, 1), first_frames[1]), 1e-2f);
  EXPECT_GT(LargestDifference(PaletteOf(last, 0), PaletteOf(last, 1)), 1e-2f);
}

// A model no graph ships for (the mannequin under another file name):
// graph mode says so and the crowd plays the same clips as in clip mode.
TEST_F(CrowdSampleTest, GraphModeWithoutAShippedGraphSaysSoAndPlaysClips) {
  anim::Model renamed = model_;
  renamed.source_path = "somewhere/robot.gltf";
  std::unique_ptr<samples::Sample> graph_mode, clip_mode;
  for (auto* sample : {&graph_mode, &clip_mode}) {
    for (auto& s : samples::MakeAllSamples()) {
      if (s->Title() == "08 Crowd") *sample = std::move(s);
    }
    ASSERT_NE(*sample, nullptr);
    std::string error;
    ASSERT_TRUE((*sample)->Load(renamed, &error)) << error;
  }
  Set(*graph_mode, "play=graph");
  EXPECT_NE(graph_mode->Problem().find("robot_locomotion.json"), std::string::npos)
      << graph_mode->Problem();
  EXPECT_EQ(clip_mode->Problem(), "");
  ExpectSamePalettes(*graph_mode, *clip_mode, 20);
}

TEST_F(CrowdSampleTest, GraphModeFramesAllocateNothing) {
  Set(*crowd_, "play=graph");
  Set(*crowd_, "count=200");
  crowd_->Update(1.0f / 60);  // builds the instances and the thread pool
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 30; ++frame) crowd_->Update(1.0f / 60);
  EXPECT_EQ(test_support::AllocationCount(), before);
}

}  // namespace
