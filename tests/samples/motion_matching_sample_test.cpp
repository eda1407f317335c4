// 19 Motion matching on the mannequin, driven by its parameters as --set
// and --at drive it; and where a model walks (ForwardYaw), on treadmill
// clips built here whose planted foot slides a known way.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/root_motion.h"
#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "mannequin_samples.h"
#include "samples/clip_speed.h"

namespace {

constexpr float kPi = 3.14159265358979f;

class MotionMatchingSampleTest : public MannequinSamples {
 protected:
  void SetUp() override {
    MannequinSamples::SetUp();
    if (!HasFatalFailure()) Select("19 Motion matching");
  }
  void Run(float seconds) {
    for (int i = 0; i < static_cast<int>(std::round(seconds * 60.0f)); ++i)
      sample_->Update(1.0f / 60);
  }
  glm::vec3 Position() const { return glm::vec3(sample_->View().character_world[3]); }
  // The direction the character's +Z points in the world.
  glm::vec3 Facing() const { return glm::vec3(sample_->View().character_world[2]); }
};

TEST_F(MotionMatchingSampleTest, WalksWhereAskedTurnsWhenAskedAndStops) {
  Set("move_z=1");
  Run(3.0f);
  // The mannequin's walk is 1.4 m/s: after a start, over a metre a second.
  EXPECT_GT(Position().z, 3.0f);
  EXPECT_NEAR(Position().x, 0.0f, 0.05f);
  EXPECT_GT(Facing().z, 0.99f);
  EXPECT_TRUE(sample_->View().follow_camera);
  Set("move_z=0");
  Set("move_x=1");
  const glm::vec3 turned_at = Position();
  Run(3.0f);
  EXPECT_GT(Position().x - turned_at.x, 2.0f);
  EXPECT_GT(Facing().x, 0.95f);
  Set("move_x=0");
  Run(1.5f);
  const glm::vec3 stopped = Position();
  Run(1.0f);
  EXPECT_LT(glm::length(Position() - stopped), 0.02f);
  // The two trajectories, asked and playing: three segments and three
  // facing ticks each.
  EXPECT_EQ(sample_->View().debug_lines.size(), 12u);
}

// foot_lock holds planted feet: walking ahead, then turning to +X (the
// mannequin has no turning clip, so the pull towards the simulation turns
// it and its feet would slide), the feet travel far less over the ground
// while down (within 2 cm of their standing height) than without it.
TEST_F(MotionMatchingSampleTest, FootLockHoldsThePlantedFeetThroughATurn) {
  const anim::Skeleton& skeleton = model_.skeleton;
  const int feet[2] = {skeleton.FindJoint("LeftFoot"), skeleton.FindJoint("RightFoot")};
  std::vector<glm::mat4> rest(static_cast<std::size_t>(skeleton.JointCount()));
  anim::ComputeModelMatrices(skeleton, skeleton.RestPose(), rest);
  const auto slide = [&](bool lock) {
    Select("19 Motion matching");
    Set(std::string("foot_lock=") + (lock ? "true" : "false"));
    Set("move_z=1");
    std::vector<glm::mat4> models(rest.size());
    glm::vec3 last[2];
    float travelled = 0.0f;
    for (int i = 0; i < 240; ++i) {
      if (i == 120) {
        Set("move_z=0");
        Set("move_x=1");
      }
      sample_->Update(1.0f / 60.0f);
      anim::ComputeModelMatrices(skeleton, sample_->CurrentPose(), models);
      const glm::mat4 world = sample_->View().character_world;
      for (int f = 0; f < 2; ++f) {
        const glm::vec3 at = glm::vec3(world * models[static_cast<std::size_t>(feet[f])][3]);
        const bool down = models[static_cast<std::size_t>(feet[f])][3].y <
                          rest[static_cast<std::size_t>(feet[f])][3].y + 0.02f;
        if (i > 0 && down) travelled += glm::length(glm::vec2(at.x - last[f].x, at.z - last[f].z));
        last[f] = at;
      }
    }
    return travelled;
  };
  const float free = slide(false), locked = slide(true);
  std::printf("feet down travelled %.3f m free, %.3f m locked\n", free, locked);
  EXPECT_GT(free, 0.2f);
  EXPECT_LT(locked, 0.5f * free);
}

TEST_F(MotionMatchingSampleTest, RunAsksForTheRunsSpeed) {
  Set("move_z=1");
  Set("run=true");
  Run(3.0f);
  const float at = Position().z;
  Run(1.0f);
  // The mannequin's run is 3.5 m/s (its glTF extras.speed).
  EXPECT_NEAR(Position().z - at, 3.5f, 0.35f);
}

// The locomotion graph on the same keys: it walks where asked, steering its
// path round (no turn on the spot), and a switch either way starts the other
// controller where the character stands.
TEST_F(MotionMatchingSampleTest, TheLocomotionGraphTakesTheSameKeysAndASwitchKeepsThePlace) {
  Set("move_z=1");
  Run(2.0f);
  const glm::vec3 matched = Position();
  Set("controller=1");
  sample_->Update(1.0f / 60);
  EXPECT_LT(glm::length(Position() - matched), 0.05f);  // one frame's walk at most
  Set("move_z=0");
  Set("move_x=1");
  const glm::vec3 turned_at = Position();
  Run(4.0f);
  // 90 degrees a second from 45 off: facing +X within a few degrees, and
  // gone on along it.
  EXPECT_GT(Facing().x, 0.98f);
  EXPECT_GT(Position().x - turned_at.x, 2.5f);
  EXPECT_GT(Position().z - turned_at.z, 0.0f);  // the path curved round, not on the spot
  // The trajectory asked for only: three segments and three facing ticks.
  EXPECT_EQ(sample_->View().debug_lines.size(), 6u);
  const glm::vec3 graph_at = Position();
  Set("controller=0");
  sample_->Update(1.0f / 60);
  EXPECT_LT(glm::length(Position() - graph_at), 0.05f);
  Run(1.0f);
  // Matching walks on along +X, its spring starting from standing (0.4 s to
  // reach the walk's 1.4 m/s).
  EXPECT_GT(Position().x - graph_at.x, 0.8f);
  // Back to the graph, whose own placement has walked on since: it picks up
  // where matching left the character, not where the graph was.
  const glm::vec3 matched_again = Position();
  Set("controller=1");
  sample_->Update(1.0f / 60);
  EXPECT_LT(glm::length(Position() - matched_again), 0.05f);
}

// A model of hips and two feet whose one clip, `role` locomotion, keeps
// the left foot on the ground sliding at 1 m/s along `slide` (x, z) and the
// right foot 20 cm up: a treadmill clip that walks against the slide.
anim::Model Treadmill(glm::vec2 slide) {
  anim::Transform hips, left, right;
  hips.translation = {0.0f, 1.0f, 0.0f};
  left.translation = {0.1f, -1.0f, 0.0f};
  right.translation = {-0.1f, -0.8f, 0.0f};
  anim::Pose rest({hips, left, right}, {-1, 0, 0});
  anim::Model model;
  model.skeleton = anim::SkeletonOf({"Hips", "LeftFoot", "RightFoot"}, rest, rest,
                                    std::vector<glm::mat4>(3, glm::mat4(1.0f)));
  anim::JointTracks foot;
  foot.joint = 1;
  foot.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                       {{0.1f, -1.0f, 0.0f}, {0.1f + slide.x, -1.0f, slide.y}});
  model.clips.push_back(anim::Clip("walk", {foot}));
  anim::ClipRoleGuess role;
  role.role = role.guessed = anim::ClipRole::kLocomotion;
  model.clip_roles.push_back(role);
  return model;
}

