#include "anim/blending/mirror.h"
#include "anim/core/rig_naming.h"
#include "anim/offline/pose.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "import/gltf_importer.h"
#include "mirror_toy_skeleton.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

// The runtime's MirrorPose (on SoaPoses) applied to Poses, whose model
// matrices the checks below read.
void MirrorPose(const anim::MirrorMap& map, const anim::Pose& in, anim::Pose& out) {
  anim::SoaPose soa(in);
  anim::MirrorPose(map, in.Parents(), soa, soa);
  soa.Store(out);
}

using namespace anim_test;

glm::mat4 Reflection(anim::MirrorAxis axis) {
  glm::mat4 m(1.0f);
  m[static_cast<int>(axis)][static_cast<int>(axis)] = -1.0f;
  return m;
}

TEST(Mirror, TransformEqualsConjugationByTheReflectionMatrix) {
  // M * T * M, with M the reflection matrix, is what a mirrored transform
  // must be; check the quaternion rule against it for every axis.
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (anim::MirrorAxis axis : {anim::MirrorAxis::kX, anim::MirrorAxis::kY, anim::MirrorAxis::kZ}) {
    const glm::mat4 m = Reflection(axis);
    for (int k = 0; k < 200; ++k) {
      anim::Transform t;
      t.translation = {u(rng), u(rng), u(rng)};
      t.rotation = glm::normalize(glm::quat(u(rng), u(rng), u(rng), u(rng)));
      t.scale = glm::vec3(0.5f + std::abs(u(rng)));
      ExpectMatNear(anim::ToMatrix(anim::MirrorTransform(t, axis)), m * anim::ToMatrix(t) * m,
                    1e-5f);
    }
  }
  // By hand: 90 degrees about Y, mirrored in X, is -90 degrees about Y.
  const anim::Transform turn{{1, 2, 3}, AxisAngle(90, {0, 1, 0}), glm::vec3(1)};
  const anim::Transform mirrored = anim::MirrorTransform(turn, anim::MirrorAxis::kX);
  ExpectVecNear(mirrored.translation, {-1, 2, 3});
  ExpectSameRotation(mirrored.rotation, AxisAngle(-90, {0, 1, 0}));
}

TEST(Mirror, PartnersAreNamedAsTheRigNamingModuleReadsThem) {
  // The names the mirror map pairs (its partners come from PartnerName).
  EXPECT_EQ(anim::PartnerName("LeftArm"), "RightArm");
  EXPECT_EQ(anim::PartnerName("mixamorig:RightHand"), "mixamorig:LeftHand");
  EXPECT_EQ(anim::PartnerName("upper_arm_left"), "upper_arm_right");
  EXPECT_EQ(anim::PartnerName("Bip01 L Thigh"), "Bip01 R Thigh");
  EXPECT_EQ(anim::PartnerName("L_foot"), "R_foot");
  EXPECT_EQ(anim::PartnerName("thigh_L"), "thigh_R");
  EXPECT_EQ(anim::PartnerName("hand.r"), "hand.l");
  EXPECT_EQ(anim::PartnerName("shin.R"), "shin.L");
  EXPECT_EQ(anim::PartnerName("Spine"), "");
  EXPECT_EQ(anim::PartnerName("Hips"), "");
  EXPECT_EQ(anim::PartnerName("_L"), "");  // nothing but the token: no side
}

