// 18 Retargeting on the mannequin with Woman.gltf's clips (or its own when
// the shared assets are absent): the live retarget agrees with the baked
// clip the clip list plays, the reference poses show what each rest pose
// holds, mapping edits apply or are refused with the reason, and the mapping
// is saved beside the model where the user asks.
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "import/gltf_importer.h"
#include "import/retarget_mapping_file.h"
#include "reduced_models.h"
#include "sample_lookup.h"
#include "samples/sample.h"

namespace {

using samples_test::LoadNumbered;
using samples_test::SetParam;

std::string MannequinPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

class RetargetingSample : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(MannequinPath(), &model_, &error)) << error;
    const std::string woman = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
    if (!std::filesystem::exists(woman)) GTEST_SKIP() << woman << " is absent";
    auto source_model = std::make_shared<anim::Model>();
    ASSERT_TRUE(anim::LoadGltfModel(woman, source_model.get(), &error)) << error;
    auto source = std::make_shared<anim::AnimationSource>();
    source->model = source_model;
    source->mapping = anim::AutoMapJoints(source_model->skeleton, model_.skeleton);
    source->first_clip = static_cast<int>(model_.clips.size());
    model_.animation_source = source;
    all_ = samples::MakeAllSamples();
  }

  // Model-space joint positions of a pose of the mannequin.
  std::vector<glm::vec3> Positions(const anim::SoaPose& pose) const {
    const anim::Pose p = anim::AsPose(model_.skeleton, pose);
    std::vector<glm::vec3> out;
    out.reserve(static_cast<std::size_t>(model_.skeleton.JointCount()));
    for (int j = 0; j < model_.skeleton.JointCount(); ++j) out.push_back(p.ModelMatrix(j)[3]);
    return out;
  }

  anim::Model model_;
  std::vector<std::unique_ptr<samples::Sample>> all_;
};

TEST_F(RetargetingSample, PlaysWhatTheBakedClipPlays) {
  samples::Sample& s = LoadNumbered(all_, model_, "18");
  EXPECT_TRUE(s.Notice().empty()) << s.Notice();
  SetParam(s, "clip=Walking");
  const anim::Model& woman = *model_.animation_source->model;
  anim::RetargetMap map;
  std::string error;
  ASSERT_TRUE(map.Build(woman.skeleton, model_.skeleton, model_.animation_source->mapping,
                        anim::ReferenceMatch::kMatchSource, &error));
  anim::RetargetBakeOptions pin;
  pin.pin_feet = true;
  const anim::Clip baked =
      anim::BakeRetargetedClip(woman.clips[woman.FindClip("Walking")], map, pin);
  s.Update(0.0f);
  float time = 0.0f;
  for (int frame = 0; frame < 50; ++frame) {
    s.Update(1.0f / 60);
    time += 1.0f / 60;
    anim::SoaPose expected;
    expected.CopyFrom(model_.skeleton.RestPose());
    baked.Sample(expected, time);
    const std::vector<glm::vec3> a = Positions(s.CurrentPose()), b = Positions(expected);
    for (std::size_t j = 0; j < a.size(); ++j) {
      // Between keys the baked clip interpolates what the live job computes.
      EXPECT_LT(glm::length(a[j] - b[j]), 0.002f)
          << model_.skeleton.JointName(j) << " frame " << frame;
    }
  }
}

// Woman's rest holds the arms down, the mannequin's out level: matched, the
// mannequin shows her arms; each rest as it is, its own T-pose.
TEST_F(RetargetingSample, TheReferencePosesShowWhatEachRestHolds) {
  samples::Sample& s = LoadNumbered(all_, model_, "18");
  SetParam(s, "show_reference=true");
  const anim::Model& woman = *model_.animation_source->model;
  const float hers =
      anim::ReadArmPose(woman.skeleton, woman.skeleton.RestPose()).degrees_below_level;
  s.Update(0.0f);
  EXPECT_NEAR(anim::ReadArmPose(model_.skeleton, s.CurrentPose()).degrees_below_level, hers, 0.5f);
  SetParam(s, "reference=rest");
  s.Update(0.0f);
  EXPECT_NEAR(anim::ReadArmPose(model_.skeleton, s.CurrentPose()).degrees_below_level, 0.0f, 0.5f);
}

// reference = frame: the source's pose at reference_phase of its clip
// stands for the character's rest pose, so at that phase the character
// shows its rest pose exactly, and elsewhere it does not.
TEST_F(RetargetingSample, AFrameOfTheClipCanBeTheReference) {
  samples::Sample& s = LoadNumbered(all_, model_, "18");
  SetParam(s, "clip=Punch");
  SetParam(s, "pin_feet=false");
  SetParam(s, "reference=frame");
  SetParam(s, "reference_phase=0.4");
  SetParam(s, "phase=0.4");
  s.Update(0.0f);
  const std::vector<glm::vec3> rest = Positions(model_.skeleton.RestPose());
  float largest = 0.0f;
  std::vector<glm::vec3> shown = Positions(s.CurrentPose());
  for (std::size_t j = 0; j < rest.size(); ++j)
    largest = std::max(largest, glm::length(shown[j] - rest[j]));
  EXPECT_LT(largest, 1e-4f);
  SetParam(s, "phase=0.7");
  s.Update(0.0f);
  shown = Positions(s.CurrentPose());
  largest = 0.0f;
  for (std::size_t j = 0; j < rest.size(); ++j)
    largest = std::max(largest, glm::length(shown[j] - rest[j]));
  EXPECT_GT(largest, 0.05f) << "the punch moves away from the reference frame";
}

