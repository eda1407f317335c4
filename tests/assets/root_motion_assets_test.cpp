// Root motion on real characters: one full locomotion cycle travels speed x
// duration (the speed read from the file's extras through tinygltf, not the
// importer; for Woman.gltf, whose clips carry no speed, the root's own keys),
// and with the motion applied to the world transform a planted foot stays
// where it landed (< 2 cm for a 1.8 m character) while the clip plays.
#include <cmath>
#include <filesystem>

#include <gtest/gtest.h>

#include "anim/clips/root_motion.h"
#include "anim/offline/pose.h"
#include "foot_contacts.h"
#include "mannequin_fixture.h"

namespace {

using namespace mannequin_test;

TEST(RootMotionAssets, MannequinCyclesTravelSpeedTimesDuration) {
  ASSERT_NE(Model(), nullptr);
  const int hips = Joint("Hips");
  for (const char* name : {"Walk", "Run"}) {
    SCOPED_TRACE(name);
    const anim::Clip& clip = *Clip(name);
    const double speed = ExtrasSpeed(name);
    ASSERT_GT(speed, 0.0);
    const anim::RootMotion motion = anim::RootMotion::FromClip(Model()->skeleton, clip, hips);
    EXPECT_EQ(motion.GetSource(), anim::RootMotion::Source::kSynthesized);
    const anim::MotionDelta cycle = motion.CycleDelta();
    const double expected = speed * clip.Duration();
    EXPECT_NEAR(cycle.translation.z, expected, 0.01 * expected);
    EXPECT_NEAR(cycle.translation.x, 0.0f, 1e-6f);
    EXPECT_NEAR(cycle.yaw, 0.0f, 1e-6f);
    // The ground speed measured on the feet agrees with the authored one.
    const float measured = anim::EstimateGroundSpeed(Model()->skeleton, clip, Joint("LeftFoot"),
                                                     Joint("RightFoot"), 0.005f);
    EXPECT_NEAR(measured, speed, 0.02 * speed);
  }
}

TEST(RootMotionAssets, MannequinFeetDoNotSlideWithRootMotion) {
  ASSERT_NE(Model(), nullptr);
  for (const char* name : {"Walk", "Run"}) {
    const anim::Clip& clip = *Clip(name);
    const anim::RootMotion motion =
        anim::RootMotion::FromClip(Model()->skeleton, clip, Joint("Hips"));
    for (const char* foot : {"LeftFoot", "RightFoot"}) {
      SCOPED_TRACE(std::string(name) + " " + foot);
      int contacts = 0;
      const float slide = foot_contacts::WorstPlantedSlide(Model()->skeleton, clip, motion,
                                                           Joint(foot), 3, 0.003f, &contacts);
      EXPECT_GE(contacts, 3);
      EXPECT_LT(slide, 0.02f);
      // Without root motion the same foot slides back by the stance length.
      int unused = 0;
      EXPECT_GT(foot_contacts::WorstPlantedSlide(Model()->skeleton, clip, anim::RootMotion(),
                                                 Joint(foot), 3, 0.003f, &unused),
                0.1f);
    }
  }
}

class WomanRootMotion : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(path, &model_, &error)) << error;
    hips_ = model_.skeleton.FindJoint("Hips");
    ASSERT_GE(model_.FindClip("Walking"), 0);
    walking_ = &model_.clips[model_.FindClip("Walking")];
    // Woman.gltf is drawn in its own units: Hips at 276.7 under the 0.01
    // armature, the head at ~4.45. Lengths in metres scale by her height.
    const anim::Pose& rest = anim::RestPoseOf(model_.skeleton);
    units_per_metre_ = rest.ModelMatrix(model_.skeleton.FindJoint("Head"))[3].y / 1.7f;
  }
  anim::Model model_;
  int hips_ = -1;
  const anim::Clip* walking_ = nullptr;
  float units_per_metre_ = 1.0f;
};

TEST_F(WomanRootMotion, TheCycleMotionIsWhatTheRootKeysSayInModelSpace) {
  // Independently of RootMotion: the root translation track's first and
  // last keys, through the armature offset above the root joint.
  const anim::JointTracks* root = nullptr;
  for (const anim::JointTracks& jt : walking_->Tracks()) {
    if (jt.joint == hips_) root = &jt;
  }
  ASSERT_NE(root, nullptr);
  const glm::mat4 armature = model_.skeleton.Offsets()[hips_];
  const glm::vec3 first = glm::vec3(armature * glm::vec4(root->translation.Values().front(), 1.0f));
  const glm::vec3 last = glm::vec3(armature * glm::vec4(root->translation.Values().back(), 1.0f));
  const float expected = glm::length(glm::vec2(last.x - first.x, last.z - first.z));
  const anim::RootMotion motion = anim::RootMotion::FromClip(model_.skeleton, *walking_, hips_);
  const float actual = glm::length(motion.CycleDelta().translation);
  EXPECT_NEAR(actual, expected, std::max(0.01f * expected, 0.001f * units_per_metre_));
  // The Walking clip is a treadmill cycle (the root ends where it began) and
  // has no extras.speed: no motion of its own.
  EXPECT_LT(expected, 0.001f * units_per_metre_);
  EXPECT_EQ(motion.GetSource(), anim::RootMotion::Source::kNone);
}

TEST_F(WomanRootMotion, AMeasuredGroundSpeedKeepsHerFeetPlanted) {
  const int left = model_.skeleton.FindJoint("LeftFoot");
  const int right = model_.skeleton.FindJoint("RightFoot");
  const float speed =
      anim::EstimateGroundSpeed(model_.skeleton, *walking_, left, right, 0.02f * units_per_metre_);
  // A human walk: between 0.8 and 2 m/s.
  EXPECT_GT(speed / units_per_metre_, 0.8f);
  EXPECT_LT(speed / units_per_metre_, 2.0f);
  const anim::RootMotion motion =
      anim::RootMotion::FromClip(model_.skeleton, *walking_, hips_, speed);
  ASSERT_EQ(motion.GetSource(), anim::RootMotion::Source::kSynthesized);
  EXPECT_NEAR(motion.CycleDelta().translation.z, speed * walking_->Duration(), 1e-4f);
  for (int foot : {left, right}) {
    int contacts = 0;
    const float slide = foot_contacts::WorstPlantedSlide(model_.skeleton, *walking_, motion, foot,
                                                         3, 0.01f * units_per_metre_, &contacts);
    EXPECT_GE(contacts, 3);
    EXPECT_LT(slide, 0.02f * units_per_metre_) << "slide " << slide / units_per_metre_ << " m";
  }
}

}  // namespace