TEST(Mirror, ToySkeletonPairsAndMirrorsByHand) {
  const anim::Skeleton s = MakeToySkeleton();
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  EXPECT_EQ(map.partner, (std::vector<int>{0, 1, 3, 2, 5, 4}));
  EXPECT_NEAR(map.max_bind_correction_angle, 0.0f, 1e-6f);
  EXPECT_NEAR(map.max_bind_position_asymmetry, 0.0f, 1e-6f);

  anim::Pose pose = anim::RestPoseOf(s);
  pose.SetLocal(2,
                {{0.3f, 0.1f, 0.05f}, AxisAngle(30, {1, 0, 0}), glm::vec3(1)});  // left leg forward
  pose.SetLocal(3, {{-0.2f, 0, 0}, AxisAngle(-10, {0, 0, 1}), glm::vec3(1)});
  anim::Pose out = anim::RestPoseOf(s);
  MirrorPose(map, pose, out);
  // The right leg gets the left one's transform, x negated; a rotation about
  // X (the mirror's normal) is unchanged, one about Z is reversed.
  ExpectVecNear(out.Local(3).translation, {-0.3f, 0.1f, 0.05f});
  ExpectSameRotation(out.Local(3).rotation, AxisAngle(30, {1, 0, 0}));
  ExpectVecNear(out.Local(2).translation, {0.2f, 0, 0});
  ExpectSameRotation(out.Local(2).rotation, AxisAngle(10, {0, 0, 1}));
}

// The left leg's bind pose turned 30 degrees about X from the mirror image of
// the right one: Build measures a correction of 30 degrees (the leg's, and
// the foot's under it), and the foot's bind position 2 sin(15 degrees) from
// its partner's reflection (the leg is one unit long).
TEST(Mirror, BuildMeasuresTheBindPoseAsymmetry) {
  const anim::Skeleton s = MakeToySkeleton(false, AxisAngle(30, {1, 0, 0}));
  anim::MirrorMap map;
  std::string error;
  ASSERT_TRUE(map.Build(s, &error)) << error;
  EXPECT_EQ(map.bind_axis, anim::MirrorAxis::kX);
  EXPECT_NEAR(map.max_bind_correction_angle, glm::radians(30.0f), 1e-4f);
  EXPECT_NEAR(map.max_bind_position_asymmetry, 2.0f * std::sin(glm::radians(15.0f)), 1e-5f);
}

TEST(Mirror, AsymmetricHierarchyIsAnError) {
  anim::MirrorMap map;
  std::string error;
  EXPECT_FALSE(map.Build(MakeToySkeleton(/*swap_right_parent=*/true), &error));
  EXPECT_NE(
      error.find("'foot_L' and its partner 'foot_R' have parents that are not mirror partners"),
      std::string::npos)
      << error;
  EXPECT_TRUE(map.partner.empty());
}

struct Loaded {
  anim::Model model;
  std::string error;
  bool ok = false;
};

Loaded Load(const std::string& path) {
  Loaded l;
  l.ok = anim::LoadGltfModel(path, &l.model, &l.error);
  return l;
}

// Model-space matrices in the root's parent space (the space the reflection
// is defined in): the project's model matrices with the root's own offset
// (an armature node above it) taken off again.
std::vector<glm::mat4> RootSpaceMatrices(const anim::Pose& pose) {
  std::vector<glm::mat4> m(pose.JointCount());
  pose.ComputeModelMatrices(m);
  for (int j = 0; j < pose.JointCount(); ++j) {
    int root = j;
    while (pose.Parent(root) >= 0) root = pose.Parent(root);
    if (!pose.Offsets().empty()) m[j] = glm::inverse(pose.Offsets()[root]) * m[j];
  }
  return m;
}

anim::Pose SampleAt(const anim::Model& model, const std::string& clip, float phase) {
  const int c = model.FindClip(clip);
  EXPECT_GE(c, 0) << clip;
  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  const anim::Clip& k = model.clips[c];
  test_support::SampleInto(k, pose, k.TimeAtPhase(phase), anim::LoopMode::kClamp);
  return pose;
}

// Largest distance between each mirrored joint's position and the
// reflection of its partner's original position; and the same for model
// space (with the armature), which agrees when the armature commutes with
// the reflection.
float PositionError(const anim::MirrorMap& map, const anim::Pose& original,
                    const anim::Pose& mirrored, bool root_space) {
  std::vector<glm::mat4> a(original.JointCount()), b(original.JointCount());
  if (root_space) {
    a = RootSpaceMatrices(original);
    b = RootSpaceMatrices(mirrored);
  } else {
    original.ComputeModelMatrices(a);
    mirrored.ComputeModelMatrices(b);
  }
  const glm::mat4 m = Reflection(map.axis);
  float worst = 0.0f;
  for (int j = 0; j < original.JointCount(); ++j) {
    const glm::vec3 expected = glm::vec3(m * a[map.partner[j]][3]);
    worst = std::max(worst, glm::distance(glm::vec3(b[j][3]), expected));
  }
  return worst;
}

