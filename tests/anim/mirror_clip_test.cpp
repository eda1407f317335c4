// MakeMirroredClip (anim/offline/mirror_clip.h): a clip's mirror image baked
// into keys, checked by hand on a toy rig and against MirrorPose on the
// default character's clips.
#include "anim/offline/mirror_clip.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/gltf_importer.h"
#include "mirror_toy_skeleton.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using namespace anim_test;

// The toy rig's hips travel sideways and forward while the left leg rolls
// 40 degrees about +Z (a roll changes sign in an X mirror); the right leg
// holds still. Keys at `start` and `start` + 1 s.
anim::Clip RollingLeftLeg(float start = 0.0f) {
  const std::vector<float> times{start, start + 1.0f};
  anim::JointTracks hips;
  hips.joint = 0;
  hips.translation = anim::VectorTrack(anim::Interpolation::kLinear, times,
                                       {glm::vec3(0.1f, 0.0f, 0.0f), glm::vec3(0.3f, 0.0f, 2.0f)});
  anim::JointTracks leg;
  leg.joint = 2;
  leg.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, times,
                                       {glm::quat(1, 0, 0, 0), AxisAngle(40, {0, 0, 1})});
  anim::Clip clip("Roll", {hips, leg});
  clip.SetEvents({{start + 0.25f, "footstep_left"}});
  clip.SetSpeed(2.0f);
  return clip;
}

anim::MirrorMap MapOf(const anim::Skeleton& skeleton) {
  anim::MirrorMap map;
  std::string error;
  EXPECT_TRUE(map.Build(skeleton, &error)) << error;
  return map;
}

TEST(MirrorClip, TheToyRigsMirrorWorkedByHand) {
  const anim::Skeleton s = MakeToySkeleton();
  const anim::MirrorMap map = MapOf(s);
  std::string error;
  const auto mirrored = anim::MakeMirroredClip(s, map, RollingLeftLeg(), &error);
  ASSERT_TRUE(mirrored) << error;
  EXPECT_EQ(mirrored->Name(), "Roll (mirrored)");
  EXPECT_FLOAT_EQ(mirrored->Speed(), 2.0f);
  ASSERT_EQ(mirrored->Events().size(), 1u);
  EXPECT_EQ(mirrored->Events()[0].name, "footstep_left");
  EXPECT_FLOAT_EQ(mirrored->Events()[0].time, 0.25f);
  // Tracks: the hips (its own), both legs (the left's motion goes to the
  // right; the left takes the right's stillness); nothing for the feet.
  std::vector<int> joints;
  for (const anim::JointTracks& jt : mirrored->Tracks()) joints.push_back(jt.joint);
  EXPECT_EQ(joints, (std::vector<int>{0, 2, 3}));

  anim::Pose pose = anim::RestPoseOf(s);
  for (float t : {0.0f, 0.5f, 1.0f}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    test_support::SampleInto(*mirrored, pose, t, anim::LoopMode::kClamp);
    // Hips: (0.1, 0, 0) -> (0.3, 0, 2), x negated.
    ExpectVecNear(pose.Local(0).translation, {-(0.1f + 0.2f * t), 0.0f, 2.0f * t}, 1e-6f);
    // The right leg rolls the other way (a half-way nlerp of two keys is
    // the half angle), the left one stays at rest.
    ExpectSameRotation(pose.Local(3).rotation, AxisAngle(-40.0f * t, {0, 0, 1}), 1e-5f);
    ExpectSameRotation(pose.Local(2).rotation, glm::quat(1, 0, 0, 0), 1e-6f);
    ExpectVecNear(pose.Local(3).translation, {-0.2f, 0.0f, 0.0f}, 1e-6f);
  }
}

// Keys from 0.5 s on, on a timeline the file starts at 0.2 s (as a glTF
// animation whose other channels start earlier does).
TEST(MirrorClip, AClipThatStartsLateKeepsItsTimeline) {
  const anim::Skeleton s = MakeToySkeleton();
  anim::Clip late = RollingLeftLeg(0.5f);
  late.StartTimelineAt(0.2f);
  std::string error;
  const auto mirrored = anim::MakeMirroredClip(s, MapOf(s), late, &error);
  ASSERT_TRUE(mirrored) << error;
  EXPECT_FLOAT_EQ(mirrored->StartTime(), 0.2f);
  EXPECT_FLOAT_EQ(mirrored->EndTime(), 1.5f);
  EXPECT_FLOAT_EQ(mirrored->Events()[0].time, 0.75f);
  anim::Pose pose = anim::RestPoseOf(s);
  test_support::SampleInto(*mirrored, pose, 1.0f, anim::LoopMode::kClamp);
  ExpectVecNear(pose.Local(0).translation, {-0.2f, 0.0f, 1.0f}, 1e-6f);
}

