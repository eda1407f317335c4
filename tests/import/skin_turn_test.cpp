// A turn above a skinned mesh that the skeleton hangs outside of (the
// Khronos BrainStem sample's layout): glTF draws the mesh by its joints
// alone, so the character is drawn without the turn, and the load warns.
// Two files written here: the same turn with the skeleton inside it (no
// warning, the character upright) and outside it (a warning naming the
// node, the mesh and the turn; the character lies along +Z), and outside
// it with the turn applied (ImportOptions::apply_scene_turn: upright).
#include <cmath>

#include <gtest/gtest.h>

#include "anim/core/local_to_model_jobs.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::HasWarningContaining;
using gltf_test::LoadOk;

// Scene root "ZUpToYUp" turns -90 degrees about X (Z up to Y up). Below
// it (or beside it, `outside`) "Armature" turns +90 degrees about X, so
// that inside the scene root the two cancel; Hip sits 0.9 up in the
// armature, Head 0.5 above Hip. "Body" is skinned to Hip and Head.
std::string BrainStemLike(bool outside) {
  GltfBuilder b;
  const int positions =
      b.AddFloats({-0.1f, 0.9f, 0, 0.1f, 0.9f, 0, -0.1f, 1.4f, 0, 0.1f, 1.4f, 0}, "VEC3");
  const int joints = b.AddU8({0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4", false);
  const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  const int indices = b.AddU16({0, 1, 2, 2, 1, 3}, "SCALAR", false);
  const int ibm = b.AddFloats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.9f, 0, 1,
                               1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1.4f, 0, 1},
                              "MAT4");
  const auto s = [](int i) { return std::to_string(i); };
  const std::string h = std::to_string(std::sqrt(0.5));
  const std::string scene = outside ? "[0,1]" : "[0]";
  const std::string root_children = outside ? "[4]" : "[1,4]";
  return b.EmbeddedJson(R"("scene":0,"scenes":[{"nodes":)" + scene + R"(}],"nodes":[
      {"name":"ZUpToYUp","matrix":[1,0,0,0,0,0,-1,0,0,1,0,0,0,0,0,1],"children":)" +
                        root_children + R"(},
      {"name":"Armature","rotation":[)" +
                        h + ",0,0," + h + R"(],"children":[2]},
      {"name":"Hip","translation":[0,0.9,0],"children":[3]},
      {"name":"Head","translation":[0,0.5,0]},
      {"name":"Body","mesh":0,"skin":0}],
      "skins":[{"joints":[2,3],"inverseBindMatrices":)" +
                        s(ibm) + R"(}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                        s(positions) + R"(,"JOINTS_0":)" + s(joints) + R"(,"WEIGHTS_0":)" +
                        s(weights) + R"(},"indices":)" + s(indices) + "}]}]");
}

anim::Model LoadWithTurnApplied(const std::string& text) {
  anim::Model model;
  std::string error;
  anim::ImportOptions options;
  options.apply_scene_turn = true;
  EXPECT_TRUE(anim::LoadGltfModelFromMemory("test.gltf",
                                            reinterpret_cast<const unsigned char*>(text.data()),
                                            text.size(), "", &model, &error, options))
      << error;
  return model;
}

std::vector<glm::mat4> ModelMatrices(const anim::Model& model, const anim::SoaPose& pose) {
  std::vector<glm::mat4> matrices(static_cast<std::size_t>(model.skeleton.JointCount()));
  anim::ComputeModelMatrices(model.skeleton, pose, matrices);
  return matrices;
}

std::size_t Head(const anim::Model& model) {
  return static_cast<std::size_t>(model.skeleton.FindJoint("Head"));
}

glm::vec3 HeadAtRest(const anim::Model& model) {
  return glm::vec3(ModelMatrices(model, anim::SoaPose(model.skeleton.RestPose()))[Head(model)][3]);
}

// Where the skin draws the mesh's top vertex (0, 1.4, 0), weighted fully to
// Head, in the bind pose: Head's model matrix times its inverse bind matrix.
glm::vec3 TopVertexInBindPose(const anim::Model& model) {
  const glm::mat4 head =
      ModelMatrices(model, anim::SoaPose(model.skeleton.BindPose()))[Head(model)];
  return glm::vec3(head * model.skeleton.InverseBindMatrices()[Head(model)] *
                   glm::vec4(0, 1.4f, 0, 1));
}

TEST(SkinTurn, ASkeletonInsideTheTurnedRootStandsUpWithoutAWarning) {
  const anim::Model model = LoadOk(BrainStemLike(false));
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  EXPECT_FALSE(model.scene_turn_missed);
  // -90 then +90 about X: Head 1.4 up.
  EXPECT_TRUE(gltf_test::VecNear(HeadAtRest(model), glm::vec3(0, 1.4f, 0), 1e-5f));
}

TEST(SkinTurn, ASkeletonOutsideTheTurnedRootLiesDownAndTheLoadSaysWhy) {
  const anim::Model model = LoadOk(BrainStemLike(true));
  // Only the armature's +90 about X: (0, 1.4, 0) turns to (0, 0, 1.4).
  EXPECT_TRUE(gltf_test::VecNear(HeadAtRest(model), glm::vec3(0, 0, 1.4f), 1e-5f));
  // The lost turn, -90 degrees about X, written as 90 about -X.
  EXPECT_TRUE(HasWarningContaining(
      model,
      "node 'ZUpToYUp' turns it 90 degrees about (-1, 0, 0) above the skinned mesh 'Body', "
      "but skin 0's skeleton is outside it"));
  EXPECT_TRUE(HasWarningContaining(model, "--apply-scene-turn"));
  EXPECT_TRUE(model.scene_turn_missed);
  EXPECT_FALSE(model.scene_turn_applied);
  // The bind pose is the inverse bind matrices': the mesh as made.
  EXPECT_TRUE(gltf_test::VecNear(TopVertexInBindPose(model), glm::vec3(0, 1.4f, 0), 1e-5f));
}

TEST(SkinTurn, AppliedTheTurnStandsTheCharacterUpAsTheSceneTurnsItsMesh) {
  const anim::Model model = LoadWithTurnApplied(BrainStemLike(true));
  // -90 degrees about X on the skeleton's root: at rest (0, 0, 1.4) back to
  // (0, 1.4, 0); the bind pose turns alike (the mesh as made, turned as the
  // scene turns its node: (0, 1.4, 0) to (0, 0, -1.4)), so that showing the
  // bind pose does not flip the character.
  EXPECT_TRUE(gltf_test::VecNear(HeadAtRest(model), glm::vec3(0, 1.4f, 0), 1e-5f));
  EXPECT_TRUE(gltf_test::VecNear(TopVertexInBindPose(model), glm::vec3(0, 0, -1.4f), 1e-5f));
  EXPECT_TRUE(model.scene_turn_missed);
  EXPECT_TRUE(model.scene_turn_applied);
  EXPECT_TRUE(HasWarningContaining(model, "the turn is applied to the skeleton's roots"));
}

TEST(SkinTurn, ApplyingATurnWhereNoneIsMissedChangesNothing) {
  const anim::Model model = LoadWithTurnApplied(BrainStemLike(false));
  EXPECT_TRUE(model.warnings.empty()) << model.warnings.front();
  EXPECT_FALSE(model.scene_turn_applied);
  EXPECT_TRUE(gltf_test::VecNear(HeadAtRest(model), glm::vec3(0, 1.4f, 0), 1e-5f));
}

}  // namespace
