// Retargeting on rigs built in code, where the answer is known without the
// retargeter: the model-space motion of a rig whose frames are turned, or
// whose bones are twice as long, follows from the source's by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "anim/offline/pose.h"
#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"
#include "anim/retarget/retargeted_playback.h"
#include "retarget_rig.h"

namespace {

using retarget_test::BlenderNames;
using retarget_test::MakeMotionClip;
using retarget_test::MakeRig;
using retarget_test::MixamoNames;
using retarget_test::TPoseLocals;

// Model-space matrices of a clip sampled on its skeleton at `time`.
std::vector<glm::mat4> SampleModel(const anim::Skeleton& skeleton, const anim::Clip& clip,
                                   float time) {
  anim::SoaPose pose;
  pose.CopyFrom(skeleton.RestPose());
  clip.Sample(pose, time, anim::LoopMode::kClamp);
  std::vector<glm::mat4> model(static_cast<std::size_t>(skeleton.JointCount()));
  anim::AsPose(skeleton, pose).ComputeModelMatrices(model);
  return model;
}

glm::quat RotationOf(const glm::mat4& m) { return anim::OffsetRotation(m); }

// Angle in radians between two rotations (from the difference's vector
// part: acos of a dot product near 1 cannot resolve angles under 1e-3).
float AngleBetween(const glm::quat& a, const glm::quat& b) {
  const glm::quat d = glm::inverse(glm::normalize(a)) * glm::normalize(b);
  return 2.0f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::abs(d.w));
}

anim::RetargetMap BuildMap(const anim::Skeleton& source, const anim::Skeleton& target,
                           anim::ReferenceMatch match = anim::ReferenceMatch::kMatchSource) {
  anim::RetargetMap map;
  std::string error;
  EXPECT_TRUE(map.Build(source, target, anim::AutoMapJoints(source, target), match, &error))
      << error;
  return map;
}

const std::vector<float> kTimes = {0.0f, 0.1f, 0.25f, 0.37f, 0.5f, 0.66f, 0.8f, 0.93f, 1.0f};

TEST(Retarget, NamesInOtherConventionsMapJointForJoint) {
  const anim::Skeleton mixamo = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton blender = MakeRig(BlenderNames(), TPoseLocals());
  const anim::JointMapping mapping = anim::AutoMapJoints(mixamo, blender);
  for (int j = 0; j < 18; ++j) {
    EXPECT_EQ(mapping[j], j) << blender.JointName(j) << " drew "
                             << (mapping[j] >= 0 ? mixamo.JointName(mapping[j]) : "nothing");
  }
}

TEST(Retarget, OntoItsOwnSkeletonGivesTheClipBack) {
  const anim::Skeleton rig = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::RetargetMap map = BuildMap(rig, rig);
  const anim::Clip baked = anim::BakeRetargetedClip(clip, map);
  for (float time : kTimes) {
    anim::SoaPose expected, got;
    expected.CopyFrom(rig.RestPose());
    got.CopyFrom(rig.RestPose());
    clip.Sample(expected, time, anim::LoopMode::kClamp);
    baked.Sample(got, time, anim::LoopMode::kClamp);
    for (int j = 0; j < rig.JointCount(); ++j) {
      const anim::Transform e = expected.Local(j), g = got.Local(j);
      EXPECT_LT(glm::length(e.translation - g.translation), 1e-5f)
          << rig.JointName(j) << " at " << time;
      EXPECT_LT(AngleBetween(e.rotation, g.rotation), 1e-5f) << rig.JointName(j) << " at " << time;
    }
  }
}

