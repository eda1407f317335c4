// Root motion on a hand-made clip whose root placement is known exactly:
// under an "Armature" offset that scales by 0.01 (as in Woman.gltf), the root
// joint's local x goes 0 -> 200 (model x 0 -> 2 m) while it turns 0 -> 90
// degrees about +Y, linearly over one second. Expected values are worked out
// by hand from that description, not by the code under test.
#include "anim/clips/root_motion.h"
#include "anim/offline/pose.h"

#include <cmath>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using anim::Clip;
using anim::LoopMode;

// RemoveFromPose on a Pose: through the runtime's pose and back, the Pose
// giving the hierarchy (a skeleton made from it).
void RemoveFromPose(const anim::RootMotion& motion, anim::Pose& pose, float sample_time) {
  anim::SoaPose soa(pose);
  motion.RemoveFromPose(soa, anim::SkeletonOf(pose), sample_time);
  soa.Store(pose);
}
using anim::MotionDelta;
using anim::RootMotion;
using namespace anim_test;

constexpr float kPi = 3.14159265358979f;

// Root joint 0 under the 0.01 armature, a child joint 1 (a foot) 50 units
// (0.5 m) ahead of it along the root's local +Z.
anim::Skeleton ArmatureSkeleton() {
  anim::Transform root, foot;
  root.translation = {0.0f, 90.0f, 0.0f};
  foot.translation = {0.0f, -90.0f, 50.0f};
  const glm::mat4 armature = glm::scale(glm::mat4(1.0f), glm::vec3(0.01f));
  anim::Pose rest({root, foot}, {-1, 0}, {armature, glm::mat4(1.0f)});
  return anim::SkeletonOf({"Hips", "Foot"}, rest, rest, {glm::mat4(1.0f), glm::mat4(1.0f)});
}

// translate_x: local x 0 -> 200 over [0, 1]; turn_degrees: yaw 0 -> that.
Clip RootClip(float translate_x, float turn_degrees) {
  anim::JointTracks jt;
  jt.joint = 0;
  jt.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                     {{0.0f, 90.0f, 0.0f}, {translate_x, 90.0f, 0.0f}});
  // Many keys so the slerp between them is the linear yaw the test assumes.
  std::vector<float> times;
  std::vector<glm::quat> rotations;
  for (int i = 0; i <= 8; ++i) {
    times.push_back(i / 8.0f);
    rotations.push_back(AxisAngle(turn_degrees * i / 8.0f, {0, 1, 0}));
  }
  jt.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times, rotations);
  return Clip("root", {jt});
}

void ExpectMotionNear(const MotionDelta& actual, const glm::vec3& translation, float yaw,
                      float tol = 1e-4f) {
  ExpectVecNear(actual.translation, translation, tol);
  EXPECT_NEAR(actual.yaw, yaw, tol);
}

TEST(RootMotion, ExtractsTheRootsPlacementInModelSpaceUnderTheArmatureScale) {
  const anim::Skeleton skeleton = ArmatureSkeleton();
  const Clip clip = RootClip(200.0f, 90.0f);
  const RootMotion motion = RootMotion::FromClip(skeleton, clip, 0);
  ASSERT_EQ(motion.GetSource(), RootMotion::Source::kExtracted);
  // Halfway: 1 m along model x, turned 45 degrees.
  ExpectMotionNear(motion.At(0.5f), {1.0f, 0.0f, 0.0f}, kPi / 4);
  ExpectMotionNear(motion.CycleDelta(), {2.0f, 0.0f, 0.0f}, kPi / 2);
}

TEST(RootMotion, AStepIsExpressedInTheFrameTheCharacterHadAtItsStart) {
  const RootMotion motion = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 90.0f), 0);
  // 0.25 -> 0.75: the root moves (1, 0, 0) m in model space and turns from
  // 22.5 to 67.5 degrees. In the frame turned 22.5 degrees, whose +X axis is
  // (cos, 0, -sin) and +Z axis (sin, 0, cos), that move reads
  // (cos 22.5, 0, sin 22.5).
  const float a = kPi / 8;
  ExpectMotionNear(motion.Delta(0.25f, 0.5, LoopMode::kLoop), {std::cos(a), 0.0f, std::sin(a)},
                   kPi / 4);
}

TEST(RootMotion, WholeCyclesAddTheCycleMotionAcrossWraps) {
  const RootMotion straight = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 0.0f), 0);
  // 2 m per 1 s cycle; from 0.5 by 2.25 s: 2 m/s * 2.25 s.
  ExpectMotionNear(straight.Delta(0.5f, 2.25, LoopMode::kLoop), {4.5f, 0.0f, 0.0f}, 0.0f);
  // Four cycles of "2 m along x then a quarter turn" walk a square back home.
  const RootMotion turning = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 90.0f), 0);
  ExpectMotionNear(turning.Delta(0.0f, 4.0, LoopMode::kLoop), {0.0f, 0.0f, 0.0f}, 2 * kPi);
  // A thousand cycles in one step (composed by squaring, not one by one):
  // 250 squares, back home, having turned 1000 quarter turns.
  const MotionDelta many = turning.Delta(0.0f, 1000.0, LoopMode::kLoop);
  EXPECT_NEAR(glm::length(many.translation), 0.0f, 1e-2f);
  EXPECT_NEAR(many.yaw, 500.0f * kPi, 1e-2f);
}

