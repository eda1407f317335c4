// Animation channels on nodes that are not the skin's joints but lie above
// one (an armature or root node, as exporters write them) or below one (a
// prop in a hand): such a node becomes a joint, so the clip moves everything
// below it. The expected matrices are glm products of the node chain built
// here from the numbers written into the file, never taken from the importer.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::HasWarningContaining;
using gltf_test::LoadOk;
using gltf_test::MatrixNear;
using gltf_test::VecNear;

const glm::vec3 kX(1, 0, 0), kY(0, 1, 0), kZ(0, 0, 1);

glm::mat4 Translate(glm::vec3 t) { return glm::translate(glm::mat4(1.0f), t); }
glm::mat4 Rotate(float degrees, glm::vec3 axis) {
  return glm::rotate(glm::mat4(1.0f), glm::radians(degrees), axis);
}

// glTF stores a quaternion as (x, y, z, w).
std::vector<float> QuatXyzw(float degrees, glm::vec3 axis) {
  const glm::quat q = glm::angleAxis(glm::radians(degrees), axis);
  return {q.x, q.y, q.z, q.w};
}

// Two rotation keys: none, then 90 degrees about `axis`.
std::vector<float> QuarterTurnKeys(glm::vec3 axis) {
  std::vector<float> keys = QuatXyzw(0.0f, axis);
  const std::vector<float> turned = QuatXyzw(90.0f, axis);
  keys.insert(keys.end(), turned.begin(), turned.end());
  return keys;
}

std::string Floats(const std::vector<float>& v) {
  std::string out;
  for (float f : v) out += (out.empty() ? "" : ",") + std::to_string(f);
  return out;
}

// Scene: World (static: translation (0, 1, 0), scale 0.5)
//          -> Armature (rest: translation (1, 0, 0), 30 degrees about Z;
//                       animated: translation and rotation)
//            -> Offset (static, not a joint: 90 degrees about X)
//              -> Hips (skin joint, translation (0, 2, 0))
//                -> Spine (skin joint, translation (0, 1, 0), 45 degrees about Y)
//            -> Prop (an unskinned mesh, translation (0, 0, 3))
//        Body: the skinned mesh, with a translation glTF says to ignore.
// The clip "Move": the Armature's translation (1, 0, 0) -> (1.47, 0, 0) ->
// (1.47, 0.3, -0.2) at 0, 1, 2 s, and its rotation 0 -> 90 degrees about Y
// over 0..2 s, both LINEAR.
struct AncestorFile {
  GltfBuilder b;
  std::string rest;

  static glm::mat4 World() {
    return Translate({0, 1, 0}) * glm::scale(glm::mat4(1.0f), glm::vec3(0.5f));
  }
  static glm::mat4 OffsetNode() { return Rotate(90.0f, kX); }
  static glm::mat4 HipsLocal() { return Translate({0, 2, 0}); }
  static glm::mat4 SpineLocal() { return Translate({0, 1, 0}) * Rotate(45.0f, kY); }
  static glm::mat4 PropLocal() { return Translate({0, 0, 3}); }
  static std::vector<float> PropVertices() { return {0, 0, 0, 1, 0, 0, 0, 1, 0}; }
  static glm::mat4 ArmatureRest() { return Translate({1, 0, 0}) * Rotate(30.0f, kZ); }

  // The Armature's local matrix at time t, from the keys above: linear
  // translation between neighbouring keys; a slerp between 0 and 90 degrees
  // about one axis turns by the same fraction of 90 degrees.
  static glm::mat4 ArmatureAt(float t) {
    const glm::vec3 translation =
        t <= 1.0f ? glm::vec3(1, 0, 0) + t * glm::vec3(0.47f, 0, 0)
                  : glm::vec3(1.47f, 0, 0) + (t - 1.0f) * glm::vec3(0, 0.3f, -0.2f);
    return Translate(translation) * Rotate(45.0f * t, kY);
  }
  static glm::mat4 HipsGlobal(const glm::mat4& armature) {
    return World() * armature * OffsetNode() * HipsLocal();
  }
  static glm::mat4 SpineGlobal(const glm::mat4& armature) {
    return HipsGlobal(armature) * SpineLocal();
  }

