// 05 Locomotion on the mannequin: the character covers the distance its
// speed says, leaves one footprint per step a stride apart (a planted foot
// that slid, or a footstep fired at the wrong frame, would break the even
// spacing), turns as asked, and its per-frame update allocates nothing.
#include <cmath>

#include <gtest/gtest.h>

#include "allocation_counter.h"
#include "mannequin_samples.h"

namespace {

class LocomotionSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (!HasFatalFailure()) Select("05 Locomotion");
  }
  void Run(float seconds) {
    for (int i = 0; i < static_cast<int>(std::round(seconds * 60.0f)); ++i)
      sample_->Update(1.0f / 60);
  }
  glm::vec3 Position() const { return glm::vec3(sample_->View().character_world[3]); }
};

TEST_F(LocomotionSampleTest, WalkingCoversSpeedTimesTimeAlongItsHeading) {
  Set("acceleration=10");  // 1.4 m/s reached in 0.14 s
  Set("speed=1.4");
  Run(10.0f);
  // 1.4 m/s for 10 s, less what the 0.14 s ramp from rest does not cover
  // (at most 1.4 * 0.14 m): within 2%.
  EXPECT_NEAR(Position().z, 14.0f, 0.28f);
  EXPECT_NEAR(Position().x, 0.0f, 1e-3f);
  EXPECT_NEAR(Position().y, 0.0f, 1e-6f);
  EXPECT_TRUE(sample_->View().follow_camera);
}

TEST_F(LocomotionSampleTest, FootprintsAreOnePerStepAStrideApart) {
  Set("acceleration=10");
  Set("speed=1.4");
  Run(10.0f);
  const std::span<const samples::Sample::GroundMark> marks = sample_->View().ground_marks;
  // Walk: two steps per 1.1 s cycle, over ~10 s.
  ASSERT_GE(marks.size(), 17u);
  ASSERT_LE(marks.size(), 19u);
  // Left and right alternate; the same foot lands one stride (1.4 m/s x
  // 1.1 s) further on each time, on the ground.
  for (std::size_t i = 2; i < marks.size(); ++i) {
    EXPECT_NE(marks[i].color, marks[i - 1].color) << i;
    EXPECT_EQ(marks[i].color, marks[i - 2].color) << i;
    EXPECT_EQ(marks[i].position.y, 0.0f);
    if (i >= 4) {
      EXPECT_NEAR(marks[i].position.z - marks[i - 2].position.z, 1.54f, 0.02f) << i;
    }
  }
  Set("footprints=false");
  EXPECT_TRUE(sample_->View().ground_marks.empty());
}

// Half way between walk (1.4 m/s) and run (3.5 m/s) both clips fire their
// footsteps with weight 0.5. Synchronised, they fire on the same frame: one
// mark per step, the feet alternating. Unsynchronised, the clips drift
// apart and most steps are marked twice, once per clip, frames apart.
TEST_F(LocomotionSampleTest, BetweenWalkAndRunSynchronisedClipsMarkEachStepOnce) {
  Set("acceleration=10");
  Set("speed=2.45");
  Run(6.0f);
  const std::size_t synced = sample_->View().ground_marks.size();
  const std::span<const samples::Sample::GroundMark> marks = sample_->View().ground_marks;
  for (std::size_t i = 1; i < marks.size(); ++i) {
    EXPECT_NE(marks[i].color, marks[i - 1].color) << i;
  }
  // The blended cycle is (1.1 + 0.8) / 2 s or so: two steps each, in 6 s.
  EXPECT_GE(synced, 10u);
  Select("05 Locomotion");  // from the start again: at rest, no marks
  Set("synchronized=false");
  Run(6.0f);
  EXPECT_GE(sample_->View().ground_marks.size(), synced * 3 / 2);
}

TEST_F(LocomotionSampleTest, TurningRightRotatesTheHeadingTowardsMinusX) {
  Set("acceleration=10");  // 1/6 m/s more each 1/60 s frame
  Set("speed=1.4");        // the walk's speed
  Set("turn=1");           // 90 degrees a second to the right, from walking speed up
  Run(1.0f);
  // By hand: frame k (1..60) turns (pi/2)/60 x min(1, speed_k / 1.4), with
  // speed_k = k/6: the first 8 frames k/8.4 of a full step, then 52 full.
  // Facing +Z, the character's right is -X.
  const float yaw = 0.5f * 3.14159265f / 60.0f * (36.0f / 8.4f + 52.0f);
  const glm::vec3 forward = glm::vec3(sample_->View().character_world * glm::vec4(0, 0, 1, 0));
  EXPECT_NEAR(forward.x, -std::sin(yaw), 1e-3f);
  EXPECT_NEAR(forward.z, std::cos(yaw), 1e-3f);
  EXPECT_LT(Position().x, -0.3f);  // it walked most of a quarter circle to the right
}

TEST_F(LocomotionSampleTest, StandingStillItDoesNotSpin) {
  Set("turn=1");
  Run(2.0f);  // speed 0: steering turns a path, and there is none
  const glm::vec3 forward = glm::vec3(sample_->View().character_world * glm::vec4(0, 0, 1, 0));
  EXPECT_NEAR(forward.z, 1.0f, 1e-6f);
  EXPECT_NEAR(forward.x, 0.0f, 1e-6f);
}

TEST_F(LocomotionSampleTest, StandingStillDoesNotMoveOrMark) {
  Run(3.0f);
  EXPECT_EQ(Position(), glm::vec3(0.0f));
  EXPECT_TRUE(sample_->View().ground_marks.empty());
}

TEST_F(LocomotionSampleTest, UpdatesAllocateNothing) {
  Set("speed=2.5");
  Run(1.0f);  // first frames build the blend space and root motions
  const long before = test_support::AllocationCount();
  Set("turn=0.5");  // parameters set by pointer: no allocation either way
  for (int frame = 0; frame < 1200; ++frame) {
    // Sweep through idle, walk and run and back so every segment plays.
    *sample_->Params().Find("speed")->float_value = 2.0f + 2.0f * std::sin(frame * 0.01f);
    sample_->Update(1.0f / 60);
  }
  EXPECT_EQ(test_support::AllocationCount(), before);
}

}  // namespace
