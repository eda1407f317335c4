// What goes into motion matching's database (samples/motion_clips.h): the
// clips' mirror images, clips excluded by name, and what the rows jumped
// to cover (samples/matching_coverage.h), on the mannequin, whose clip
// speeds its file states, and on Woman.gltf where present.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "anim/clips/root_motion.h"
#include "import/gltf_importer.h"
#include "samples/clip_speed.h"
#include "samples/matching_coverage.h"
#include "samples/motion_clips.h"

namespace {

anim::Model LoadOrFail(const std::string& path) {
  anim::Model model;
  std::string error;
  EXPECT_TRUE(anim::LoadGltfModel(path, &model, &error)) << error;
  return model;
}

int EntryNamed(const samples::ModelMotion& motion, const std::string& name) {
  const auto it = std::find(motion.names.begin(), motion.names.end(), name);
  return it == motion.names.end() ? -1 : static_cast<int>(it - motion.names.begin());
}

// The generator's Walk and Run are symmetric gaits, so only the Idle (whose
// weight shifts to one side) gets a mirror image.
TEST(MotionDatabaseContents, TheMannequinsGaitsAreNotMirroredItsIdleIs) {
  const anim::Model model = LoadOrFail(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf");
  std::string error;
  const auto motion = samples::MotionOf(model, &error);
  ASSERT_TRUE(motion) << error;
  EXPECT_EQ(motion->mirrored.size(), 1u);
  EXPECT_EQ(EntryNamed(*motion, "Walk (mirrored)"), -1);
  const int idle = EntryNamed(*motion, "Idle"), mirrored = EntryNamed(*motion, "Idle (mirrored)");
  ASSERT_GE(mirrored, 0);
  EXPECT_EQ(motion->model_clip[static_cast<std::size_t>(mirrored)], model.FindClip("Idle"));
  EXPECT_EQ(motion->clips[static_cast<std::size_t>(mirrored)].clip, &motion->mirrored[0]);
  EXPECT_TRUE(motion->clips[static_cast<std::size_t>(mirrored)].searchable);
  EXPECT_EQ(motion->clips[static_cast<std::size_t>(mirrored)].mode,
            motion->clips[static_cast<std::size_t>(idle)].mode);
  EXPECT_EQ(motion->mirror_note, "not mirrored, being their own mirror half a cycle on: Walk, Run");

  samples::MotionOptions none;
  none.mirrored = false;
  const auto plain = samples::MotionOf(model, &error, none);
  ASSERT_TRUE(plain) << error;
  EXPECT_TRUE(plain->mirrored.empty());
  EXPECT_EQ(plain->names.size(), motion->names.size() - 1);
}

TEST(MotionDatabaseContents, AnExcludedClipIsNeverJumpedToAndAnUnknownNameIsRefused) {
  const anim::Model model = LoadOrFail(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf");
  samples::MotionOptions options;
  options.excluded = {"Walk"};
  std::string error;
  const auto motion = samples::MotionOf(model, &error, options);
  ASSERT_TRUE(motion) << error;
  EXPECT_FALSE(motion->clips[static_cast<std::size_t>(EntryNamed(*motion, "Walk"))].searchable);
  EXPECT_TRUE(motion->clips[static_cast<std::size_t>(EntryNamed(*motion, "Run"))].searchable);
  EXPECT_TRUE(motion->clips[static_cast<std::size_t>(EntryNamed(*motion, "Idle"))].searchable);

  options.excluded = {"Nope"};
  EXPECT_FALSE(samples::MotionOf(model, &error, options));
  EXPECT_NE(error.find("no clip named 'Nope' to exclude from the motion database"),
            std::string::npos)
      << error;
}

// The mannequin's clips jumped to are Idle (still), Walk (1.4 m/s) and Run
// (3.5 m/s), straight ahead: a second on they reach 0 to 3.5 m, never back,
// never turning.
TEST(MotionDatabaseContents, TheCoverageSpansTheClipsStatedSpeeds) {
  const anim::Model model = LoadOrFail(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf");
  std::string error;
  const auto motion = samples::MotionOf(model, &error);
  ASSERT_TRUE(motion) << error;
  anim::MotionRows rows;
  ASSERT_TRUE(anim::ExtractMotionRows(model.skeleton, motion->clips, motion->joints,
                                      samples::kMotionFrameRate, &rows, &error))
      << error;
  const samples::MatchingCoverage coverage =
      samples::CoverageOf(rows, samples::UnitsPerMetre(model));
  int jumped = 0;
  for (const anim::SearchRange& r : rows.ranges) jumped += r.end - r.begin;
  EXPECT_EQ(coverage.rows, jumped);
  EXPECT_EQ(static_cast<int>(coverage.ends.size()), jumped);  // under kMaxPoints: every row
  EXPECT_NEAR(coverage.max_reach, 3.5f, 0.02f);
  EXPECT_LT(coverage.min_reach, 0.02f);
  EXPECT_LT(coverage.max_back, 0.02f);
  EXPECT_NEAR(coverage.min_turn, 0.0f, 1.0f);
  EXPECT_NEAR(coverage.max_turn, 0.0f, 1.0f);
  for (const glm::vec2& end : coverage.ends) EXPECT_NEAR(end.x, 0.0f, 0.02f);
}

// A mirrored walk goes the same way at the same pace, its sideways drift
// reversed: the reflection is across the character's own left-right axis,
// not its forward one (Woman's rig faces along X in its bind pose, which the
// mirror map's bind correction handles). Measured on the planted feet's
// ground velocity (a treadmill's feet slide backward), independently of the
// root motion, which for a treadmill clip follows the source's speed.
TEST(MotionDatabaseContents, WomansMirroredWalkGoesTheSameWayItsDriftReversed) {
  const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "../shared/assets/Woman.gltf is absent";
  const anim::Model model = LoadOrFail(path);
  std::string error;
  const auto motion = samples::MotionOf(model, &error);
  ASSERT_TRUE(motion) << error;
  const int walk = EntryNamed(*motion, "Walking");
  const int mirrored = EntryNamed(*motion, "Walking (mirrored)");
  ASSERT_GE(walk, 0);
  ASSERT_GE(mirrored, 0) << motion->mirror_note;
  const float contact = 0.02f * samples::UnitsPerMetre(model);
  const auto velocity = [&](int entry) {
    return anim::EstimateGroundVelocity(
        model.skeleton, *motion->clips[static_cast<std::size_t>(entry)].clip,
        motion->joints.left_foot, motion->joints.right_foot, contact);
  };
  const glm::vec2 a = velocity(walk), b = velocity(mirrored);
  std::printf("Woman Walking's planted foot: (%.3f, %.3f) units/s; mirrored: (%.3f, %.3f)\n", a.x,
              a.y, b.x, b.y);
  ASSERT_GT(glm::length(a), 0.5f);
  EXPECT_LT(a.y, 0.0f);  // sliding back: she walks along +Z
  EXPECT_NEAR(b.y, a.y, 0.02f * glm::length(a));
  EXPECT_NEAR(b.x, -a.x, 0.02f * glm::length(a));
}

}  // namespace