TEST(RootMotion, FixedStepsAddUpToTheWholeCycles) {
  const RootMotion turning = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 90.0f), 0);
  for (float dt : {1.0f / 60, 1.0f / 7, 0.37f}) {
    glm::vec3 position(0.0f);
    float yaw = 0.0f;
    float time = 0.0f;
    const Clip clip = RootClip(200.0f, 90.0f);
    double elapsed = 0.0;
    while (elapsed < 2.0 - 1e-9) {  // two cycles: (2, 0, 0), turn, then (0, 0, -2)
      const float step = static_cast<float>(std::min<double>(dt, 2.0 - elapsed));
      anim::ApplyMotion(turning.Delta(time, step, LoopMode::kLoop), position, yaw);
      time = clip.WrapTime(time + step, LoopMode::kLoop);
      elapsed += step;
    }
    ExpectVecNear(position, {2.0f, 0.0f, -2.0f}, 1e-3f);
    EXPECT_NEAR(yaw, kPi, 1e-3f);
  }
}

TEST(RootMotion, NegativeRatesWalkBackwards) {
  const RootMotion straight = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 0.0f), 0);
  ExpectMotionNear(straight.Delta(0.5f, -0.25, LoopMode::kLoop), {-0.5f, 0.0f, 0.0f}, 0.0f);
  // Back across the start, 0.25 -> -0.75: one whole cycle, 2 m.
  ExpectMotionNear(straight.Delta(0.25f, -1.0, LoopMode::kLoop), {-2.0f, 0.0f, 0.0f}, 0.0f);
}

TEST(RootMotion, PingPongComesBackAndClampStopsAtTheEnds) {
  const RootMotion straight = RootMotion::FromClip(ArmatureSkeleton(), RootClip(200.0f, 0.0f), 0);
  // Up from 0.5 to the end and back down to 0.5: home.
  ExpectMotionNear(straight.Delta(0.5f, 1.0, LoopMode::kPingPong), {0.0f, 0.0f, 0.0f}, 0.0f);
  // 0.5 -> u = 1.25, sampled at 0.75: half a metre on.
  ExpectMotionNear(straight.Delta(0.5f, 0.75, LoopMode::kPingPong), {0.5f, 0.0f, 0.0f}, 0.0f);
  ExpectMotionNear(straight.Delta(0.5f, 5.0, LoopMode::kClamp), {1.0f, 0.0f, 0.0f}, 0.0f);
  ExpectMotionNear(straight.Delta(1.0f, 5.0, LoopMode::kClamp), {0.0f, 0.0f, 0.0f}, 0.0f);
}

TEST(RootMotion, BlendAndApply) {
  const MotionDelta walk{{0.0f, 0.0f, 1.4f}, 0.0f};
  const MotionDelta run{{0.0f, 0.0f, 3.5f}, 0.2f};
  const MotionDelta mid = anim::BlendMotion(walk, run, 0.25f);
  ExpectMotionNear(mid, {0.0f, 0.0f, 1.4f + 0.25f * 2.1f}, 0.05f);
  // A character facing +X (yaw 90 degrees) moving 1 m "ahead" goes +X.
  glm::vec3 position(1.0f, 0.0f, 1.0f);
  float yaw = kPi / 2;
  anim::ApplyMotion({{0.0f, 0.0f, 1.0f}, 0.1f}, position, yaw);
  ExpectVecNear(position, {2.0f, 0.0f, 1.0f});
  EXPECT_NEAR(yaw, kPi / 2 + 0.1f, 1e-6f);
}

TEST(RootMotion, RemovingTheMotionPinsTheRootAndTheWorldCarriesIt) {
  const anim::Skeleton skeleton = ArmatureSkeleton();
  const Clip clip = RootClip(200.0f, 90.0f);
  const RootMotion motion = RootMotion::FromClip(skeleton, clip, 0);
  anim::Pose start_pose = anim::RestPoseOf(skeleton);
  test_support::SampleInto(clip, start_pose, 0.0f);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  test_support::SampleInto(clip, pose, 0.5f);
  const glm::mat4 foot_before = pose.ModelMatrix(1);
  RemoveFromPose(motion, pose, 0.5f);
  // The root sits over the model origin, facing +Z, at its own height.
  const glm::mat4 root = pose.ModelMatrix(0);
  ExpectVecNear(glm::vec3(root[3]), {0.0f, 0.9f, 0.0f});
  ExpectVecNear(glm::normalize(glm::vec3(root[2])), {0.0f, 0.0f, 1.0f});
  // With the placement advanced by the motion since the start, the foot is
  // drawn where the clip put it: 1 m along x, 0.5 m ahead of a root turned
  // 45 degrees.
  glm::vec3 position(0.0f);
  float yaw = 0.0f;
  anim::ApplyMotion(motion.Delta(0.0f, 0.5, LoopMode::kLoop), position, yaw);
  const glm::mat4 world = glm::rotate(glm::translate(glm::mat4(1.0f), position), yaw, {0, 1, 0});
  const glm::vec3 foot = glm::vec3(world * pose.ModelMatrix(1)[3]);
  ExpectVecNear(foot, glm::vec3(foot_before[3]), 1e-4f);
  ExpectVecNear(foot, {1.0f + 0.5f * std::sin(kPi / 4), 0.0f, 0.5f * std::cos(kPi / 4)}, 1e-4f);
}