TEST_F(RetargetingSample, MappingEditsApplyOrAreRefusedWithTheReason) {
  samples::Sample& s = LoadNumbered(all_, model_, "18");
  SetParam(s, "clip=Punch");
  SetParam(s, "map_joint=LeftForeArm");
  s.Update(0.0f);
  EXPECT_EQ(s.Params().Find("map_source")->choices[*s.Params().Find("map_source")->int_value],
            "LeftForeArm");
  // Unmapped, the forearm keeps its reference rotation under the arm.
  SetParam(s, "map_source=(none)");
  s.Update(0.3f);
  const anim::Transform forearm = s.CurrentPose().Local(model_.skeleton.FindJoint("LeftForeArm"));
  s.Update(0.2f);
  EXPECT_EQ(s.CurrentPose().Local(model_.skeleton.FindJoint("LeftForeArm")).rotation,
            forearm.rotation);
  // The head driven by the hips' source, below the neck's: the mapping
  // would cross the hierarchy, so it is refused and the head keeps its own.
  SetParam(s, "map_joint=Head");
  s.Update(0.0f);
  SetParam(s, "map_source=Hips");
  s.Update(0.0f);
  EXPECT_EQ(s.Params().Find("map_source")->choices[*s.Params().Find("map_source")->int_value],
            "Head");
  // The hips' source moved to the head for a moment; it is back too.
  SetParam(s, "map_joint=Hips");
  s.Update(0.0f);
  EXPECT_EQ(s.Params().Find("map_source")->choices[*s.Params().Find("map_source")->int_value],
            "Hips");
}

TEST_F(RetargetingSample, SavesTheMappingBesideTheModel) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "retargeting_sample_save";
  std::filesystem::create_directories(dir);
  model_.source_path = (dir / "hero.gltf").string();
  samples::Sample& s = LoadNumbered(all_, model_, "18");
  SetParam(s, "map_joint=Head");
  s.Update(0.0f);
  SetParam(s, "map_source=(none)");
  s.Update(0.0f);
  SetParam(s, "save_mapping=1");
  s.Update(0.0f);
  const std::string path = anim::RetargetMappingPathFor(model_.source_path);
  anim::RetargetMappingFile file;
  std::string error;
  ASSERT_TRUE(std::filesystem::exists(path));
  // Its "source" names Woman.gltf relative to the file: it resolves.
  ASSERT_TRUE(anim::ReadRetargetMappingFile(path, &file, &error)) << error;
  EXPECT_EQ(std::filesystem::canonical(file.source),
            std::filesystem::canonical(model_.animation_source->model->source_path));
  anim::JointMapping mapping;
  ASSERT_TRUE(anim::ApplyRetargetMappingFile(file, model_.animation_source->model->skeleton,
                                             model_.skeleton, &mapping, &error))
      << error;
  anim::JointMapping expected = model_.animation_source->mapping;
  expected[model_.skeleton.FindJoint("Head")] = -1;
  EXPECT_EQ(mapping, expected);
  std::filesystem::remove_all(dir);
}

// Without another file's clips it plays the model's own onto itself: the
// clip back, and nothing to save.
TEST(RetargetingSampleAlone, ItsOwnClipsComeBackUnchanged) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(MannequinPath(), &model, &error)) << error;
  auto all = samples::MakeAllSamples();
  samples::Sample& s = LoadNumbered(all, model, "18");
  EXPECT_NE(s.Notice().find("retargeted onto itself"), std::string::npos);
  SetParam(s, "clip=Walk");
  SetParam(s, "pin_feet=false");
  s.Update(0.0f);
  s.Update(0.25f);
  anim::SoaPose expected;
  expected.CopyFrom(model.skeleton.RestPose());
  model.clips[model.FindClip("Walk")].Sample(expected, 0.25f);
  const anim::Pose a = anim::AsPose(model.skeleton, s.CurrentPose());
  const anim::Pose b = anim::AsPose(model.skeleton, expected);
  for (int j = 0; j < model.skeleton.JointCount(); ++j) {
    EXPECT_LT(glm::length(glm::vec3(a.ModelMatrix(j)[3] - b.ModelMatrix(j)[3])), 1e-5f);
  }
  SetParam(s, "save_mapping=1");
  s.Update(0.0f);
  EXPECT_FALSE(std::filesystem::exists(anim::RetargetMappingPathFor(MannequinPath())));
}

// The morph-animated bird (test_models::MorphOnlyBird) onto itself: the
// clip's time runs on and wraps at its end, 1.5 s in reads 0.125 s of
// 1.375 s (three.js's Flamingo once read 0.000 s here).
TEST(RetargetingSampleAlone, AMorphOnlyClipsTimeRunsAndWraps) {
  const anim::Model bird = test_models::MorphOnlyBird();
  auto all = samples::MakeAllSamples();
  samples::Sample& s = LoadNumbered(all, bird, "18");
  for (int frame = 0; frame < 90; ++frame) s.Update(1.0f / 60);
  ASSERT_TRUE(s.View().timeline);
  EXPECT_NEAR(s.View().time, 0.125f, 1e-3f);
}

}  // namespace
