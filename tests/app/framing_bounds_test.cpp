// The camera's framing box holds the rest pose and every sampled frame of
// the clip, so a jump stays in the picture.
#include <gtest/gtest.h>

#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "app/framing_bounds.h"
#include "import/gltf_importer.h"
#include "run_viewer.h"
#include "tests/support/pose_sampling.h"

namespace {

bool Contains(const render::Bounds& outer, const render::Bounds& inner) {
  const float eps = 1e-4f;
  return glm::all(glm::lessThanEqual(outer.min, inner.min + eps)) &&
         glm::all(glm::greaterThanEqual(outer.max, inner.max - eps));
}

TEST(FramingBounds, HoldRestPoseAndTheJumpsHighestFrame) {
  const std::string woman = app_test::WomanPath();
  if (woman.empty()) GTEST_SKIP() << "Woman.gltf not found in " ANIM_SHARED_ASSETS_DIR;
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(woman, &model, &error)) << error;
  const int jump = model.FindClip("Jump");
  ASSERT_GE(jump, 0);
  const render::Bounds rest = render::RestPoseBounds(model);
  const render::Bounds framing = animviewer::FramingBounds(model, jump, 24);
  EXPECT_TRUE(Contains(framing, rest));
  EXPECT_TRUE(Contains(animviewer::FramingBounds(model, -1), rest));
  EXPECT_TRUE(Contains(rest, animviewer::FramingBounds(model, -1)));

  // A frame on the sample grid (i = 12 of 24) is inside, and the jump
  // reaches above the rest pose.
  const anim::Clip& clip = model.clips[jump];
  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  test_support::SampleInto(clip, pose, clip.TimeAtPhase(0.5f), anim::LoopMode::kClamp);
  std::vector<glm::mat4> matrices(41), palette(41);
  anim::ComputePalette(model.skeleton, anim::SoaPose(pose), matrices, palette);
  EXPECT_TRUE(Contains(framing, render::SkinnedBounds(model, palette)));
  EXPECT_GT(framing.max.y, rest.max.y);
}

// A clip that walks away is framed whole when it plays alone, but a
// walkthrough sample (which carries the character by root motion, the
// camera following) frames the character in place: the dance card's
// 90-degree walking turn travels over 3 m; in place, the widest stride or
// turn of every clip spans under 2 m.
TEST(FramingBounds, ASampleFramesTheCharacterInPlaceNotItsTravel) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(
      std::string(ANIM_SOURCE_DIR) + "/assets/mannequin_locomotion.gltf", &model, &error))
      << error;
  const int turn = model.FindClip("Walk_Turn_Left_90");
  ASSERT_GE(turn, 0);
  const render::Bounds alone = animviewer::FramingBounds(model, turn);
  EXPECT_GT(std::max(alone.max.x - alone.min.x, alone.max.z - alone.min.z), 3.0f);
  const render::Bounds sample = animviewer::FramingBoundsAllClips(model);
  EXPECT_LT(std::max(sample.max.x - sample.min.x, sample.max.z - sample.min.z), 2.0f);
  EXPECT_TRUE(Contains(sample, render::RestPoseBounds(model)));
  EXPECT_GT(sample.max.y, 1.7f);  // the head, as tall as standing
}

}  // namespace
