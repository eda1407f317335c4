// Every sample on models that lack what it needs, made from the mannequin:
// with no clips each refuses to load and says what it needs and that the
// model has none; with a single clip each says what it needs and what the
// model has, and shows that clip on its own (never the clip blended with
// itself, never a whole clip used as a lean). A sample that draws its own
// generated mesh needs no clips and loads on both.
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <utility>

#include <gtest/gtest.h>

#include "anim/compression/playback.h"
#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "reduced_models.h"
#include "samples/clip_roles.h"
#include "samples/idle_underlay.h"
#include "tests/support/pose_sampling.h"

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
    if (sample->View().own_mesh != nullptr) {
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
    // So does 19's foot lock, off.
    if (title == "10 IK" || title == "11 Look-at") {
      std::string why;
      ASSERT_TRUE(sample->Params().SetAssignment("weight=0", &why)) << why;
    }
    if (title == "19 Motion matching") {
      std::string why;
      ASSERT_TRUE(sample->Params().SetAssignment("foot_lock=false", &why)) << why;
    }
    for (int frame = 0; frame < 30; ++frame) sample->Update(1.0f / 60);
    const std::string& notice = sample->Notice();
    if (sample->View().own_mesh != nullptr) {  // its own mesh, no clip needed (14)
      EXPECT_TRUE(notice.empty()) << title << ": " << notice;
      continue;
    }
    if (title == "00 Playback" || title == "15 Compression" || title == "17 Mixer") {
      EXPECT_TRUE(notice.empty()) << notice;  // one clip is all it needs
    } else if (title == "18 Retargeting") {
      // No other file's clips: its own, onto itself, and it says so.
      EXPECT_NE(notice.find("retargeted onto itself"), std::string::npos) << notice;
    } else {
      EXPECT_NE(notice.find("this sample needs"), std::string::npos) << title << ": " << notice;
      // The IK samples list the idle clips (the walk is none) and name what
      // plays instead; 16 lists the one-shot clips it plays as emotes (none).
      const bool ik = title == "10 IK" || title == "11 Look-at";
      const std::string says = ik ? "the model has no idle clips. Armature|Take plays"
                               : title == "16 Morph targets" ? "the model has no one-shot clips"
                                                             : "the model has one: Armature|Take";
      EXPECT_NE(notice.find(says), std::string::npos) << title << ": " << notice;
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
      anim::Pose later = anim::RestPoseOf(single_.skeleton);
      test_support::SampleInto(take, later, take.StartTime() + 1.0f);
      ExpectSamePose(anim::AsPose(single_.skeleton, sample->CurrentPose()), later,
                     title + " after the jump key");
      continue;
    }
    if (title == "08 Crowd") continue;  // its pose is one character's, at a random phase
    // The clip on its own, 0.5 s in: what sampling it directly gives.
    anim::Pose expected = anim::RestPoseOf(single_.skeleton);
    test_support::SampleInto(take, expected, take.StartTime() + 0.5f);
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

anim::Model LoadOrSkip(const std::string& path, bool* skipped) {
  anim::Model model;
  std::string error;
  *skipped = !std::filesystem::exists(path);
  if (!*skipped) {
    EXPECT_TRUE(anim::LoadGltfModel(path, &model, &error)) << error;
  }
  return model;
}

void ExpectRoles(const anim::Model& model,
                 std::initializer_list<std::pair<const char*, anim::ClipRole>> expected) {
  for (const auto& [name, role] : expected) {
    const int clip = model.FindClip(name);
    ASSERT_GE(clip, 0) << name;
    EXPECT_EQ(samples::RoleOf(model, clip), role)
        << model.source_path << " " << name << ": " << model.clip_roles[clip].reason;
    EXPECT_EQ(samples::IsAdditiveClip(model, clip), role == anim::ClipRole::kAdditive) << name;
  }
}

TEST(ClipRoles, TheMannequinsClipsAreReadFromTheirMotion) {
  bool skipped = false;
  anim::Model model = LoadOrSkip(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &skipped);
  using R = anim::ClipRole;
  ExpectRoles(model, {{"Idle", R::kIdle},
                      {"Walk", R::kLocomotion},
                      {"Run", R::kLocomotion},
                      {"Punch", R::kOneShot},
                      {"Jump", R::kOneShot},
                      {"Lean_Left", R::kAdditive},
                      {"Look", R::kAdditive}});
  // Names do not decide: renamed, Look is still a layer and Walk still a whole clip.
  model.clips[model.FindClip("Look")].SetName("Take 001");
  model.clips[model.FindClip("Walk")].SetName("Lean_Walk_Additive");
  ExpectRoles(model, {{"Take 001", R::kAdditive}, {"Lean_Walk_Additive", R::kLocomotion}});
  EXPECT_EQ(samples::FullBodyClips(model).size(), 5u);
  // A user's override is what samples see.
  model.clip_roles[model.FindClip("Punch")].role = R::kAdditive;
  EXPECT_TRUE(samples::IsAdditiveClip(model, model.FindClip("Punch")));
  EXPECT_EQ(samples::FullBodyClips(model).size(), 4u);
  // A model built in code without roles gets them guessed on demand.
  model.clip_roles.clear();
  EXPECT_EQ(samples::RoleOf(model, model.FindClip("Take 001")), R::kAdditive);
  EXPECT_EQ(samples::RoleOf(model, model.FindClip("Punch")), R::kOneShot);
}

// The robot of three.js's skinning-and-morphing example: its clips move 5 to
// 17 of 43 joints (the rest stay in a natural rest pose), which a count of
// moving joints took for layers.
TEST(ClipRoles, TheRobotsIdleDanceAndEmotesAreWholeClips) {
  bool skipped = false;
  const anim::Model model = LoadOrSkip(
      std::string(ANIM_SOURCE_DIR) + "/tests/assets/robot_expressive/RobotExpressive.glb",
      &skipped);
  using R = anim::ClipRole;
  ExpectRoles(model, {{"Idle", R::kIdle},
                      {"Walking", R::kLocomotion},
                      {"Running", R::kLocomotion},
                      {"Death", R::kOneShot},
                      {"Sitting", R::kOneShot},
                      {"Standing", R::kOneShot},
                      {"Punch", R::kOneShot},
                      {"ThumbsUp", R::kOneShot}});
  // Dance, Yes and No too: no clip of the robot is a layer.
  EXPECT_TRUE(samples::AdditiveClips(model).empty());
  EXPECT_EQ(samples::FindClipWithRole(model, R::kIdle, {"idle"}), model.FindClip("Idle"));
}

TEST(ClipRoles, WomansLeanIsALayerAndHerOtherClipsAreWhole) {
  bool skipped = false;
  const anim::Model model =
      LoadOrSkip(std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf", &skipped);
  if (skipped) GTEST_SKIP() << "../shared/assets/Woman.gltf is absent";
  using R = anim::ClipRole;
  ExpectRoles(model, {{"Lean_Left", R::kAdditive},
                      {"Idle", R::kIdle},
                      {"SitIdle", R::kIdle},
                      {"Walking", R::kLocomotion},
                      {"Running", R::kLocomotion},
                      {"Sitting", R::kOneShot},
                      {"PickUp", R::kOneShot}});
  EXPECT_EQ(samples::AdditiveClips(model), std::vector<int>{model.FindClip("Lean_Left")});
}

TEST(ClipRoles, AnIdleSampleNeverContradictsTheClipsItLists) {
  bool skipped = false;
  anim::Model model = LoadOrSkip(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &skipped);
  samples::IdleUnderlay underlay;
  std::string notice, error;
  ASSERT_TRUE(underlay.Load(model, &notice, &error)) << error;
  EXPECT_EQ(notice, "");
  // The user says Idle is a one-shot: no clip is an idle any more, and the
  // notice lists the idle clips (none), not every clip with Idle among them.
  model.clip_roles[model.FindClip("Idle")].role = anim::ClipRole::kOneShot;
  ASSERT_TRUE(underlay.Load(model, &notice, &error)) << error;
  const std::string needs = notice.substr(0, notice.find(". "));
  EXPECT_EQ(needs, "this sample needs an idle clip to correct; the model has no idle clips");
  EXPECT_EQ(notice.substr(needs.size()), ". Idle plays under the corrections instead.");
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