// Every joint's frame turned by 90 degrees (about X, Y and Z in turn) with the
// joints where they were: the same motion in model space, each joint's
// model rotation followed by its own turn.
TEST(Retarget, FramesTurnedNinetyDegreesOnEveryJointMoveAsTheSource) {
  std::vector<glm::quat> turn(18);
  const glm::vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int j = 0; j < 18; ++j) turn[j] = glm::angleAxis(glm::half_pi<float>(), axes[j % 3]);
  const anim::Skeleton source = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton target =
      MakeRig(BlenderNames(), retarget_test::TurnFrames(TPoseLocals(), turn));
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::RetargetMap map = BuildMap(source, target);
  EXPECT_NEAR(map.TranslationScale(), 1.0f, 1e-5f);
  anim::RetargetScratch scratch;
  scratch.Prepare(map);
  for (float time : kTimes) {
    anim::SoaPose source_pose, target_pose;
    source_pose.CopyFrom(source.RestPose());
    target_pose.CopyFrom(target.RestPose());
    clip.Sample(source_pose, time, anim::LoopMode::kClamp);
    anim::RetargetJob job{&map, &source_pose, &target_pose, &scratch};
    ASSERT_TRUE(job.Run()) << job.Validate();
    const std::vector<glm::mat4> expected = SampleModel(source, clip, time);
    std::vector<glm::mat4> got(18);
    anim::AsPose(target, target_pose).ComputeModelMatrices(got);
    for (int j = 0; j < 18; ++j) {
      EXPECT_LT(glm::length(glm::vec3(got[j][3]) - glm::vec3(expected[j][3])), 1e-5f)
          << target.JointName(j) << " at " << time;
      EXPECT_LT(AngleBetween(RotationOf(got[j]), RotationOf(expected[j]) * turn[j]), 1e-4f)
          << target.JointName(j) << " at " << time;
    }
  }
}

// Every bone twice as long, the hips twice as high: the legs are twice as
// long, so every joint's model-space position is twice the source's, the
// hips' travel included, and the rotations are the source's.
TEST(Retarget, ARigTwiceAsLargeMovesTwiceAsFar) {
  std::vector<anim::Transform> large = TPoseLocals();
  for (anim::Transform& t : large) t.translation *= 2.0f;
  const anim::Skeleton source = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton target = MakeRig(MixamoNames(), large);
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::RetargetMap map = BuildMap(source, target);
  EXPECT_NEAR(map.TranslationScale(), 2.0f, 1e-5f);
  const anim::Clip baked = anim::BakeRetargetedClip(clip, map);
  for (float time : kTimes) {
    const std::vector<glm::mat4> expected = SampleModel(source, clip, time);
    const std::vector<glm::mat4> got = SampleModel(target, baked, time);
    for (int j = 0; j < 18; ++j) {
      EXPECT_LT(glm::length(glm::vec3(got[j][3]) - 2.0f * glm::vec3(expected[j][3])), 2e-5f)
          << target.JointName(j) << " at " << time;
      EXPECT_LT(AngleBetween(RotationOf(got[j]), RotationOf(expected[j])), 1e-4f)
          << target.JointName(j) << " at " << time;
    }
  }
}

// A target rig standing a quarter turn round (facing +X where the source
// faces +Z), as a rig exported from another tool may: matched to the source,
// the hips turn back about their own axis (the spine's bone alone cannot
// say how far: the legs' bones across it do), and every joint then moves
// where the source's does.
TEST(Retarget, ATargetFacingAnotherWayIsTurnedToFaceAsTheSource) {
  std::vector<anim::Transform> turned = TPoseLocals();
  turned[0].rotation = glm::angleAxis(glm::half_pi<float>(), glm::vec3(0, 1, 0));
  const anim::Skeleton source = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton target = MakeRig(MixamoNames(), turned);
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::Clip baked = anim::BakeRetargetedClip(clip, BuildMap(source, target));
  for (float time : kTimes) {
    const std::vector<glm::mat4> expected = SampleModel(source, clip, time);
    const std::vector<glm::mat4> got = SampleModel(target, baked, time);
    for (int j = 0; j < 18; ++j) {
      EXPECT_LT(glm::length(glm::vec3(got[j][3]) - glm::vec3(expected[j][3])), 1e-5f)
          << target.JointName(j) << " at " << time;
    }
  }
}

