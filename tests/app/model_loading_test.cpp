// Loading a model for the viewer (app/model_loading.h): every input is an
// argument (LoadOptions), so two loads with different options in one
// process do not see each other's, and the load memory limit given is the
// one the compression check uses.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "anim/offline/clip_builder.h"
#include "app/compression_info.h"
#include "app/model_loading.h"

namespace {

std::string MannequinPath() { return std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf"; }

TEST(ModelLoading, AnAnimationSourceInTheOptionsAddsItsClips) {
  anim::Model plain;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(MannequinPath(), {}, &plain, &error)) << error;
  EXPECT_EQ(plain.animation_source, nullptr);

  animviewer::LoadOptions with_source;
  with_source.animations.path = MannequinPath();
  anim::Model retargeted;
  ASSERT_TRUE(animviewer::LoadModelFile(MannequinPath(), with_source, &retargeted, &error))
      << error;
  ASSERT_NE(retargeted.animation_source, nullptr);
  EXPECT_EQ(retargeted.animation_source->first_clip, static_cast<int>(plain.clips.size()));
  EXPECT_EQ(retargeted.clips.size(), 2 * plain.clips.size());
  // The source character itself is read without a source of its own (no
  // recursion): its clips are the file's.
  EXPECT_EQ(retargeted.animation_source->model->clips.size(), plain.clips.size());
  EXPECT_EQ(retargeted.animation_source->model->animation_source, nullptr);

  // A later load without a source is not touched by the earlier one.
  anim::Model again;
  ASSERT_TRUE(animviewer::LoadModelFile(MannequinPath(), {}, &again, &error)) << error;
  EXPECT_EQ(again.animation_source, nullptr);
  EXPECT_EQ(again.clips.size(), plain.clips.size());
}

TEST(ModelLoading, AFailingAnimationSourceFailsTheLoadNamingTheSource) {
  animviewer::LoadOptions options;
  options.animations.path = MannequinPath() + ".missing.gltf";
  anim::Model model;
  std::string error;
  EXPECT_FALSE(animviewer::LoadModelFile(MannequinPath(), options, &model, &error));
  EXPECT_NE(error.find(".missing.gltf"), std::string::npos) << error;
}

// The refusal turns on exactly at the clip's working memory, computed here
// from the builder's own estimate.
TEST(ModelLoading, TheLoadMemoryLimitGivenDecidesWhichClipsStayRaw) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(MannequinPath(), {}, &model, &error)) << error;
  ASSERT_FALSE(model.clips.empty());
  const anim::Clip& clip = model.clips[0];
  const std::size_t needed =
      anim::CompressionWorkingBytes(clip, model.skeleton, animviewer::ViewerCompressionSettings());
  EXPECT_EQ(animviewer::CompressionRefusal(model, clip, needed), "");
  const std::string refusal = animviewer::CompressionRefusal(model, clip, needed - 1);
  EXPECT_NE(refusal.find(clip.Name()), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("--max-load-memory"), std::string::npos) << refusal;

  // --info's compression report, given the same limit, lists that refusal.
  const std::string report = animviewer::DescribeCompression(model, needed - 1);
  EXPECT_NE(report.find(refusal), std::string::npos) << report;
}

// The roles a user chose in an earlier run (the model's .roles.json beside
// it) are the model's roles when it loads again; a mistake in the file is a
// warning, not a failed load.
TEST(ModelLoading, TheRolesFileBesideTheModelIsApplied) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() /
      ("roles_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path copy = dir / "mannequin.gltf";
  std::filesystem::copy_file(MannequinPath(), copy,
                             std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir / "mannequin.roles.json")
      << R"({"roles": {"Punch": "locomotion", "Nope": "idle"}})";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(animviewer::LoadModelFile(copy.string(), {}, &model, &error)) << error;
  int punch = -1;
  for (std::size_t c = 0; c < model.clips.size(); ++c) {
    if (model.clips[c].Name() == "Punch") punch = static_cast<int>(c);
  }
  ASSERT_GE(punch, 0);
  EXPECT_EQ(model.clip_roles[punch].role, anim::ClipRole::kLocomotion);
  EXPECT_EQ(model.clip_roles[punch].guessed, anim::ClipRole::kOneShot);
  const std::string expected = (dir / "mannequin.roles.json").string() +
                               ": roles.\"Nope\": the model has no clip of that name";
  EXPECT_NE(std::find(model.warnings.begin(), model.warnings.end(), expected),
            model.warnings.end());
  std::filesystem::remove_all(dir);
}

}  // namespace
