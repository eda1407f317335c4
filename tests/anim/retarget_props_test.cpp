// Props on a retargeted character (RetargetMap::SetProps): a helmet slot hung
// under the root, which the source has no match for, must ride on the head
// the source drives. The rig is small enough that where the helmet goes is
// worked out by hand below: the spine turns 60 degrees about Z at its
// pivot, the head and the helmet turn with it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"

namespace {

constexpr int kRoot = 0, kHips = 1, kSpine = 2, kHead = 3, kHelmetSlot = 4;

anim::Transform At(const glm::vec3& p) {
  anim::Transform t;
  t.translation = p;
  return t;
}

// Root at the origin, hips 1 up, spine 0.2 above them, head 0.5 above the
// spine (model y 1.7), turned a quarter turn about Y; the target adds HelmetSlot under the root at
// (0, 1.85, 0.05), 0.15 above and 0.05 in front of the head.
anim::Skeleton MakeRig(bool with_helmet_slot) {
  std::vector<std::string> names = {"Root", "Hips", "Spine", "Head"};
  std::vector<int> parents = {-1, kRoot, kHips, kSpine};
  std::vector<anim::Transform> rest = {At({0, 0, 0}), At({0, 1, 0}), At({0, 0.2f, 0}),
                                       At({0, 0.5f, 0})};
  // The head rests turned a quarter turn about Y, so that its offset to the
  // helmet is a rotation and a translation, not a translation alone.
  rest[kHead].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
  if (with_helmet_slot) {
    names.push_back("HelmetSlot");
    parents.push_back(kRoot);
    rest.push_back(At({0, 1.85f, 0.05f}));
  }
  std::vector<glm::mat4> inverse_bind(rest.size(), glm::mat4(1.0f));
  anim::Skeleton skeleton;
  std::string error;
  EXPECT_TRUE(skeleton.Build(names, parents, {}, rest, rest, inverse_bind, &error)) << error;
  return skeleton;
}

const glm::quat kSpineTurn = glm::angleAxis(glm::radians(60.0f), glm::vec3(0, 0, 1));

// Where the head and the helmet must be with the spine turned by kSpineTurn:
// the spine's pivot is (0, 1.2, 0); the head sits 0.5 above it and the
// helmet (0, 0.15, 0.05) from the head, both turned by 60 degrees about Z.
const glm::vec3 kHeadTurned(-0.5f * std::sin(glm::radians(60.0f)),
                            1.2f + 0.5f * std::cos(glm::radians(60.0f)), 0.0f);
const glm::vec3 kHelmetTurned =
    kHeadTurned +
    glm::vec3(-0.15f * std::sin(glm::radians(60.0f)), 0.15f * std::cos(glm::radians(60.0f)), 0.05f);

std::vector<glm::mat4> ModelOf(const anim::Skeleton& skeleton, const anim::SoaPose& pose) {
  std::vector<glm::mat4> model(static_cast<std::size_t>(skeleton.JointCount()));
  anim::AsPose(skeleton, pose).ComputeModelMatrices(model);
  return model;
}

glm::vec3 PositionOf(const glm::mat4& m) { return glm::vec3(m[3]); }

class RetargetProps : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(map_.Build(source_, target_, anim::AutoMapJoints(source_, target_),
                           anim::ReferenceMatch::kRestPoses, &error))
        << error;
    ASSERT_LT(map_.Mapping()[kHelmetSlot], 0) << "the source has no helmet slot";
  }

  // The target's model matrices for the source's rest pose with the spine turned.
  std::vector<glm::mat4> Retarget() {
    anim::SoaPose source_pose;
    source_pose.CopyFrom(source_.RestPose());
    anim::Transform spine = source_pose.Local(kSpine);
    spine.rotation = kSpineTurn;
    source_pose.SetLocal(kSpine, spine);
    anim::SoaPose target_pose;
    target_pose.CopyFrom(target_.RestPose());
    anim::RetargetScratch scratch;
    scratch.Prepare(map_);
    anim::RetargetJob job;
    job.map = &map_;
    job.source = &source_pose;
    job.target = &target_pose;
    job.scratch = &scratch;
    EXPECT_TRUE(job.Run()) << job.Validate();
    return ModelOf(target_, target_pose);
  }

  std::vector<int> HelmetFollows(int joint) {
    std::vector<int> follows(static_cast<std::size_t>(target_.JointCount()), -1);
    follows[kHelmetSlot] = joint;
    return follows;
  }

  anim::Skeleton source_ = MakeRig(false);
  anim::Skeleton target_ = MakeRig(true);
  anim::RetargetMap map_;
};

