// Retargeting between the two characters the project has, which differ in
// units (Woman.gltf is drawn 2.6 units to the metre under a 0.01 armature,
// the mannequin in metres), rest poses and proportions: each one's walk and
// run on the other, played with root motion, keep the planted foot planted.
// The slide is measured as root_motion_assets_test measures the characters'
// own clips (the world position of a foot while it is at its lowest), and
// compared with the source's own slide scaled to the target.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <gtest/gtest.h>

#include "anim/clips/root_motion.h"
#include "anim/offline/pose.h"
#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_map.h"
#include "foot_contacts.h"
#include "import/gltf_importer.h"
#include "mannequin_fixture.h"

namespace {

// Head height over 1.7 m: the character's units per metre.
float UnitsPerMetre(const anim::Skeleton& skeleton) {
  return anim::RestPoseOf(skeleton).ModelMatrix(skeleton.FindJoint("Head"))[3].y / 1.7f;
}

// The clip's ground speed: its own (extras), else measured on its feet.
float GroundSpeed(const anim::Skeleton& skeleton, const anim::Clip& clip) {
  if (clip.Speed() > 0.0f) return clip.Speed();
  return anim::EstimateGroundSpeed(skeleton, clip, skeleton.FindJoint("LeftFoot"),
                                   skeleton.FindJoint("RightFoot"),
                                   0.02f * UnitsPerMetre(skeleton));
}

// The worst planted slide of either foot over three cycles, in metres.
float WorstSlide(const anim::Skeleton& skeleton, const anim::Clip& clip, int* contacts) {
  const anim::RootMotion motion = anim::RootMotion::FromClip(
      skeleton, clip, skeleton.FindJoint("Hips"), GroundSpeed(skeleton, clip));
  const float units = UnitsPerMetre(skeleton);
  float worst = 0.0f;
  *contacts = 0;
  for (const char* foot : {"LeftFoot", "RightFoot"}) {
    int seen = 0;
    worst = std::max(
        worst, foot_contacts::WorstPlantedSlide(skeleton, clip, motion, skeleton.FindJoint(foot), 3,
                                                0.01f * units, &seen));
    *contacts += seen;
  }
  return worst / units;
}

bool AllFinite(const anim::Clip& clip) {
  for (const anim::JointTracks& jt : clip.Tracks()) {
    for (const glm::quat& q : jt.rotation.Values()) {
      if (!std::isfinite(q.x + q.y + q.z + q.w)) return false;
    }
    for (const glm::vec3& v : jt.translation.Values()) {
      if (!std::isfinite(v.x + v.y + v.z)) return false;
    }
  }
  return true;
}

class RetargetAssets : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(mannequin_test::Model(), nullptr);
    const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(path, &woman_, &error)) << error;
  }

  // Bakes `clip_name` of `source` onto `target` with and without the feet
  // pinned, and checks the planted foot of each.
  void Check(const anim::Model& source, const anim::Model& target, const std::string& clip_name) {
    SCOPED_TRACE(clip_name);
    const int clip = source.FindClip(clip_name);
    ASSERT_GE(clip, 0);
    anim::RetargetMap map;
    std::string error;
    ASSERT_TRUE(map.Build(source.skeleton, target.skeleton,
                          anim::AutoMapJoints(source.skeleton, target.skeleton),
                          anim::ReferenceMatch::kMatchSource, &error))
        << error;
    // k is the leg-length ratio, which for these two is near their height
    // ratio (both human proportions).
    const float height_ratio = UnitsPerMetre(target.skeleton) / UnitsPerMetre(source.skeleton);
    EXPECT_NEAR(map.TranslationScale() / height_ratio, 1.0f, 0.15f);

    int source_contacts = 0, free_contacts = 0, pinned_contacts = 0;
    const float source_slide = WorstSlide(source.skeleton, source.clips[clip], &source_contacts);
    anim::RetargetBakeOptions pin;
    pin.pin_feet = true;
    const anim::Clip free = anim::BakeRetargetedClip(source.clips[clip], map);
    const anim::Clip pinned = anim::BakeRetargetedClip(source.clips[clip], map, pin);
    ASSERT_TRUE(AllFinite(free));
    ASSERT_TRUE(AllFinite(pinned));
    const float free_slide = WorstSlide(target.skeleton, free, &free_contacts);
    const float pinned_slide = WorstSlide(target.skeleton, pinned, &pinned_contacts);
    std::printf("  %s: planted-foot slide, source %.1f mm, retargeted %.1f mm, pinned %.1f mm\n",
                clip_name.c_str(), 1000.0 * source_slide, 1000.0 * free_slide,
                1000.0 * pinned_slide);
    EXPECT_GE(source_contacts, 6);
    EXPECT_GE(pinned_contacts, 6);
    // The bound: the source's own slide plus 5 mm, and under the 2 cm the
    // characters' own clips are held to.
    EXPECT_LT(pinned_slide, source_slide + 0.005f);
    EXPECT_LT(pinned_slide, 0.02f);
    EXPECT_EQ(pinned.Duration(), source.clips[clip].Duration());
    // A ground speed (the mannequin's extras.speed) scales as the hips' travel.
    EXPECT_NEAR(pinned.Speed(), source.clips[clip].Speed() * map.TranslationScale(), 1e-6f);
  }

  anim::Model woman_;
};

TEST_F(RetargetAssets, WomansWalkAndRunOnTheMannequinKeepItsFeetPlanted) {
  Check(woman_, *mannequin_test::Model(), "Walking");
  Check(woman_, *mannequin_test::Model(), "Running");
}

TEST_F(RetargetAssets, TheMannequinsWalkAndRunOnWomanKeepHerFeetPlanted) {
  Check(*mannequin_test::Model(), woman_, "Walk");
  Check(*mannequin_test::Model(), woman_, "Run");
}

// Each character's rest pose read as the retargeter reads it.
TEST_F(RetargetAssets, RestPosesReadAsTheirArmsHold) {
  const anim::ArmPoseReading woman = anim::ReadArmPose(woman_.skeleton, woman_.skeleton.RestPose());
  const anim::Skeleton& mannequin = mannequin_test::Model()->skeleton;
  const anim::ArmPoseReading own = anim::ReadArmPose(mannequin, mannequin.RestPose());
  std::printf("  Woman: %s; mannequin: %s\n", anim::DescribeArmPose(woman).c_str(),
              anim::DescribeArmPose(own).c_str());
  EXPECT_NE(woman.pose, anim::ArmPose::kUnknown);
  EXPECT_NE(own.pose, anim::ArmPose::kUnknown);
}

}  // namespace