  explicit AncestorFile(bool animated = true) {
    const int positions = b.AddFloats({0, 0, 0, 0, 1, 0, 1, 0, 0}, "VEC3");
    const int prop_positions = b.AddFloats(PropVertices(), "VEC3");
    const int joints = b.AddU8({0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, "VEC4", false);
    const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0}, "VEC4");
    std::vector<float> ibm = gltf_test::MatrixFloats(glm::inverse(HipsGlobal(ArmatureRest())));
    const std::vector<float> spine_ibm =
        gltf_test::MatrixFloats(glm::inverse(SpineGlobal(ArmatureRest())));
    ibm.insert(ibm.end(), spine_ibm.begin(), spine_ibm.end());
    const int ibm_accessor = b.AddFloats(ibm, "MAT4");
    const int move_times = b.AddFloats({0, 1, 2}, "SCALAR");
    const int move_values = b.AddFloats({1, 0, 0, 1.47f, 0, 0, 1.47f, 0.3f, -0.2f}, "VEC3");
    const int turn_times = b.AddFloats({0, 2}, "SCALAR");
    const int turn_values = b.AddFloats(QuarterTurnKeys(kY), "VEC4");
    const auto s = [](int i) { return std::to_string(i); };
    rest = R"("scene":0,"scenes":[{"nodes":[0,5]}],"nodes":[
      {"name":"World","translation":[0,1,0],"scale":[0.5,0.5,0.5],"children":[1]},
      {"name":"Armature","translation":[1,0,0],"rotation":[)" +
           Floats(QuatXyzw(30.0f, kZ)) + R"(],"children":[2,6]},
      {"name":"Offset","rotation":[)" +
           Floats(QuatXyzw(90.0f, kX)) + R"(],"children":[3]},
      {"name":"Hips","translation":[0,2,0],"children":[4]},
      {"name":"Spine","translation":[0,1,0],"rotation":[)" +
           Floats(QuatXyzw(45.0f, kY)) + R"(]},
      {"name":"Body","mesh":0,"skin":0,"translation":[10,0,0]},
      {"name":"Prop","mesh":1,"translation":[0,0,3]}],
      "skins":[{"joints":[3,4],"inverseBindMatrices":)" +
           s(ibm_accessor) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           s(positions) + R"(,"JOINTS_0":)" + s(joints) + R"(,"WEIGHTS_0":)" + s(weights) +
           R"(}}]},{"primitives":[{"attributes":{"POSITION":)" + s(prop_positions) + "}}]}]";
    if (!animated) return;
    rest += R"(,"animations":[{"name":"Move","samplers":[
        {"input":)" +
            s(move_times) + R"(,"output":)" + s(move_values) + R"(},
        {"input":)" +
            s(turn_times) + R"(,"output":)" + s(turn_values) + R"(}],
      "channels":[{"sampler":0,"target":{"node":1,"path":"translation"}},
                  {"sampler":1,"target":{"node":1,"path":"rotation"}}]}])";
  }
};

TEST(AnimatedNode, BecomesAJointAboveTheSkinsJoints) {
  const AncestorFile file;
  const anim::Model model = LoadOk(file.b.EmbeddedJson(file.rest));
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 3);
  const int armature = skeleton.FindJoint("Armature");
  const int hips = skeleton.FindJoint("Hips");
  const int spine = skeleton.FindJoint("Spine");
  ASSERT_EQ(armature, 0);
  ASSERT_GE(hips, 0);
  ASSERT_GE(spine, 0);
  EXPECT_EQ(skeleton.Parent(armature), -1);
  EXPECT_EQ(skeleton.Parent(hips), armature);
  EXPECT_EQ(skeleton.Parent(spine), hips);
  // Static nodes stay baked in, not joints.
  EXPECT_EQ(skeleton.FindJoint("World"), -1);
  EXPECT_EQ(skeleton.FindJoint("Offset"), -1);
  // No vertex is bound to the ancestor: no inverse bind matrix, bind = rest.
  EXPECT_TRUE(MatrixNear(skeleton.InverseBindMatrices()[armature], glm::mat4(1.0f), 0.0f));
  EXPECT_TRUE(MatrixNear(anim::ToMatrix(skeleton.BindPose().Local(armature)),
                         AncestorFile::ArmatureRest(), 1e-6f));
  // JOINTS_0's slots 0 and 1 are the skin's Hips and Spine, not the new joint.
  ASSERT_EQ(model.primitives.size(), 2u);
  EXPECT_EQ(model.primitives[0].joints[0][0], hips);
  EXPECT_EQ(model.primitives[0].joints[1][0], spine);
  // The rest pose is the file's, the mesh node's translation ignored.
  EXPECT_TRUE(MatrixNear(anim::RestPoseOf(skeleton).ModelMatrix(hips),
                         AncestorFile::HipsGlobal(AncestorFile::ArmatureRest()), 1e-5f));
  // Bind pose from the inverse bind matrices: the skinned joints' palette is
  // the identity; the ancestor's is its model matrix (identity inverse bind).
  std::vector<glm::mat4> scratch(3), palette(3);
  anim::ComputePalette(skeleton, anim::SoaPose(skeleton.BindPose()), scratch, palette);
  EXPECT_TRUE(MatrixNear(palette[hips], glm::mat4(1.0f), 1e-5f));
  EXPECT_TRUE(MatrixNear(palette[spine], glm::mat4(1.0f), 1e-5f));
  EXPECT_TRUE(
      MatrixNear(palette[armature], AncestorFile::World() * AncestorFile::ArmatureRest(), 1e-5f));
}