// The root below an armature joint (turned 90 degrees, scale 0.01) and
// behind a static node of its own (10 units aside, turned 30 degrees), as
// exporters write them: removing the motion must take the model matrix above
// the root through both, so the root ends over the model origin, turned as
// it was at the clip's start.
TEST(RootMotion, RemovingTheMotionGoesThroughTheParentJointAndTheRootsOwnOffset) {
  anim::Transform armature, root, foot;
  armature.rotation = AxisAngle(90.0f, {0, 1, 0});
  armature.scale = glm::vec3(0.01f);
  root.translation = {0.0f, 90.0f, 0.0f};
  foot.translation = {0.0f, -90.0f, 50.0f};
  const glm::mat4 aside = glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(10.0f, 0.0f, 0.0f)),
                                      glm::radians(30.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  const anim::Pose rest({armature, root, foot}, {-1, 0, 1},
                        {glm::mat4(1.0f), aside, glm::mat4(1.0f)});
  const anim::Skeleton skeleton = anim::SkeletonOf(rest);
  anim::JointTracks jt = RootClip(200.0f, 90.0f).Tracks()[0];
  jt.joint = 1;
  const Clip clip("root", {jt});
  const RootMotion motion = RootMotion::FromClip(skeleton, clip, 1);
  ASSERT_EQ(motion.GetSource(), RootMotion::Source::kExtracted);
  anim::Pose start = rest;
  test_support::SampleInto(clip, start, 0.0f);
  anim::Pose pose = rest;
  test_support::SampleInto(clip, pose, 0.5f);
  RemoveFromPose(motion, pose, 0.5f);
  const glm::mat4 pinned = pose.ModelMatrix(1);
  const glm::mat4 at_start = start.ModelMatrix(1);
  ExpectVecNear(glm::vec3(pinned[3]), {0.0f, at_start[3].y, 0.0f}, 1e-4f);
  for (int axis = 0; axis < 3; ++axis) {
    ExpectVecNear(glm::vec3(pinned[axis]), glm::vec3(at_start[axis]), 1e-5f);
  }
}

TEST(RootMotion, TreadmillClipsWithASpeedMoveStraightAheadAndKeepTheirPose) {
  const anim::Skeleton skeleton = ArmatureSkeleton();
  Clip clip = RootClip(0.0f, 0.0f);  // the root stays put
  EXPECT_EQ(RootMotion::FromClip(skeleton, clip, 0).GetSource(), RootMotion::Source::kNone);
  ExpectMotionNear(RootMotion::FromClip(skeleton, clip, 0).Delta(0.0f, 0.5, LoopMode::kLoop),
                   {0.0f, 0.0f, 0.0f}, 0.0f);
  clip.SetSpeed(1.5f);
  const RootMotion motion = RootMotion::FromClip(skeleton, clip, 0);
  ASSERT_EQ(motion.GetSource(), RootMotion::Source::kSynthesized);
  ExpectMotionNear(motion.CycleDelta(), {0.0f, 0.0f, 1.5f}, 0.0f);
  ExpectMotionNear(motion.Delta(0.75f, 2.5, LoopMode::kLoop), {0.0f, 0.0f, 3.75f}, 0.0f);
  // A measured speed overrides the clip's.
  ExpectMotionNear(RootMotion::FromClip(skeleton, clip, 0, 2.0f).CycleDelta(), {0, 0, 2.0f}, 0.0f);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  test_support::SampleInto(clip, pose, 0.3f);
  const anim::Pose before = pose;
  RemoveFromPose(motion, pose, 0.3f);
  ExpectMatNear(pose.ModelMatrix(0), before.ModelMatrix(0));
}

TEST(RootMotion, BadInputGivesNoMotion) {
  const anim::Skeleton skeleton = ArmatureSkeleton();
  Clip clip = RootClip(200.0f, 0.0f);
  EXPECT_EQ(RootMotion::FromClip(skeleton, clip, 7).GetSource(), RootMotion::Source::kNone);
  EXPECT_EQ(RootMotion::FromClip(skeleton, clip, -1).GetSource(), RootMotion::Source::kNone);
  const RootMotion motion = RootMotion::FromClip(skeleton, clip, 0);
  ExpectMotionNear(motion.Delta(NAN, 0.1, LoopMode::kLoop), {0, 0, 0}, 0.0f);
  ExpectMotionNear(motion.Delta(0.1f, INFINITY, LoopMode::kLoop), {0, 0, 0}, 0.0f);
  ExpectMotionNear(motion.Delta(0.1f, 0.0, LoopMode::kLoop), {0, 0, 0}, 0.0f);
}

}  // namespace