TEST(MirrorClip, AMapOfAnotherSkeletonOrATrackOutsideIsRefusedByName) {
  const anim::Skeleton s = MakeToySkeleton();
  anim::MirrorMap other = MapOf(s);
  other.partner.pop_back();
  other.bind_correction.pop_back();
  std::string error;
  EXPECT_FALSE(anim::MakeMirroredClip(s, other, RollingLeftLeg(), &error));
  EXPECT_EQ(error, "mirroring Roll: the mirror map has 5 joints, the skeleton 6");
  anim::JointTracks stray;
  stray.joint = 6;
  stray.rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                         {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)});
  error.clear();
  EXPECT_FALSE(anim::MakeMirroredClip(s, MapOf(s), anim::Clip("Stray", {stray}), &error));
  EXPECT_EQ(error, "mirroring Stray: a track animates joint 6, outside the skeleton's 6");
}

// On the default character: at every key the mirrored clip holds
// MirrorPose's image of the clip's pose, and mirroring twice gives the
// clip back (between keys too, within what LINEAR keys of a mirrored
// rotation can differ from the mirror of an interpolated one: nothing,
// since both interpolate the same keys' images).
TEST(MirrorClip, TheMannequinsClipsMirrorAsMirrorPoseDoes) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  const anim::Skeleton& s = model.skeleton;
  const anim::MirrorMap map = MapOf(s);
  for (const char* name : {"Walk", "Punch", "Idle"}) {
    SCOPED_TRACE(name);
    const anim::Clip& clip = model.clips[static_cast<std::size_t>(model.FindClip(name))];
    const auto mirrored = anim::MakeMirroredClip(s, map, clip, &error);
    ASSERT_TRUE(mirrored) << error;
    const auto twice = anim::MakeMirroredClip(s, map, *mirrored, &error);
    ASSERT_TRUE(twice) << error;
    EXPECT_FLOAT_EQ(mirrored->Duration(), clip.Duration());
    for (int k = 0; k <= 12; ++k) {
      const float t = clip.TimeAtPhase(static_cast<float>(k) / 12.0f);
      anim::Pose original = anim::RestPoseOf(s), expected = anim::RestPoseOf(s);
      anim::Pose actual = anim::RestPoseOf(s), back = anim::RestPoseOf(s);
      test_support::SampleInto(clip, original, t, anim::LoopMode::kClamp);
      anim::SoaPose soa(original);
      anim::MirrorPose(map, s.Parents(), soa, soa);
      soa.Store(expected);
      test_support::SampleInto(*mirrored, actual, t, anim::LoopMode::kClamp);
      test_support::SampleInto(*twice, back, t, anim::LoopMode::kClamp);
      for (int j = 0; j < s.JointCount(); ++j) {
        ExpectVecNear(actual.Local(j).translation, expected.Local(j).translation, 1e-4f);
        ExpectSameRotation(actual.Local(j).rotation, expected.Local(j).rotation, 2e-3f);
        ExpectVecNear(back.Local(j).translation, original.Local(j).translation, 1e-4f);
        ExpectSameRotation(back.Local(j).rotation, original.Local(j).rotation, 2e-3f);
      }
    }
  }
}

// Hips held 0.1 to the side: every joint's mirror image is 0.2 away, at
// every phase.
TEST(MirrorClip, AHipShiftIsTwiceItsSizeFromItsMirror) {
  const anim::Skeleton s = MakeToySkeleton();
  anim::JointTracks hips;
  hips.joint = 0;
  hips.translation = anim::VectorTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                       {glm::vec3(0.1f, 0, 0), glm::vec3(0.1f, 0, 0)});
  const anim::Clip aside("Aside", {hips});
  EXPECT_NEAR(anim::DistanceToOwnMirrorHalfACycleOn(s, MapOf(s), aside), 0.2f, 1e-6f);
}

// The generator's Walk and Run are symmetric gaits (their second step is
// the first's mirror image); a punch is no cycle and its mirror throws the
// other fist.
TEST(MirrorClip, TheMannequinsGaitsAreTheirOwnMirrorHalfACycleOn) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  const anim::MirrorMap map = MapOf(model.skeleton);
  const auto distance = [&](const char* name) {
    return anim::DistanceToOwnMirrorHalfACycleOn(
        model.skeleton, map, model.clips[static_cast<std::size_t>(model.FindClip(name))]);
  };
  EXPECT_LT(distance("Walk"), 1e-3f);  // metres
  EXPECT_LT(distance("Run"), 1e-3f);
  EXPECT_GT(distance("Punch"), 0.1f);
}

}  // namespace
