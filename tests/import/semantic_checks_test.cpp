// One test per semantic check the importer makes after tinygltf has parsed
// the JSON: each crafts the smallest file that breaks exactly one
// rule and asserts the message naming the file and the problem, or, where
// the rule is "repair and warn" (extra influences, all-zero weights) or
// "supported" (a skin that is a forest), the repaired result.
// Cases already covered by bad_input_test.cpp (joint index outside the skin,
// NaN weight, non-increasing times, CUBICSPLINE output count, zero-length
// rotation key, a two-node cycle) are not repeated here.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadError;
using gltf_test::LoadOk;

std::string S(int i) { return std::to_string(i); }

void ExpectNamedError(const std::string& error, const std::string& problem) {
  EXPECT_EQ(error.rfind("bad.gltf: ", 0), 0u) << error;
  EXPECT_NE(error.find(problem), std::string::npos) << "message: " << error;
}

// A triangle skinned to a two-joint chain a -> b; tests change one part.
struct Triangle {
  std::vector<float> positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  std::vector<std::uint8_t> joints = {0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::vector<float> weights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::string extra_attributes;  // ,"NAME":accessor...
  std::string skin = R"({"joints":[0,1]})";
  std::string nodes = R"({"name":"a","children":[1]},{"name":"b","translation":[0,2,0]},
                         {"mesh":0,"skin":0})";
  std::string extra;  // more top-level members

  std::string Json(GltfBuilder& b) const {
    const int p = b.AddFloats(positions, "VEC3");
    const int j = b.AddU8(joints, "VEC4", false);
    const int w = b.AddFloats(weights, "VEC4");
    return b.EmbeddedJson("\"nodes\":[" + nodes + "],\"skins\":[" + skin +
                          R"(],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + S(p) +
                          R"(,"JOINTS_0":)" + S(j) + R"(,"WEIGHTS_0":)" + S(w) + extra_attributes +
                          "}}]}]" + extra);
  }
};

TEST(SemanticChecks, NegativeWeightIsRefused) {
  GltfBuilder b;
  Triangle file;
  file.weights[4] = -0.5f;
  ExpectNamedError(LoadError(file.Json(b)),
                   "mesh 0 primitive 0 vertex 1 has an invalid weight (-0.500000)");
}

TEST(SemanticChecks, InfiniteWeightIsRefused) {
  GltfBuilder b;
  Triangle file;
  file.weights[0] = std::numeric_limits<float>::infinity();
  ExpectNamedError(LoadError(file.Json(b)), "vertex 0 has an invalid weight (inf)");
}

// All-zero weights are repaired, not refused: exporters leave unweighted
// vertices in real files (Blender's "unassigned" vertices), and refusing
// the file would show nothing. The vertex follows the skin's first joint.
TEST(SemanticChecks, AllZeroWeightsFollowTheFirstJointWithOneWarning) {
  GltfBuilder b;
  Triangle file;
  file.skin = R"({"joints":[1,0]})";  // slot 0 is node 1 = joint "b" after reordering
  for (int k = 0; k < 4; ++k) file.weights[4 + k] = file.weights[8 + k] = 0.0f;
  const anim::Model model = LoadOk(file.Json(b));
  ASSERT_EQ(model.primitives.size(), 1u);
  const int b_joint = model.skeleton.FindJoint("b");
  ASSERT_GE(b_joint, 0);
  for (int v = 1; v <= 2; ++v) {
    EXPECT_EQ(model.primitives[0].joints[v][0], b_joint) << v;
    EXPECT_EQ(model.primitives[0].weights[v], glm::vec4(1, 0, 0, 0)) << v;
  }
  int warnings = 0;
  for (const std::string& w : model.warnings)
    warnings += w.find("all joint weights zero") != std::string::npos;
  EXPECT_EQ(warnings, 1);
}