// Largest difference between the mirrored pose's skinning matrices
// S'_j = G'_j * inverse_bind_j and M * S_p * N (p the partner, M the pose's
// reflection, N the bind mesh's): zero when the mirrored pose deforms the
// mesh into the mirror image of the original. `rotation` is the largest
// difference in the 3x3 part, `translation` the largest in the last column
// divided by the skeleton's size.
struct SkinningErrors {
  float rotation = 0.0f;
  float translation = 0.0f;
};

SkinningErrors SkinningError(const anim::Skeleton& s, const anim::MirrorMap& map,
                             const anim::Pose& original, const anim::Pose& mirrored) {
  const int n = s.JointCount();
  std::vector<glm::mat4> a(n), b(n), bind(n);
  original.ComputeModelMatrices(a);
  mirrored.ComputeModelMatrices(b);
  anim::BindPoseOf(s).ComputeModelMatrices(bind);
  const glm::mat4 m = Reflection(map.axis), mesh = Reflection(map.bind_axis);
  float size = 0.0f;
  SkinningErrors worst;
  for (int j = 0; j < n; ++j) size = std::max(size, glm::length(glm::vec3(bind[j][3])));
  for (int j = 0; j < n; ++j) {
    const int p = map.partner[j];
    const glm::mat4 expected = m * a[p] * s.InverseBindMatrices()[p] * mesh;
    const glm::mat4 actual = b[j] * s.InverseBindMatrices()[j];
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 3; ++r) {
        const float d = std::abs(actual[c][r] - expected[c][r]);
        if (c < 3) {
          worst.rotation = std::max(worst.rotation, d);
        } else {
          worst.translation = std::max(worst.translation, d / size);
        }
      }
    }
  }
  return worst;
}