TEST(AnimatedNode, ItsChannelsMoveTheJointsAndThePalette) {
  const AncestorFile file;
  const anim::Model model = LoadOk(file.b.EmbeddedJson(file.rest));
  EXPECT_FALSE(HasWarningContaining(model, "outside the skeleton"));
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  const anim::Skeleton& skeleton = model.skeleton;
  const int hips = skeleton.FindJoint("Hips");
  const int spine = skeleton.FindJoint("Spine");
  ASSERT_GE(hips, 0);
  ASSERT_GE(spine, 0);
  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Clip& clip = model.clips[0];

  const glm::mat4 hips_bind = AncestorFile::HipsGlobal(AncestorFile::ArmatureRest());
  const glm::mat4 spine_bind = AncestorFile::SpineGlobal(AncestorFile::ArmatureRest());
  anim::Pose pose = anim::RestPoseOf(skeleton);
  std::vector<glm::mat4> model_space(skeleton.JointCount()), palette(skeleton.JointCount());
  for (float t : {0.0f, 0.25f, 0.5f, 1.0f, 1.3f, 1.75f, 2.0f}) {
    test_support::SampleInto(clip, pose, t, anim::LoopMode::kClamp);
    pose.ComputeModelMatrices(model_space);
    const glm::mat4 armature = AncestorFile::ArmatureAt(t);
    const glm::mat4 hips_expected = AncestorFile::HipsGlobal(armature);
    const glm::mat4 spine_expected = AncestorFile::SpineGlobal(armature);
    EXPECT_TRUE(VecNear(glm::vec3(model_space[hips][3]), glm::vec3(hips_expected[3]), 1e-5f))
        << "t = " << t;
    EXPECT_TRUE(MatrixNear(model_space[hips], hips_expected, 1e-5f)) << "t = " << t;
    EXPECT_TRUE(MatrixNear(model_space[spine], spine_expected, 1e-5f)) << "t = " << t;
    // Skinning: palette = model matrix x the file's inverse bind matrix.
    anim::ComputePalette(skeleton, anim::SoaPose(pose), model_space, palette);
    EXPECT_TRUE(MatrixNear(palette[hips], hips_expected * glm::inverse(hips_bind), 1e-5f))
        << "t = " << t;
    EXPECT_TRUE(MatrixNear(palette[spine], spine_expected * glm::inverse(spine_bind), 1e-5f))
        << "t = " << t;
    // The unskinned Prop below the Armature follows it rigidly: each vertex,
    // skinned by its one joint, lands where the node chain puts it.
    const anim::MeshPrimitive& prop = model.primitives[1];
    ASSERT_EQ(prop.positions.size(), 3u);
    const std::vector<float> v = AncestorFile::PropVertices();
    for (int k = 0; k < 3; ++k) {
      const glm::vec4 expected = AncestorFile::World() * armature * AncestorFile::PropLocal() *
                                 glm::vec4(v[3 * k], v[3 * k + 1], v[3 * k + 2], 1.0f);
      const glm::vec4 skinned = palette[prop.joints[k][0]] * glm::vec4(prop.positions[k], 1.0f);
      EXPECT_EQ(prop.joints[k][0], skeleton.FindJoint("Armature"));
      EXPECT_TRUE(VecNear(glm::vec3(skinned), glm::vec3(expected), 1e-5f)) << "t = " << t;
    }
  }
}