// The arms' direction in model space, left upper arm to forearm.
glm::vec3 LeftArmDirection(const anim::Skeleton& skeleton, const anim::SoaPose& pose) {
  std::vector<glm::mat4> model(static_cast<std::size_t>(skeleton.JointCount()));
  anim::AsPose(skeleton, pose).ComputeModelMatrices(model);
  return glm::normalize(glm::vec3(model[5][3]) - glm::vec3(model[4][3]));
}

// A source in an A-pose (arms 45 degrees down) on a target rigged in a
// T-pose: matched, the target's arms point where the source's do; with the
// rest poses as they are, the source's rest shows as the target's T-pose.
TEST(Retarget, AnAPoseSourceDrivesATPoseTargetArmForArm) {
  std::vector<anim::Transform> a_pose = TPoseLocals();
  const float down = glm::radians(45.0f);
  // The arms hang from the spine, whose rest is tilted: their locals undo it.
  const glm::quat spine = a_pose[1].rotation;
  a_pose[4].rotation = glm::inverse(spine) * glm::angleAxis(-down, glm::vec3(0, 0, 1));
  a_pose[7].rotation = glm::inverse(spine) * glm::angleAxis(down, glm::vec3(0, 0, 1));
  const anim::Skeleton source = MakeRig(MixamoNames(), a_pose);
  const anim::Skeleton target = MakeRig(MixamoNames(), TPoseLocals());
  EXPECT_EQ(anim::ReadArmPose(source, source.RestPose()).pose, anim::ArmPose::kAPose);
  EXPECT_NEAR(anim::ReadArmPose(source, source.RestPose()).degrees_below_level, 45.0f, 1e-3f);
  EXPECT_EQ(anim::ReadArmPose(target, target.RestPose()).pose, anim::ArmPose::kTPose);

  // The source lifts its left arm level (and holds the rest otherwise).
  anim::SoaPose lifted;
  lifted.CopyFrom(source.RestPose());
  anim::Transform arm = lifted.Local(4);
  arm.rotation = glm::inverse(spine);
  lifted.SetLocal(4, arm);

  const glm::vec3 a_pose_arm = glm::normalize(glm::vec3(1, -1, 0));
  for (anim::ReferenceMatch match :
       {anim::ReferenceMatch::kMatchSource, anim::ReferenceMatch::kRestPoses}) {
    const anim::RetargetMap map = BuildMap(source, target, match);
    anim::RetargetScratch scratch;
    scratch.Prepare(map);
    anim::SoaPose out;
    out.CopyFrom(target.RestPose());
    anim::RetargetJob job{&map, &source.RestPose(), &out, &scratch};
    ASSERT_TRUE(job.Run());
    const glm::vec3 at_rest = LeftArmDirection(target, out);
    job.source = &lifted;
    ASSERT_TRUE(job.Run());
    const glm::vec3 on_lift = LeftArmDirection(target, out);
    if (match == anim::ReferenceMatch::kMatchSource) {
      EXPECT_LT(glm::length(at_rest - a_pose_arm), 1e-5f);
      EXPECT_LT(glm::length(on_lift - glm::vec3(1, 0, 0)), 1e-5f);
    } else {
      EXPECT_LT(glm::length(at_rest - glm::vec3(1, 0, 0)), 1e-5f);
      // Lifted 45 degrees from the T-pose: as far above level as the
      // A-pose is below it.
      EXPECT_LT(glm::length(on_lift - glm::normalize(glm::vec3(1, 1, 0))), 1e-5f);
    }
  }
}

