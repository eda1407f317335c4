// 12 Feet on uneven ground: the character stands on the generated ground
// (its height the heightfield's function at the root), foot IK keeps the
// planted feet on it where the plain animation floats or sinks, a ground
// file replaces the ground and a bad one keeps it, and the per-frame
// update allocates nothing.
#include <algorithm>
#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "reduced_models.h"
#include "scene/heightfield_ground.h"

namespace {

constexpr const char* kTitle = "12 Feet on uneven ground";

class FeetSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (!HasFatalFailure()) Select(kTitle);
  }
  int Joint(const char* name) const {
    for (int j = 0; j < model_.skeleton.JointCount(); ++j)
      if (model_.skeleton.JointName(j) == name) return j;
    return -1;
  }
  // Largest gap, over `frames` frames, between a foot's ankle distance
  // from the ground (along the ground's normal, from the heightfield's
  // function and its gradient, independent of the mesh) and the ankle's
  // height over the flat floor in the plain animation, read from a second
  // copy of the sample run with foot IK off. `sample` is shown.
  float WorstAnkleGap(samples::Sample* sample, samples::Sample* plain, int frames) {
    const scene::HeightfieldOptions ground = scene::BumpySlopedGround(1.0f);
    const int ankles[2] = {Joint("LeftFoot"), Joint("RightFoot")};
    float worst = 0.0f;
    for (int frame = 0; frame < frames; ++frame) {
      sample->Update(1.0f / 60);
      plain->Update(1.0f / 60);
      const glm::mat4 world = sample->View().character_world;
      for (const int ankle_joint : ankles) {
        const glm::vec3 ankle = glm::vec3(
            world *
            anim::AsPose(model_.skeleton, sample->CurrentPose()).ModelMatrix(ankle_joint)[3]);
        const float d = 1e-3f;
        const float h = scene::HeightfieldHeight(ground, ankle.x, ankle.z);
        const glm::vec3 normal = glm::normalize(
            glm::vec3(-(scene::HeightfieldHeight(ground, ankle.x + d, ankle.z) - h) / d, 1.0f,
                      -(scene::HeightfieldHeight(ground, ankle.x, ankle.z + d) - h) / d));
        const float from_ground = (ankle.y - h) * normal.y;
        const float animated =
            anim::AsPose(model_.skeleton, plain->CurrentPose()).ModelMatrix(ankle_joint)[3].y;
        worst = std::max(worst, std::abs(from_ground - animated));
      }
    }
    return worst;
  }
};

TEST_F(FeetSampleTest, CharacterStandsOnTheGeneratedGround) {
  const scene::HeightfieldOptions ground = scene::BumpySlopedGround(1.0f);
  for (int frame = 0; frame < 600; ++frame) {
    sample_->Update(1.0f / 60);
    const glm::vec3 root = glm::vec3(sample_->View().character_world[3]);
    // The mesh interpolates the function linearly over 25 cm cells; the
    // bumps A sin(k x) sin(0.8 k z) (A = 6 cm, k = pi / 1.6 m) bend at most
    // A k^2 = 0.23, 0.8 A k^2 = 0.19 (mixed), 0.64 A k^2 = 0.15 per metre,
    // so the error is below 0.25^2 / 8 x (0.23 + 2 x 0.19 + 0.15) = 6 mm.
    ASSERT_NEAR(root.y, scene::HeightfieldHeight(ground, root.x, root.z), 0.006f) << frame;
  }
  // It walked somewhere (root motion), so the test crossed the slope.
  EXPECT_GT(glm::length(glm::vec3(sample_->View().character_world[3])), 1.0f);
  ASSERT_NE(sample_->View().ground_mesh, nullptr);
}

TEST_F(FeetSampleTest, StandingOnTheSlopeIkPutsBothFeetOnTheGround) {
  // Idle on the 22% slope: both feet planted all along.
  std::unique_ptr<samples::Sample> plain;
  for (auto& sample : samples::MakeAllSamples())
    if (sample->Title() == kTitle) plain = std::move(sample);
  ASSERT_NE(plain, nullptr);
  std::string error;
  ASSERT_TRUE(plain->Load(model_, &error)) << error;
  for (samples::Sample* s : {sample_, plain.get()}) {
    ASSERT_TRUE(s->Params().SetAssignment("speed=0", &error)) << error;
    ASSERT_TRUE(s->Params().SetAssignment("turn=0", &error)) << error;
  }
  ASSERT_TRUE(plain->Params().SetAssignment("foot_ik=off", &error)) << error;
  // The pelvis glides down at 0.4 m/s from the start: let it settle.
  for (int frame = 0; frame < 30; ++frame) {
    sample_->Update(1.0f / 60);
    plain->Update(1.0f / 60);
  }
  // The feet stand about 20 cm apart across the slope: without IK one
  // ankle is centimetres off the ground; with it, within the soft reach's
  // few millimetres.
  EXPECT_LT(WorstAnkleGap(sample_, plain.get(), 120), 0.005f);
  EXPECT_GT(WorstAnkleGap(plain.get(), plain.get(), 120), 0.015f);
}

