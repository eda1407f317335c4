// SaveClipsIntoGltf (import/gltf_animation_export.h) at the importer's level:
// a model without image files may be written anywhere, and what it writes
// loads back with the clips added, keyed as they were.
#include "import/gltf_animation_export.h"

#include <unistd.h>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "import/gltf_importer.h"
#include "tests/support/pose_sampling.h"

namespace {

TEST(ClipExport, AModelWithoutImageFilesIsWrittenAnywhereAndLoadsWithTheClipsAdded) {
  const std::string source = std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf";
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(source, &model, &error)) << error;
  anim::Clip walk = model.clips[static_cast<std::size_t>(model.FindClip("Walk"))];
  walk.SetName("Walk again");
  // A folder other than assets/: the mannequin embeds its buffer and has no
  // image to keep beside it.
  const std::string out =
      ::testing::TempDir() + "clip_export_" + std::to_string(::getpid()) + ".gltf";
  ASSERT_TRUE(
      anim::SaveClipsIntoGltf(source, model, std::span<const anim::Clip>(&walk, 1), out, &error))
      << error;
  anim::Model back;
  ASSERT_TRUE(anim::LoadGltfModel(out, &back, &error)) << error;
  std::filesystem::remove(out);
  ASSERT_EQ(back.clips.size(), model.clips.size() + 1);
  const int again = back.FindClip("Walk again");
  ASSERT_GE(again, 0);
  EXPECT_NEAR(back.clips[static_cast<std::size_t>(again)].Duration(), walk.Duration(), 1e-6f);
  anim::Pose a = anim::RestPoseOf(model.skeleton), b = anim::RestPoseOf(back.skeleton);
  test_support::SampleInto(walk, a, 0.3f);
  test_support::SampleInto(back.clips[static_cast<std::size_t>(again)], b, 0.3f);
  for (int j = 0; j < model.skeleton.JointCount(); ++j) {
    EXPECT_NEAR(glm::distance(a.Local(j).translation, b.Local(j).translation), 0.0f, 1e-5f) << j;
    EXPECT_NEAR(std::abs(glm::dot(a.Local(j).rotation, b.Local(j).rotation)), 1.0f, 1e-5f) << j;
  }
}

}  // namespace