TEST(SemanticChecks, NormalCountDifferentFromPositionCountIsRefused) {
  GltfBuilder b;
  Triangle file;
  const int normals = b.AddFloats({0, 0, 1, 0, 0, 1}, "VEC3");  // 2 for 3 vertices
  file.extra_attributes = ",\"NORMAL\":" + S(normals);
  ExpectNamedError(LoadError(file.Json(b)),
                   "mesh 0 primitive 0 has 3 positions but 2 NORMAL values");
}

TEST(SemanticChecks, WeightCountDifferentFromPositionCountIsRefused) {
  GltfBuilder b;
  Triangle file;
  file.weights.resize(8);  // 2 vertices' worth
  ExpectNamedError(LoadError(file.Json(b)), "has 3 positions but 2 WEIGHTS_0 values");
}

TEST(SemanticChecks, FewerInverseBindMatricesThanJointsIsRefused) {
  GltfBuilder b;
  const int ibm = b.AddFloats({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, "MAT4");
  Triangle file;
  file.skin = R"({"joints":[0,1],"inverseBindMatrices":)" + S(ibm) + "}";
  ExpectNamedError(LoadError(file.Json(b)), "skin 0 has 2 joints but only 1 inverse bind matrices");
}

// The glTF schema: the accessor's count "MUST be greater than or equal to
// the number of elements of the joints array"; extra matrices are unused.
TEST(SemanticChecks, MoreInverseBindMatricesThanJointsAreAllowed) {
  GltfBuilder b;
  std::vector<float> three;
  for (int m = 0; m < 3; ++m) {
    three.insert(three.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -2.0f * m, 0, 1});
  }
  const int ibm = b.AddFloats(three, "MAT4");
  Triangle file;
  file.skin = R"({"joints":[0,1],"inverseBindMatrices":)" + S(ibm) + "}";
  const anim::Model model = LoadOk(file.Json(b));
  ASSERT_EQ(model.skeleton.JointCount(), 2);
  EXPECT_FLOAT_EQ(model.skeleton.InverseBindMatrices()[1][3][1], -2.0f);
}

TEST(SemanticChecks, InverseBindMatricesOfTheWrongTypeAreRefused) {
  GltfBuilder b;
  const int ibm = b.AddFloats(std::vector<float>(8, 0.0f), "VEC4");
  Triangle file;
  file.skin = R"({"joints":[0,1],"inverseBindMatrices":)" + S(ibm) + "}";
  ExpectNamedError(LoadError(file.Json(b)),
                   "(skin 0 inverseBindMatrices) has type VEC4, expected MAT4");
}

TEST(SemanticChecks, NodeThatIsItsOwnChildIsRefused) {
  const std::string json = R"({"asset":{"version":"2.0"},"nodes":[{},{"children":[1]}]})";
  ExpectNamedError(LoadError(json), "node 1 lists itself as its child");
}

TEST(SemanticChecks, ThreeNodeCycleBelowAChainIsRefusedNamingANodeOnTheCycle) {
  // 0 is a root with child 1; 2 -> 3 -> 4 -> 2 is a cycle no root reaches.
  const std::string json = R"({"asset":{"version":"2.0"},
      "nodes":[{"children":[1]},{},{"children":[3]},{"children":[4]},{"children":[2]}]})";
  const std::string error = LoadError(json);
  ExpectNamedError(error, "the node hierarchy has a cycle through node ");
  const char last = error.back();
  EXPECT_TRUE(last == '2' || last == '3' || last == '4') << error;
}

TEST(SemanticChecks, NodeWithTwoParentsIsRefused) {
  const std::string json = R"({"asset":{"version":"2.0"},
      "nodes":[{"children":[2]},{"children":[2]},{}]})";
  ExpectNamedError(LoadError(json), "node 2 has two parents (nodes 0 and 1)");
}