TEST_F(FeetSampleTest, GroundFileReplacesTheGroundAndABadOneKeepsIt) {
  const int before = sample_->View().ground_revision;
  const anim::Model* generated = sample_->View().ground_mesh;
  ASSERT_NE(generated, nullptr);
  std::string error;
  const std::string bad = std::string(ANIM_SOURCE_DIR) + "/assets/grounds/missing_ground.gltf";
  EXPECT_FALSE(sample_->LoadGround(bad, &error));
  EXPECT_NE(error.find("missing_ground.gltf"), std::string::npos) << error;
  int after = sample_->View().ground_revision;
  EXPECT_EQ(after, before);  // nothing to upload again: the ground stayed
  ASSERT_TRUE(
      sample_->LoadGround(std::string(ANIM_SOURCE_DIR) + "/assets/grounds/ramp.gltf", &error))
      << error;
  after = sample_->View().ground_revision;
  EXPECT_NE(after, before);
  Set("speed=0");
  sample_->Update(1.0f / 60);
  // ramp.gltf: y = 1 + 0.2 x; the character starts at the origin.
  EXPECT_NEAR(sample_->View().character_world[3].y, 1.0f, 1e-5f);
  // A reload of the model keeps the user's ground.
  ASSERT_TRUE(sample_->Load(model_, &error)) << error;
  sample_->Update(0.0f);
  EXPECT_NEAR(sample_->View().character_world[3].y, 1.0f, 1e-5f);
}

TEST_F(FeetSampleTest, UpdatesAllocateNothing) {
  Set("speed=2");
  for (int frame = 0; frame < 60; ++frame) sample_->Update(1.0f / 60);
  const long before = test_support::AllocationCount();
  for (int frame = 0; frame < 900; ++frame) {
    *sample_->Params().Find("speed")->float_value = 2.0f + 2.0f * std::sin(frame * 0.01f);
    sample_->Update(1.0f / 60);
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
}

// A stand-in for three.js's Flamingo: one mesh node, no skin, no legs, a
// clip that animates its morph weights only, and a body hundreds of units
// long hanging below its origin (the file's -78..11 in Y). The sample has
// nothing to stand on its ground, so it draws none (the scene's grid, sized
// to the bird, shows instead) and leaves the bird at its height; before,
// a 40-unit ground sat inside the bird and the grid was gone.
// A morph-animated bird (test_models::MorphOnlyBird) has no legs and does
// not walk: the sample has nothing to stand on its ground, so it draws none
// (the scene's grid, sized to the bird, shows instead) and leaves the bird
// at its height. Before, a 40-unit ground sat inside a bird hundreds of
// units long, and the grid was gone.
TEST(FeetSampleMorphOnlyBird, DrawsNoGroundUnderACharacterThatCannotStandOnIt) {
  const anim::Model bird = test_models::MorphOnlyBird();
  ASSERT_EQ(bird.clips.size(), 1u);
  for (auto& sample : samples::MakeAllSamples()) {
    if (sample->Title() != kTitle) continue;
    std::string error;
    ASSERT_TRUE(sample->Load(bird, &error)) << error;
    for (int frame = 0; frame < 90; ++frame) sample->Update(1.0f / 60);
    EXPECT_EQ(sample->View().ground_mesh, nullptr);
    // Not lifted onto a ground it is not drawn on: the file's origin stays.
    EXPECT_EQ(glm::vec3(sample->View().character_world[3]), glm::vec3(0.0f));
    return;
  }
  FAIL() << "no sample titled " << kTitle;
}

TEST(FeetSampleWoman, WalksWithFeetOnTheGround) {
  const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
  if (!std::ifstream(path)) GTEST_SKIP() << "skipped: " << path << " is absent";
  anim::Model woman;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(path, &woman, &error)) << error;
  for (auto& sample : samples::MakeAllSamples()) {
    if (sample->Title() != kTitle) continue;
    ASSERT_TRUE(sample->Load(woman, &error)) << error;
    EXPECT_TRUE(sample->Notice().empty()) << sample->Notice();
    for (int frame = 0; frame < 300; ++frame) {
      sample->Update(1.0f / 60);
      const anim::Pose shown = anim::AsPose(woman.skeleton, sample->CurrentPose());
      for (const anim::Transform& t : shown.Locals()) {
        ASSERT_TRUE(std::isfinite(t.translation.x) && std::isfinite(t.rotation.w)) << frame;
      }
    }
    return;
  }
  FAIL() << "no sample titled " << kTitle;
}

}  // namespace
