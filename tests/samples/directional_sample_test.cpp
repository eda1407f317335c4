// 06 Directional on the mannequin: at a clip's own point the sample shows
// exactly that clip at the shared phase; the right-hand point shows the
// mirrored walk half a cycle on, which for the mannequin's symmetric gait
// is the walk itself; Walk and Run stay in phase; and Update allocates
// nothing.
#include <cmath>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "anim/blending/blending.h"
#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "tests/support/pose_sampling.h"

namespace {

class DirectionalSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (!HasFatalFailure()) Select("06 Directional");
  }
  void Run(int frames) {
    for (int i = 0; i < frames; ++i) sample_->Update(1.0f / 60);
  }
  anim::Pose ClipAt(const char* name, float time) const {
    const anim::Clip& clip = model_.clips[model_.FindClip(name)];
    anim::Pose pose = anim::RestPoseOf(model_.skeleton);
    test_support::SampleInto(clip, pose, clip.StartTime() + time, anim::LoopMode::kLoop);
    return pose;
  }
  // Largest distance between the joints' model-space positions.
  float Distance(const anim::Pose& a, const anim::Pose& b) const {
    std::vector<glm::mat4> ma(a.JointCount()), mb(b.JointCount());
    a.ComputeModelMatrices(ma);
    b.ComputeModelMatrices(mb);
    float worst = 0.0f;
    for (int j = 0; j < a.JointCount(); ++j)
      worst = std::max(worst, glm::distance(glm::vec3(ma[j][3]), glm::vec3(mb[j][3])));
    return worst;
  }
};

TEST_F(DirectionalSampleTest, AtWalkSpeedStraightAheadItIsTheWalk) {
  for (const char* mode : {"triangulated", "grid"}) {
    std::string error;
    ASSERT_TRUE(sample_->Load(model_, &error)) << error;
    Set(std::string("mode=") + mode);
    Set("direction=0");
    Set("speed=1.4");  // the Walk's extras.speed
    Run(50);
    // Weight 1 on Walk, whose 1.1 s cycle is then the whole blended cycle.
    EXPECT_LT(Distance(anim::AsPose(model_.skeleton, sample_->CurrentPose()),
                       ClipAt("Walk", 50.0f / 60.0f)),
              1e-5f)
        << mode;
  }
}

TEST_F(DirectionalSampleTest, RightIsTheMirroredWalkHalfACycleOn) {
  // Without the lean the right-hand clip is mirror(Walk(phase + 0.5)), and
  // the mannequin's gait is symmetric, so that is Walk(phase) again (the
  // mirror test checks this property of the clip on its own).
  Set("lean_amount=0");
  Set("direction=1");
  Set("speed=1.4");
  Run(40);
  EXPECT_LT(Distance(anim::AsPose(model_.skeleton, sample_->CurrentPose()),
                     ClipAt("Walk", 40.0f / 60.0f)),
            1e-3f);
  // With the phase offset at 0 the mirrored walk steps with the other foot.
  Set("mirror_phase=0");
  Run(1);
  EXPECT_GT(Distance(anim::AsPose(model_.skeleton, sample_->CurrentPose()),
                     ClipAt("Walk", 41.0f / 60.0f)),
            0.3f);
}

TEST_F(DirectionalSampleTest, WalkAndRunShareOnePhaseOverTheWeightedCycle) {
  // Halfway between Walk (1.4) and Run (3.5) straight ahead: weights 0.5 /
  // 0.5, cycle 0.5 * 1.1 + 0.5 * 0.7 = 0.9 s. After 0.45 s both are half
  // way through their cycles; the blend of the two at those times is what
  // the sample must show.
  Set("direction=0");
  Set("speed=2.45");
  Run(27);
  anim::SoaPose expected = model_.skeleton.RestPose();
  anim::Blend(expected, anim::SoaPose(ClipAt("Walk", 0.55f)), anim::SoaPose(ClipAt("Run", 0.35f)),
              0.5f);
  EXPECT_LT(Distance(anim::AsPose(model_.skeleton, sample_->CurrentPose()),
                     anim::AsPose(model_.skeleton, expected)),
            2e-3f);
}

TEST_F(DirectionalSampleTest, UpdateAllocatesNothing) {
  Set("direction=0.3");
  Set("speed=2.0");
  Run(10);
  for (int i = 0; i < 600; ++i) {
    Set("direction=" + std::to_string(std::sin(i * 0.05f)));
    const long after_set = test_support::AllocationCount();
    sample_->Update(1.0f / 60);
    EXPECT_EQ(test_support::AllocationCount(), after_set) << "frame " << i;
  }
}

}  // namespace