// A skin whose joints form two trees is a forest: both roots get parent -1
// and the vertices of each follow their own tree (glTF allows it; exporters
// write it for characters with a separate prop rig).
TEST(SemanticChecks, SkinWithTwoRootJointsImportsAsAForest) {
  GltfBuilder b;
  Triangle file;
  file.nodes = R"({"name":"left","translation":[-1,0,0],"children":[1]},
                  {"name":"left_tip","translation":[0,1,0]},
                  {"name":"right","translation":[3,0,0]},
                  {"mesh":0,"skin":0})";
  // Inverse bind matrices = inverse of each joint's rest model matrix, so
  // the rest pose leaves vertices where they are.
  const int ibm =
      b.AddFloats({1, 0, 0, 0, 0, 1,  0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0,  1, 0, 0,
                   0, 0, 1, 0, 1, -1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -3, 0, 0, 1},
                  "MAT4");
  file.skin = R"({"joints":[0,1,2],"inverseBindMatrices":)" + S(ibm) + "}";
  file.joints = {0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0};
  const anim::Model model = LoadOk(file.Json(b));
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 3);
  const int left = skeleton.FindJoint("left"), tip = skeleton.FindJoint("left_tip"),
            right = skeleton.FindJoint("right");
  EXPECT_EQ(skeleton.Parent(left), -1);
  EXPECT_EQ(skeleton.Parent(right), -1);
  EXPECT_EQ(skeleton.Parent(tip), left);
  // Rest model matrices by hand: translations (-1,0,0), (-1,1,0), (3,0,0).
  const anim::Pose& rest = anim::RestPoseOf(skeleton);
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(rest.ModelMatrix(left)[3]), {-1, 0, 0}, 1e-6f));
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(rest.ModelMatrix(tip)[3]), {-1, 1, 0}, 1e-6f));
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(rest.ModelMatrix(right)[3]), {3, 0, 0}, 1e-6f));
  // Skinning with the rest pose: palette = model * inverse bind = identity,
  // so every vertex stays at its bind position, whichever tree it follows.
  std::vector<glm::mat4> model_matrices(3), palette(3);
  rest.ComputeModelMatrices(model_matrices);
  anim::ComputePalette(model_matrices, skeleton.InverseBindMatrices(), palette);
  const anim::MeshPrimitive& mesh = model.primitives.at(0);
  for (std::size_t v = 0; v < 3; ++v) {
    glm::vec3 skinned(0.0f);
    for (int k = 0; k < 4; ++k) {
      skinned += mesh.weights[v][k] *
                 glm::vec3(palette[mesh.joints[v][k]] * glm::vec4(mesh.positions[v], 1));
    }
    EXPECT_TRUE(gltf_test::VecNear(skinned, mesh.positions[v], 1e-5f)) << v;
  }
  // Moving the right root moves only the vertex bound to it.
  anim::Pose moved = rest;
  moved.Locals()[right].translation += glm::vec3(0, 0, 5);
  moved.ComputeModelMatrices(model_matrices);
  anim::ComputePalette(model_matrices, skeleton.InverseBindMatrices(), palette);
  EXPECT_EQ(mesh.joints[2][0], right);
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(palette[right] * glm::vec4(mesh.positions[2], 1)),
                                 mesh.positions[2] + glm::vec3(0, 0, 5), 1e-5f));
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(palette[left] * glm::vec4(mesh.positions[0], 1)),
                                 mesh.positions[0], 1e-5f));
}

std::string WithTranslationAnimation(GltfBuilder& b, const std::vector<float>& times,
                                     const std::vector<float>& values,
                                     const std::string& interpolation) {
  const int input = b.AddFloats(times, "SCALAR");
  const int output = b.AddFloats(values, "VEC3");
  Triangle file;
  file.extra = R"(,"animations":[{"samplers":[{"input":)" + S(input) + R"(,"output":)" + S(output) +
               R"(,"interpolation":")" + interpolation +
               R"("}],"channels":[{"sampler":0,"target":{"node":1,"path":"translation"}}]}])";
  return file.Json(b);
}

TEST(SemanticChecks, InfiniteKeyframeTimeIsRefused) {
  GltfBuilder b;
  const std::string json = WithTranslationAnimation(b, {0, std::numeric_limits<float>::infinity()},
                                                    {0, 0, 0, 1, 1, 1}, "LINEAR");
  ExpectNamedError(LoadError(json), "animation 0 channel 0 keyframe time 1 is not finite");
}