TEST_F(RetargetProps, WithoutPropsTheHelmetSlotStaysWhereItRests) {
  const std::vector<glm::mat4> model = Retarget();
  EXPECT_NEAR(glm::distance(PositionOf(model[kHead]), kHeadTurned), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::distance(PositionOf(model[kHelmetSlot]), glm::vec3(0, 1.85f, 0.05f)), 0.0f,
              1e-5f);
}

TEST_F(RetargetProps, AHelmetSlotUnderTheRootRidesOnTheHeadItFollows) {
  std::string error;
  ASSERT_TRUE(map_.SetProps(HelmetFollows(kHead), &error)) << error;
  ASSERT_EQ(map_.Props().size(), 1u);
  EXPECT_EQ(map_.Props()[0], kHelmetSlot);
  const std::vector<glm::mat4> model = Retarget();
  EXPECT_NEAR(glm::distance(PositionOf(model[kHead]), kHeadTurned), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::distance(PositionOf(model[kHelmetSlot]), kHelmetTurned), 0.0f, 1e-5f)
      << "helmet at " << model[kHelmetSlot][3].x << ", " << model[kHelmetSlot][3].y << ", "
      << model[kHelmetSlot][3].z;
  // It turns with the head: its x axis is the head's, (cos 60, sin 60, 0).
  const glm::vec3 x_axis = glm::normalize(glm::vec3(model[kHelmetSlot][0]));
  EXPECT_NEAR(x_axis.x, 0.5f, 1e-5f);
  EXPECT_NEAR(x_axis.y, std::sin(glm::radians(60.0f)), 1e-5f);
}

TEST_F(RetargetProps, ABakedClipCarriesThePropAlong) {
  std::string error;
  ASSERT_TRUE(map_.SetProps(HelmetFollows(kHead), &error)) << error;
  std::vector<anim::JointTracks> tracks(1);
  tracks[0].joint = kSpine;
  tracks[0].rotation = anim::QuaternionTrack(anim::Interpolation::kLinear, {0.0f, 1.0f},
                                             {glm::quat(1, 0, 0, 0), kSpineTurn});
  const anim::Clip bend("Bend", std::move(tracks));
  const anim::Clip baked = anim::BakeRetargetedClip(bend, map_);
  anim::SoaPose pose;
  pose.CopyFrom(target_.RestPose());
  baked.Sample(pose, 1.0f, anim::LoopMode::kClamp);
  const std::vector<glm::mat4> end = ModelOf(target_, pose);
  EXPECT_NEAR(glm::distance(PositionOf(end[kHelmetSlot]), kHelmetTurned), 0.0f, 1e-5f);
  pose.CopyFrom(target_.RestPose());
  baked.Sample(pose, 0.0f, anim::LoopMode::kClamp);
  const std::vector<glm::mat4> start = ModelOf(target_, pose);
  EXPECT_NEAR(glm::distance(PositionOf(start[kHelmetSlot]), glm::vec3(0, 1.85f, 0.05f)), 0.0f,
              1e-5f);
}

TEST_F(RetargetProps, MistakesAreRefusedNamingTheJoints) {
  std::string error;
  std::vector<int> follows = HelmetFollows(kHead);
  follows[kSpine] = kHead;  // the spine is mapped: it moves already
  EXPECT_FALSE(map_.SetProps(follows, &error));
  EXPECT_NE(error.find("'Spine' is mapped"), std::string::npos) << error;

  anim::RetargetMap map;
  ASSERT_TRUE(map.Build(source_, target_, std::vector<int>{kRoot, kHips, kSpine, -1, -1},
                        anim::ReferenceMatch::kRestPoses, &error))
      << error;
  EXPECT_FALSE(map.SetProps(HelmetFollows(kHead), &error));
  EXPECT_NE(error.find("'HelmetSlot' follows 'Head', which is unmapped"), std::string::npos)
      << error;

  // A joint with mapped joints below would carry them off the source's places.
  anim::RetargetMap spine_unmapped;
  ASSERT_TRUE(spine_unmapped.Build(source_, target_, std::vector<int>{kRoot, kHips, -1, kHead, -1},
                                   anim::ReferenceMatch::kRestPoses, &error))
      << error;
  std::vector<int> spine_follows(5, -1);
  spine_follows[kSpine] = kHips;
  EXPECT_FALSE(spine_unmapped.SetProps(spine_follows, &error));
  EXPECT_NE(error.find("'Spine': mapped joints hang below it"), std::string::npos) << error;

  EXPECT_FALSE(map_.SetProps(std::vector<int>(3, -1), &error));
  EXPECT_NE(error.find("3 entries for 5 target joints"), std::string::npos) << error;
  EXPECT_TRUE(map_.Props().empty()) << "a refused call leaves the props as they were";
}

}  // namespace