// Runs the motion clip from the T-pose rig onto `target_locals` (the same
// rig with other proportions, the limbs' ends where they were at rest, so
// the scaled source position is the source's own) with and without pinning
// (`pin_hands` picks feet or hands): pinned, each end joint of `ends` is
// within 1 mm of the source's with its rotation; returns the largest miss
// unpinned.
float WorstUnpinnedMiss(const std::vector<anim::Transform>& target_locals, bool pin_hands,
                        std::initializer_list<int> ends) {
  const anim::Skeleton source = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton target = MakeRig(MixamoNames(), target_locals);
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::RetargetMap map = BuildMap(source, target);
  EXPECT_NEAR(map.TranslationScale(), 1.0f, 1e-5f);
  anim::RetargetScratch scratch;
  scratch.Prepare(map);
  float worst_free = 0.0f;
  for (float time : kTimes) {
    const std::vector<glm::mat4> source_model = SampleModel(source, clip, time);
    anim::SoaPose source_pose, target_pose;
    source_pose.CopyFrom(source.RestPose());
    clip.Sample(source_pose, time, anim::LoopMode::kClamp);
    target_pose.CopyFrom(target.RestPose());
    for (bool pin : {false, true}) {
      anim::RetargetJob job{&map, &source_pose, &target_pose, &scratch};
      (pin_hands ? job.pin_hands : job.pin_feet) = pin;
      EXPECT_TRUE(job.Run());
      std::vector<glm::mat4> got(18);
      anim::AsPose(target, target_pose).ComputeModelMatrices(got);
      for (int end : ends) {
        const float miss = glm::length(glm::vec3(got[end][3]) - glm::vec3(source_model[end][3]));
        if (pin) {
          EXPECT_LT(miss, 1e-3f) << target.JointName(end) << " at " << time;
          EXPECT_LT(AngleBetween(RotationOf(got[end]), RotationOf(source_model[end])), 1e-4f);
        } else {
          worst_free = std::max(worst_free, miss);
        }
      }
    }
  }
  return worst_free;
}

// A target with longer shins and shorter thighs (the same leg length): the
// IK pass puts each foot at Pt_ref + k (Ps - Ps_ref) and keeps the foot's
// transferred rotation; without it the foot lands elsewhere.
TEST(Retarget, PinnedFeetGoWhereTheScaledSourceFeetGo) {
  std::vector<anim::Transform> long_shins = TPoseLocals();
  for (int knee : {11, 15}) long_shins[knee].translation = {0, -0.35f, 0};
  for (int ankle : {12, 16}) long_shins[ankle].translation = {0, -0.55f, 0};
  EXPECT_GT(WorstUnpinnedMiss(long_shins, false, {12, 16}), 0.01f)
      << "the proportions should move the unpinned feet";
}

// The same for the hands: forearms longer and upper arms shorter by as much.
TEST(Retarget, PinnedHandsGoWhereTheSourceHandsGo) {
  std::vector<anim::Transform> long_forearms = TPoseLocals();
  long_forearms[5].translation = {0.2f, 0, 0};
  long_forearms[6].translation = {0.35f, 0, 0};
  long_forearms[8].translation = {-0.2f, 0, 0};
  long_forearms[9].translation = {-0.35f, 0, 0};
  EXPECT_GT(WorstUnpinnedMiss(long_forearms, true, {6, 9}), 0.01f)
      << "the proportions should move the unpinned hands";
}

