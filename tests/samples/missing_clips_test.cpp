// Every sample on models that lack what it needs, made from the mannequin:
// with no clips each refuses to load and says what it needs and that the
// model has none; with a single clip each says what it needs and what the
// model has, and shows that clip on its own (never the clip blended with
// itself, never a whole clip used as a lean). A sample that draws its own
// generated mesh needs no clips and loads on both.
#include <cmath>

#include <gtest/gtest.h>

#include "mannequin_samples.h"
#include "reduced_models.h"
#include "samples/clip_roles.h"

namespace {

class MissingClips : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (HasFatalFailure()) return;
    single_ = test_models::WithOneClip(model_, "Walk", "Armature|Take");
    none_ = test_models::WithoutClips(model_);
  }
  static void ExpectSamePose(const anim::Pose& a, const anim::Pose& b, const std::string& what) {
    ASSERT_EQ(a.JointCount(), b.JointCount());
    for (int j = 0; j < a.JointCount(); ++j) {
      EXPECT_NEAR(glm::length(a.Local(j).translation - b.Local(j).translation), 0.0f, 1e-4f)
          << what << " joint " << j;
      EXPECT_NEAR(std::abs(glm::dot(a.Local(j).rotation, b.Local(j).rotation)), 1.0f, 1e-4f)
          << what << " joint " << j;
    }
  }
  anim::Model single_, none_;
};

TEST_F(MissingClips, WithoutClipsEverySampleRefusesAndSaysWhatItNeeds) {
  for (auto& sample : all_) {
    std::string error;
    if (sample->OwnMesh() != nullptr) {
      // It draws a mesh it generates (14's twist rig): the model's clips do not matter.
      EXPECT_TRUE(sample->Load(none_, &error)) << sample->Title() << ": " << error;
      EXPECT_TRUE(sample->Notice().empty()) << sample->Title() << ": " << sample->Notice();
      continue;
    }
    EXPECT_FALSE(sample->Load(none_, &error)) << sample->Title();
    EXPECT_NE(error.find("this sample needs"), std::string::npos)
        << sample->Title() << ": " << error;
    EXPECT_NE(error.find("the model has no clips"), std::string::npos)
        << sample->Title() << ": " << error;
  }
}

TEST_F(MissingClips, WithOneClipEachSampleNamesItAndPlaysItAlone) {
  const anim::Clip& take = single_.clips[0];
  for (auto& sample : all_) {
    const std::string title = sample->Title();
    std::string error;
    const bool loaded = sample->Load(single_, &error);
    if (title == "09 Graph file") {
      // The shipped descriptions name clips this model lacks: refused, with
      // the reason for each description.
      EXPECT_FALSE(loaded);
      EXPECT_NE(error.find("mannequin_locomotion.json"), std::string::npos) << error;
      continue;
    }
    ASSERT_TRUE(loaded) << title << ": " << error;
    // The IK samples correct the clip; at weight 0 they show it untouched.
    if (title == "10 IK" || title == "11 Look-at") {
      std::string why;
      ASSERT_TRUE(sample->Params().SetAssignment("weight=0", &why)) << why;
    }
    for (int frame = 0; frame < 30; ++frame) sample->Update(1.0f / 60);
    const std::string& notice = sample->Notice();
    if (sample->OwnMesh() != nullptr) {  // its own mesh, no clip needed (14)
      EXPECT_TRUE(notice.empty()) << title << ": " << notice;
      continue;
    }
    if (title == "00 Playback" || title == "15 Compression") {
      EXPECT_TRUE(notice.empty()) << notice;  // one clip is all it needs
    } else {
      EXPECT_NE(notice.find("this sample needs"), std::string::npos) << title << ": " << notice;
      EXPECT_NE(notice.find("the model has one: Armature|Take"), std::string::npos)
          << title << ": " << notice;
      // No internal wording (a blend space's "positions 1 and 2 are equal").
      EXPECT_EQ(notice.find("positions"), std::string::npos) << title << ": " << notice;
    }
    if (title == "07 State machine") {
      // No clip of the model is a jump or a punch: both are left out, not
      // played by the walk.
      EXPECT_NE(notice.find("Jump"), std::string::npos) << notice;
      EXPECT_NE(notice.find("Punch"), std::string::npos) << notice;
      std::string why;
      ASSERT_TRUE(sample->Params().SetAssignment("jump=1", &why)) << why;
      for (int frame = 0; frame < 30; ++frame) sample->Update(1.0f / 60);  // 1.0 s in
      anim::Pose later = single_.skeleton.RestPose();
      take.Sample(later, take.StartTime() + 1.0f);
      ExpectSamePose(anim::AsPose(single_.skeleton, sample->CurrentPose()), later,
                     title + " after the jump key");
      continue;
    }
    if (title == "08 Crowd") continue;  // its pose is one character's, at a random phase
    // The clip on its own, 0.5 s in: what sampling it directly gives.
    anim::Pose expected = single_.skeleton.RestPose();
    take.Sample(expected, take.StartTime() + 0.5f);
    ExpectSamePose(anim::AsPose(single_.skeleton, sample->CurrentPose()), expected, title);
  }
}

TEST_F(MissingClips, TheAdditiveSampleWithoutAnAdditiveClipAddsNothing) {
  for (auto& sample : all_) {
    if (sample->Title() != "03 Additive") continue;
    std::string error;
    ASSERT_TRUE(sample->Load(single_, &error)) << error;
    // Only "none" is offered as a lean: the one clip is a whole clip.
    const samples::Param* lean = sample->Params().Find("lean_clip");
    ASSERT_NE(lean, nullptr);
    EXPECT_EQ(lean->choices, std::vector<std::string>{"none"});
    EXPECT_NE(sample->Notice().find("additive clip"), std::string::npos) << sample->Notice();
  }
}

TEST(ClipRoles, AdditiveClipsAreToldByNameOrByHowFewJointsTheyMove) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  for (const char* name : {"Idle", "Walk", "Run", "Punch", "Jump"}) {
    EXPECT_FALSE(samples::IsAdditiveClip(model, model.FindClip(name))) << name;
  }
  for (const char* name : {"Lean_Left", "Look"}) {
    EXPECT_TRUE(samples::IsAdditiveClip(model, model.FindClip(name))) << name;
  }
  // Renamed, Look still moves 2 of 22 joints only: still additive.
  model.clips[model.FindClip("Look")].SetName("Take 001");
  EXPECT_TRUE(samples::IsAdditiveClip(model, model.FindClip("Take 001")));
  EXPECT_EQ(samples::FullBodyClips(model).size(), 5u);
}

TEST(ClipRoles, DescribeClipsCountsAndNamesThem) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  EXPECT_EQ(samples::DescribeClips(model, {}), "the model has no clips");
  EXPECT_EQ(samples::DescribeClips(model, {1}), "the model has one: Walk");
  EXPECT_EQ(samples::DescribeClips(model, {0, 2}), "the model has 2: Idle, Run");
  EXPECT_EQ(samples::NeedsMessage("two clips", model, {1}),
            "this sample needs two clips; the model has one: Walk");
}

}  // namespace