TEST(SemanticChecks, NanKeyframeTimeIsRefused) {
  GltfBuilder b;
  const std::string json = WithTranslationAnimation(b, {std::numeric_limits<float>::quiet_NaN(), 1},
                                                    {0, 0, 0, 1, 1, 1}, "LINEAR");
  ExpectNamedError(LoadError(json), "animation 0 channel 0 keyframe time 0 is not finite");
}

TEST(SemanticChecks, DecreasingKeyframeTimesAreRefused) {
  GltfBuilder b;
  const std::string json =
      WithTranslationAnimation(b, {0, 2, 1}, std::vector<float>(9, 0.0f), "STEP");
  ExpectNamedError(LoadError(json),
                   "keyframe times are not increasing (time 2 = 1.000000 after 2.000000)");
}

TEST(SemanticChecks, CubicSplineWithTwoValuesPerKeyIsRefused) {
  GltfBuilder b;
  const std::string json =
      WithTranslationAnimation(b, {0, 1}, std::vector<float>(12, 0.0f), "CUBICSPLINE");
  ExpectNamedError(LoadError(json),
                   "has 2 keyframe times but 4 output values; CUBICSPLINE needs 3 per key");
}

TEST(SemanticChecks, NonFiniteOutputValueIsRefused) {
  GltfBuilder b;
  const std::string json = WithTranslationAnimation(
      b, {0, 1}, {0, 0, 0, 1, std::numeric_limits<float>::quiet_NaN(), 1}, "LINEAR");
  ExpectNamedError(LoadError(json), "animation 0 channel 0 has a non-finite output value");
}

TEST(SemanticChecks, NodeWithZeroLengthRotationIsRefused) {
  GltfBuilder b;
  Triangle file;
  file.nodes =
      R"({"name":"a","children":[1]},{"name":"b","rotation":[0,0,0,0]},{"mesh":0,"skin":0})";
  ExpectNamedError(LoadError(file.Json(b)), "node 1 has a zero-length rotation quaternion");
}

// Two primitives, both with nine influences (three sets): the eight
// largest are kept and the warning is given once for the whole file, not
// once per primitive.
TEST(SemanticChecks, MoreThanEightInfluencesWarnOncePerFile) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  std::string attributes = R"({"attributes":{"POSITION":)" + S(positions);
  for (int set = 0; set < 3; ++set) {
    std::vector<std::uint8_t> joints;
    std::vector<float> weights;
    for (int v = 0; v < 3; ++v) {
      joints.insert(joints.end(), {0, 1, 0, 0});
      // Set 2 carries the lightest influence, 0.04.
      weights.insert(weights.end(), {0.12f, set == 2 ? 0.04f : 0.12f, 0.12f, 0.0f});
    }
    attributes += ",\"JOINTS_" + S(set) + "\":" + S(b.AddU8(joints, "VEC4", false)) +
                  ",\"WEIGHTS_" + S(set) + "\":" + S(b.AddFloats(weights, "VEC4"));
  }
  attributes += "}}";
  const anim::Model model = LoadOk(b.EmbeddedJson(
      R"("nodes":[{"name":"a","children":[1]},{"name":"b"},{"mesh":0,"skin":0}],
         "skins":[{"joints":[0,1]}],"meshes":[{"primitives":[)" +
      attributes + "," + attributes + "]}]"));
  ASSERT_EQ(model.primitives.size(), 2u);
  // Nine influences, eight of 0.12 and one of 0.04: the eight of 0.12 stay,
  // each 1/8 after renormalising.
  const anim::MeshPrimitive& p = model.primitives[1];
  ASSERT_EQ(p.weights1.size(), 3u);
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(p.weights[2][k], 0.125f, 1e-6f);
    EXPECT_NEAR(p.weights1[2][k], 0.125f, 1e-6f);
  }
  int warnings = 0;
  for (const std::string& w : model.warnings)
    warnings += w.find("more than 8 joint influences") != std::string::npos;
  EXPECT_EQ(warnings, 1);
}

}  // namespace