// The controller is the clock, the sampling and the job in one: frame by
// frame it shows what sampling the clip at the clock's time and running the
// job gives, and refuses to run without a clip or onto another skeleton.
TEST(Retarget, ARetargetedPlaybackShowsTheClipAtItsClock) {
  std::vector<anim::Transform> large = TPoseLocals();
  for (anim::Transform& t : large) t.translation *= 1.5f;
  const anim::Skeleton source = MakeRig(MixamoNames(), TPoseLocals());
  const anim::Skeleton target = MakeRig(BlenderNames(), large);
  const anim::Clip clip = MakeMotionClip(TPoseLocals());
  const anim::RetargetMap map = BuildMap(source, target);
  anim::RetargetedPlayback player;
  player.Prepare(map);
  anim::SoaPose shown, expected, source_pose;
  shown.CopyFrom(target.RestPose());
  EXPECT_FALSE(player.Advance(0.1f, shown)) << "no clip yet";
  player.Start(&clip, anim::LoopMode::kPingPong, 1.5f);
  anim::RetargetScratch scratch;
  scratch.Prepare(map);
  double clock = 0.0;  // the playback keeps its clock in double too
  for (int frame = 0; frame < 90; ++frame) {
    ASSERT_TRUE(player.Advance(1.0f / 60, shown));
    clock += 1.5 / 60;
    source_pose.CopyFrom(source.RestPose());
    clip.Sample(source_pose, static_cast<float>(clock), anim::LoopMode::kPingPong);
    expected.CopyFrom(target.RestPose());
    anim::RetargetJob job{&map, &source_pose, &expected, &scratch};
    job.pin_feet = true;
    ASSERT_TRUE(job.Run());
    for (int j = 0; j < 18; ++j) {
      EXPECT_LT(AngleBetween(shown.Local(j).rotation, expected.Local(j).rotation), 1e-4f)
          << target.JointName(j) << " frame " << frame;
      EXPECT_LT(glm::length(shown.Local(j).translation - expected.Local(j).translation), 1e-4f);
    }
  }
  anim::SoaPose other;
  anim::Skeleton one_joint;
  const anim::Transform origin;
  ASSERT_TRUE(one_joint.BuildHierarchy({&origin, 1}, {-1}, {}, nullptr));
  other.CopyFrom(one_joint.RestPose());
  EXPECT_FALSE(player.Advance(0.1f, other));
}

TEST(Retarget, MappingsThatCannotWorkAreRefusedNamingTheJoints) {
  const anim::Skeleton rig = MakeRig(MixamoNames(), TPoseLocals());
  anim::JointMapping mapping = anim::AutoMapJoints(rig, rig);
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, mapping), "");
  anim::JointMapping twice = mapping;
  twice[5] = 4;
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, twice),
            "source joint \"LeftArm\" drives both \"LeftArm\" and \"LeftForeArm\"");
  anim::JointMapping crossed = mapping;
  crossed[4] = 5;  // the arm's source below the forearm's
  crossed[5] = 4;
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, crossed),
            "the mapping crosses the hierarchy (a cycle): target \"LeftArm\" is above "
            "\"LeftForeArm\", but its source \"LeftForeArm\" is below (or is) \"LeftArm\"");
  anim::JointMapping outside = mapping;
  outside[3] = 18;
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, outside),
            "target joint \"Head\" maps to 18, not one of the source's 18 joints");
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, anim::JointMapping(18, -1)),
            "no target joint has a source joint");
  EXPECT_EQ(anim::CheckJointMapping(rig, rig, anim::JointMapping(3, 0)),
            "the mapping has 3 entries for a target of 18 joints");
  anim::RetargetMap map;
  std::string error;
  EXPECT_FALSE(map.Build(rig, rig, crossed, anim::ReferenceMatch::kMatchSource, &error));
  EXPECT_TRUE(map.Empty());
  EXPECT_NE(error.find("crosses the hierarchy"), std::string::npos);
}

TEST(Retarget, TheJobRefusesPosesOfOtherSkeletons) {
  const anim::Skeleton rig = MakeRig(MixamoNames(), TPoseLocals());
  const anim::RetargetMap map = BuildMap(rig, rig);
  anim::RetargetScratch scratch;
  anim::SoaPose pose, small;
  pose.CopyFrom(rig.RestPose());
  anim::Skeleton one_joint;
  const anim::Transform origin;
  ASSERT_TRUE(one_joint.BuildHierarchy({&origin, 1}, {-1}, {}, nullptr));
  small.CopyFrom(one_joint.RestPose());
  anim::RetargetJob job{&map, &pose, &pose, &scratch};
  EXPECT_EQ(job.Validate(), "scratch is not prepared for this map (RetargetScratch::Prepare)");
  scratch.Prepare(map);
  EXPECT_EQ(job.Validate(), "");
  job.source = &small;
  EXPECT_EQ(job.Validate(), "source pose has 1 joints, the map's source skeleton 18");
  const anim::SoaPose before = pose;
  job.target = &pose;
  EXPECT_FALSE(job.Run());
  EXPECT_EQ(pose.Local(4).rotation, before.Local(4).rotation);
}

}  // namespace