// The default character and its mirror map, loaded once per test.
class MannequinMirror : public testing::Test {
 protected:
  void SetUp() override {
    l = Load(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf");
    ASSERT_TRUE(l.ok) << l.error;
    std::string error;
    ASSERT_TRUE(map.Build(l.model.skeleton, &error)) << error;
  }
  Loaded l;
  anim::MirrorMap map;
};

TEST_F(MannequinMirror, WalkMirrorsJointPositionsAndRoundTrips) {
  const anim::Skeleton& s = l.model.skeleton;
  EXPECT_EQ(map.partner[s.FindJoint("LeftArm")], s.FindJoint("RightArm"));
  EXPECT_EQ(map.partner[s.FindJoint("RightToeBase")], s.FindJoint("LeftToeBase"));
  EXPECT_EQ(map.partner[s.FindJoint("Hips")], s.FindJoint("Hips"));
  EXPECT_EQ(map.partner[s.FindJoint("Head")], s.FindJoint("Head"));
  // The generator builds a symmetric bind pose: no correction needed.
  EXPECT_EQ(map.bind_axis, anim::MirrorAxis::kX);
  EXPECT_LT(map.max_bind_correction_angle, 1e-3f);
  EXPECT_LT(map.max_bind_position_asymmetry, 1e-5f);
  std::printf("mannequin: max bind correction %.3g rad, bind position asymmetry %.3g m\n",
              map.max_bind_correction_angle, map.max_bind_position_asymmetry);

  for (float phase : {0.0f, 0.17f, 0.5f, 0.83f}) {
    SCOPED_TRACE("Walk at phase " + std::to_string(phase));
    const anim::Pose walk = SampleAt(l.model, "Walk", phase);
    anim::Pose mirrored = anim::RestPoseOf(s);
    MirrorPose(map, walk, mirrored);
    EXPECT_LT(PositionError(map, walk, mirrored, /*root_space=*/false), 1e-4f);
    const SkinningErrors skin = SkinningError(s, map, walk, mirrored);
    EXPECT_LT(skin.rotation, 1e-4f);
    EXPECT_LT(skin.translation, 1e-4f);
    // The left foot really moves: the mirror is not trivially the original.
    const int left_foot = s.FindJoint("LeftFoot"), right_foot = s.FindJoint("RightFoot");
    std::vector<glm::mat4> a(s.JointCount()), b(s.JointCount());
    walk.ComputeModelMatrices(a);
    mirrored.ComputeModelMatrices(b);
    EXPECT_NEAR(b[right_foot][3].z, a[left_foot][3].z, 1e-4f);
    EXPECT_NEAR(b[right_foot][3].x, -a[left_foot][3].x, 1e-4f);

    anim::Pose twice = anim::RestPoseOf(s);
    MirrorPose(map, mirrored, twice);
    for (int j = 0; j < s.JointCount(); ++j) {
      ExpectVecNear(twice.Local(j).translation, walk.Local(j).translation, 1e-5f);
      ExpectSameRotation(twice.Local(j).rotation, walk.Local(j).rotation, 1e-5f);
    }
    // In place (out aliasing in) gives the same as out of place.
    anim::Pose in_place = walk;
    MirrorPose(map, in_place, in_place);
    for (int j = 0; j < s.JointCount(); ++j) {
      EXPECT_EQ(in_place.Local(j).translation, mirrored.Local(j).translation);
      EXPECT_EQ(in_place.Local(j).rotation, mirrored.Local(j).rotation);
    }
  }
}

TEST(Mirror, WomanEverySidedJointHasAPartnerAndTheMeshMirrors) {
  const std::string path = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << path << " is absent (it lives beside the repo, in ../shared/assets)";
  const Loaded l = Load(path);
  ASSERT_TRUE(l.ok) << l.error;
  const anim::Skeleton& s = l.model.skeleton;
  anim::MirrorMap corrected, plain;
  std::string error;
  ASSERT_TRUE(corrected.Build(s, &error)) << error;
  ASSERT_TRUE(plain.Build(s, &error, anim::MirrorAxis::kX, /*correct_bind_asymmetry=*/false))
      << error;
  int sided = 0;
  for (int j = 0; j < s.JointCount(); ++j) {
    const std::string& name = s.JointName(j);
    const bool left = name.find("Left") != std::string::npos,
               right = name.find("Right") != std::string::npos;
    if (!left && !right) {
      EXPECT_EQ(corrected.partner[j], j) << name;
      continue;
    }
    ++sided;
    ASSERT_NE(corrected.partner[j], j) << name << " has no partner";
    std::string expected = name;
    if (left) {
      expected.replace(expected.find("Left"), 4, "Right");
    } else {
      expected.replace(expected.find("Right"), 5, "Left");
    }
    EXPECT_EQ(s.JointName(corrected.partner[j]), expected);
  }
  EXPECT_EQ(sided, 34);  // 41 joints, 7 on the centre line (Hips, Spine, Spine1, Spine2, Neck,
                         // Head, HeadTop_End)

  // Its bind pose faces along X (left hand at z = -1.76, right at +1.75),
  // while its clips face along Z with left at +x.
  EXPECT_EQ(corrected.bind_axis, anim::MirrorAxis::kZ);
  std::printf(
      "Woman: bind mirror axis %d, bind position asymmetry %.3g (model units), correction up to "
      "%.2f degrees\n",
      static_cast<int>(corrected.bind_axis), corrected.max_bind_position_asymmetry,
      glm::degrees(corrected.max_bind_correction_angle));
  SkinningErrors worst_plain, worst_corrected;
  std::vector<glm::mat4> bind(s.JointCount());
  anim::BindPoseOf(s).ComputeModelMatrices(bind);
  float size = 0.0f;
  for (const glm::mat4& m : bind) size = std::max(size, glm::length(glm::vec3(m[3])));
  for (const char* clip : {"Walking", "Running", "Punch"}) {
    for (float phase : {0.1f, 0.4f, 0.7f}) {
      SCOPED_TRACE(std::string(clip) + " at phase " + std::to_string(phase));
      const anim::Pose pose = SampleAt(l.model, clip, phase);
      anim::Pose a = anim::RestPoseOf(s), b = a;
      MirrorPose(corrected, pose, a);
      MirrorPose(plain, pose, b);
      // Positions mirror with or without the correction (centimetres in
      // root space; the armature's 0.01 scale makes model space metres).
      EXPECT_LT(PositionError(corrected, pose, a, /*root_space=*/true), 1e-2f);
      EXPECT_LT(PositionError(corrected, pose, a, /*root_space=*/false), 1e-4f);
      EXPECT_LT(PositionError(plain, pose, b, /*root_space=*/false), 1e-4f);
      const SkinningErrors c = SkinningError(s, corrected, pose, a),
                           p = SkinningError(s, plain, pose, b);
      worst_corrected.rotation = std::max(worst_corrected.rotation, c.rotation);
      worst_corrected.translation = std::max(worst_corrected.translation, c.translation);
      worst_plain.rotation = std::max(worst_plain.rotation, p.rotation);
      worst_plain.translation = std::max(worst_plain.translation, p.translation);
      anim::Pose twice = anim::RestPoseOf(s);
      MirrorPose(corrected, a, twice);
      for (int j = 0; j < s.JointCount(); ++j)
        ExpectSameRotation(twice.Local(j).rotation, pose.Local(j).rotation, 1e-5f);
    }
  }
  std::printf(
      "Woman: skinning-matrix error of the mirror (rotation part / translation relative to size): "
      "corrected %.3g / %.3g, plain local-space %.3g / %.3g\n",
      worst_corrected.rotation, worst_corrected.translation, worst_plain.rotation,
      worst_plain.translation);
  // With the correction the mesh's orientations mirror exactly; its
  // positions up to the rig's own bind asymmetry (the correction keeps only
  // rotation; Woman's clips also key scales up to 1.2e-4 away from 1, which
  // the mirror copies without turning their axes). The plain mirror turns
  // parts of the mesh the wrong way.
  EXPECT_LT(worst_corrected.rotation, 3e-4f);
  EXPECT_LT(worst_corrected.translation, corrected.max_bind_position_asymmetry / size + 1e-4f);
  EXPECT_GT(worst_plain.rotation, 0.1f);
}

// Why sample 06 samples its mirrored clips half a cycle later: a symmetric
// gait's mirror image is the same gait with the other foot leading, so
// mirror(Walk(phase + 0.5)) is Walk(phase), and blending the two keeps the
// feet together; at the same phase the feet are opposite.
TEST_F(MannequinMirror, WalkMirroredHalfACycleLaterIsTheWalk) {
  const anim::Skeleton& s = l.model.skeleton;
  const auto worst_distance = [&](float offset) {
    float worst = 0.0f;
    std::vector<glm::mat4> a(s.JointCount()), b(s.JointCount());
    for (int k = 0; k < 20; ++k) {
      const float phase = k / 20.0f;
      const anim::Pose walk = SampleAt(l.model, "Walk", phase);
      anim::Pose mirrored = SampleAt(l.model, "Walk", std::fmod(phase + offset, 1.0f));
      MirrorPose(map, mirrored, mirrored);
      walk.ComputeModelMatrices(a);
      mirrored.ComputeModelMatrices(b);
      for (int j = 0; j < s.JointCount(); ++j)
        worst = std::max(worst, glm::distance(glm::vec3(a[j][3]), glm::vec3(b[j][3])));
    }
    return worst;
  };
  EXPECT_LT(worst_distance(0.5f), 1e-3f);  // metres
  EXPECT_GT(worst_distance(0.0f), 0.3f);   // the feet are a stride apart
}

}  // namespace