// Without the clip the Armature is static: baked into the Hips' offset as
// before, and they sit where the same chain of matrices puts them. The
// unskinned Prop, now below no joint, is a static mesh: a root joint of its
// own whose vertices land where the node chain puts them.
TEST(AnimatedNode, StaticAncestorsStayOffsets) {
  const AncestorFile file(/*animated=*/false);
  const anim::Model model = LoadOk(file.b.EmbeddedJson(file.rest));
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 3);
  EXPECT_EQ(skeleton.FindJoint("Armature"), -1);
  const int hips = skeleton.FindJoint("Hips");
  const int prop = skeleton.FindJoint("Prop");
  ASSERT_GE(hips, 0);
  ASSERT_GE(prop, 0);
  EXPECT_EQ(skeleton.Parent(hips), -1);
  EXPECT_EQ(skeleton.Parent(prop), -1);
  EXPECT_TRUE(MatrixNear(skeleton.InverseBindMatrices()[prop], glm::mat4(1.0f), 0.0f));
  EXPECT_TRUE(MatrixNear(anim::RestPoseOf(skeleton).ModelMatrix(hips),
                         AncestorFile::HipsGlobal(AncestorFile::ArmatureRest()), 1e-5f));
  std::vector<glm::mat4> scratch(3), palette(3);
  anim::ComputePalette(skeleton, anim::SoaPose(skeleton.RestPose()), scratch, palette);
  ASSERT_EQ(model.primitives.size(), 2u);
  const anim::MeshPrimitive& mesh = model.primitives[1];
  EXPECT_EQ(mesh.node_name, "Prop");
  const std::vector<float> v = AncestorFile::PropVertices();
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(mesh.joints[k][0], prop);
    const glm::vec4 expected = AncestorFile::World() * AncestorFile::ArmatureRest() *
                               AncestorFile::PropLocal() *
                               glm::vec4(v[3 * k], v[3 * k + 1], v[3 * k + 2], 1.0f);
    const glm::vec4 skinned = palette[mesh.joints[k][0]] * glm::vec4(mesh.positions[k], 1.0f);
    EXPECT_TRUE(VecNear(glm::vec3(skinned), glm::vec3(expected), 1e-5f)) << "vertex " << k;
  }
}

// Below a joint the same holds: Hand (skin joint: translation (0, 1, 0), 90
// degrees about Z) -> Grip (static: translation (0.2, 0, 0)) -> Sword (an
// unskinned mesh; rest translation (0.5, 0, 0), its rotation animated from 0
// to 90 degrees about X over one second). The Sword becomes a joint under the
// Hand, the Grip stays its offset, and the mesh turns with it.
TEST(AnimatedNode, AnAnimatedPropBelowAJointBecomesAJoint) {
  const glm::mat4 hand = Translate({0, 1, 0}) * Rotate(90.0f, kZ);
  const glm::mat4 grip = Translate({0.2f, 0, 0});
  const auto sword_at = [](float t) { return Translate({0.5f, 0, 0}) * Rotate(90.0f * t, kX); };
  const std::vector<float> vertices = {0, 0, 0, 1, 0, 0, 0, 0, 1};
  GltfBuilder b;
  const int positions = b.AddFloats(vertices, "VEC3");
  const int ibm = b.AddFloats(gltf_test::MatrixFloats(glm::inverse(hand)), "MAT4");
  const int times = b.AddFloats({0, 1}, "SCALAR");
  const int turn_values = b.AddFloats(QuarterTurnKeys(kX), "VEC4");
  const auto s = [](int i) { return std::to_string(i); };
  const std::string rest = R"("nodes":[
      {"name":"Hand","translation":[0,1,0],"rotation":[)" +
                           Floats(QuatXyzw(90.0f, kZ)) + R"(],"children":[1]},
      {"name":"Grip","translation":[0.2,0,0],"children":[2]},
      {"name":"Sword","translation":[0.5,0,0],"mesh":0}],
    "skins":[{"joints":[0],"inverseBindMatrices":)" +
                           s(ibm) + R"(}],
    "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                           s(positions) + R"(}}]}],
    "animations":[{"samplers":[{"input":)" +
                           s(times) + R"(,"output":)" + s(turn_values) + R"(}],
      "channels":[{"sampler":0,"target":{"node":2,"path":"rotation"}}]}])";
  const anim::Model model = LoadOk(b.EmbeddedJson(rest));
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 2);
  const int sword = skeleton.FindJoint("Sword");
  ASSERT_GE(sword, 0);
  EXPECT_EQ(skeleton.Parent(sword), skeleton.FindJoint("Hand"));
  EXPECT_EQ(skeleton.FindJoint("Grip"), -1);
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  ASSERT_EQ(mesh.positions.size(), 3u);
  ASSERT_EQ(model.clips.size(), 1u);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  std::vector<glm::mat4> scratch(2), palette(2);
  for (float t : {0.0f, 0.3f, 0.5f, 1.0f}) {
    test_support::SampleInto(model.clips[0], pose, t, anim::LoopMode::kClamp);
    anim::ComputePalette(skeleton, anim::SoaPose(pose), scratch, palette);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(mesh.joints[k][0], sword);
      const glm::vec4 expected =
          hand * grip * sword_at(t) *
          glm::vec4(vertices[3 * k], vertices[3 * k + 1], vertices[3 * k + 2], 1);
      const glm::vec4 skinned = palette[mesh.joints[k][0]] * glm::vec4(mesh.positions[k], 1.0f);
      EXPECT_TRUE(VecNear(glm::vec3(skinned), glm::vec3(expected), 1e-5f)) << "t = " << t;
    }
  }
}

}  // namespace