TEST(ForwardYaw, AModelWalksAgainstItsPlantedFootsSlide) {
  EXPECT_NEAR(samples::ForwardYaw(Treadmill({0.0f, -1.0f})), 0.0f, 1e-6f);
  EXPECT_NEAR(std::abs(samples::ForwardYaw(Treadmill({0.0f, 1.0f}))), kPi, 1e-5f);
  EXPECT_NEAR(samples::ForwardYaw(Treadmill({1.0f, 0.0f})), -kPi / 2.0f, 1e-5f);
  // Its speed is read along that way: 1 m/s, not -1 along +Z.
  const anim::Model back = Treadmill({0.0f, 1.0f});
  EXPECT_NEAR(samples::LocomotionSpeed(back, 0), 1.0f, 1e-3f);
  const glm::vec2 v = anim::EstimateGroundVelocity(back.skeleton, back.clips[0], 1, 2, 0.02f);
  EXPECT_NEAR(v.x, 0.0f, 1e-4f);
  EXPECT_NEAR(v.y, 1.0f, 1e-3f);
}

TEST(ForwardYaw, Sample19TurnsAModelThatWalksAlongMinusZToWalkWhereAsked) {
  const anim::Model back = Treadmill({0.0f, 1.0f});
  auto all = samples::MakeAllSamples();
  samples::Sample* sample = nullptr;
  for (auto& s : all)
    if (s->Title() == "19 Motion matching") sample = s.get();
  ASSERT_NE(sample, nullptr);
  std::string error;
  ASSERT_TRUE(sample->Load(back, &error)) << error;
  ASSERT_TRUE(sample->Params().SetAssignment("move_z=1", &error)) << error;
  for (int i = 0; i < 180; ++i) sample->Update(1.0f / 60.0f);
  const glm::mat4 world = sample->View().character_world;
  // It walks along world +Z at its 1 m/s, its own +Z (its back) behind it.
  EXPECT_GT(world[3].z, 2.0f);
  EXPECT_LT(world[2].z, -0.99f);
}

TEST(ForwardYaw, ASynthesisedMotionGoesAlongTheModelsForward) {
  const anim::Model back = Treadmill({0.0f, 1.0f});
  const anim::RootMotion motion =
      anim::RootMotion::FromClip(back.skeleton, back.clips[0], 0, 2.0f, kPi);
  ASSERT_EQ(motion.GetSource(), anim::RootMotion::Source::kSynthesized);
  const anim::MotionDelta second = motion.At(1.0f);
  EXPECT_NEAR(second.translation.x, 0.0f, 1e-5f);
  EXPECT_NEAR(second.translation.z, -2.0f, 1e-5f);
  EXPECT_EQ(second.yaw, 0.0f);
}

}  // namespace
