// Skins written by hand: joint order, parents through non-joint nodes,
// offsets, inverse bind matrices, weights; the same file as .glb and with an
// external .bin. Expected values come from glm on the transforms written in
// the test, never from the importer.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include <unistd.h>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadOk;
using gltf_test::MatrixNear;
using gltf_test::VecNear;

const float kHalfSqrt2 = std::sqrt(0.5f);

std::string Num(float v) { return std::to_string(v); }

// Two joints under an "Armature" node scaled 0.5, listed child first in the
// skin; the mesh node has its own translation, which glTF says to ignore.
struct TwoJointFile {
  glm::mat4 root_global;
  glm::mat4 tip_global;
  GltfBuilder builder;
  std::string rest;

  TwoJointFile() {
    const glm::mat4 scale = glm::scale(glm::mat4(1.0f), glm::vec3(0.5f));
    root_global = scale * glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0));
    const glm::mat4 tip_local =
        glm::translate(glm::mat4(1.0f), glm::vec3(0, 2, 0)) *
        glm::mat4_cast(glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1)));
    tip_global = root_global * tip_local;

    const int positions = builder.AddFloats({0, 0.5f, 0, 0, 1.5f, 0, 1, 1, 0}, "VEC3");
    const int joints = builder.AddU16({1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, "VEC4", false);
    const int weights = builder.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0}, "VEC4");
    const int indices = builder.AddU16({0, 1, 2}, "SCALAR", false);
    std::vector<float> ibm = gltf_test::MatrixFloats(glm::inverse(tip_global));
    const std::vector<float> root_ibm = gltf_test::MatrixFloats(glm::inverse(root_global));
    ibm.insert(ibm.end(), root_ibm.begin(), root_ibm.end());
    const int ibm_accessor = builder.AddFloats(ibm, "MAT4");

    rest = R"("scene":0,"scenes":[{"nodes":[0,3]}],"nodes":[
      {"name":"Armature","scale":[0.5,0.5,0.5],"children":[1]},
      {"name":"root","translation":[0,1,0],"children":[2]},
      {"name":"tip","translation":[0,2,0],"rotation":[0,0,)" +
           Num(kHalfSqrt2) + "," + Num(kHalfSqrt2) + R"(]},
      {"name":"body","mesh":0,"skin":0,"translation":[10,0,0]}],
      "skins":[{"joints":[2,1],"inverseBindMatrices":)" +
           std::to_string(ibm_accessor) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           std::to_string(positions) + R"(,"JOINTS_0":)" + std::to_string(joints) +
           R"(,"WEIGHTS_0":)" + std::to_string(weights) + R"(},"indices":)" +
           std::to_string(indices) + "}]}]";
  }
};

void CheckTwoJointModel(const anim::Model& model, const TwoJointFile& file) {
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 2);
  // Reordered: the parent ("root") comes first although the skin lists "tip" first.
  EXPECT_EQ(skeleton.JointName(0), "root");
  EXPECT_EQ(skeleton.JointName(1), "tip");
  EXPECT_EQ(skeleton.Parent(0), -1);
  EXPECT_EQ(skeleton.Parent(1), 0);

  // The armature's scale is the root's offset; the tip has none.
  const auto offsets = skeleton.Offsets();
  ASSERT_EQ(offsets.size(), 2u);
  EXPECT_TRUE(MatrixNear(offsets[0], glm::scale(glm::mat4(1.0f), glm::vec3(0.5f)), 1e-6f));
  EXPECT_TRUE(MatrixNear(offsets[1], glm::mat4(1.0f), 1e-6f));

  // Model space ignores the mesh node's translation (10, 0, 0).
  EXPECT_TRUE(MatrixNear(anim::RestPoseOf(skeleton).ModelMatrix(0), file.root_global, 1e-5f));
  EXPECT_TRUE(MatrixNear(anim::RestPoseOf(skeleton).ModelMatrix(1), file.tip_global, 1e-5f));

  // Inverse bind matrices follow the reordering.
  EXPECT_TRUE(MatrixNear(skeleton.InverseBindMatrices()[0], glm::inverse(file.root_global), 1e-5f));
  EXPECT_TRUE(MatrixNear(skeleton.InverseBindMatrices()[1], glm::inverse(file.tip_global), 1e-5f));

  // Bind pose derived from the inverse bind matrices: palette = identity.
  std::vector<glm::mat4> scratch(2), palette(2);
  anim::ComputePalette(skeleton, anim::SoaPose(skeleton.BindPose()), scratch, palette);
  for (int j = 0; j < 2; ++j) EXPECT_TRUE(MatrixNear(palette[j], glm::mat4(1.0f), 1e-5f)) << j;

  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  ASSERT_EQ(mesh.positions.size(), 3u);
  EXPECT_TRUE(VecNear(mesh.positions[0], glm::vec3(0, 0.5f, 0), 1e-6f));
  // JOINTS_0 held skin slots (slot 1 = root, slot 0 = tip): now joint indices.
  EXPECT_EQ(mesh.joints[0][0], 0);
  EXPECT_EQ(mesh.joints[1][0], 1);
  EXPECT_FLOAT_EQ(mesh.weights[2][0], 0.5f);
  EXPECT_FLOAT_EQ(mesh.weights[2][1], 0.5f);
  EXPECT_EQ((std::set<int>{mesh.joints[2][0], mesh.joints[2][1]}), (std::set<int>{0, 1}));
  // No NORMAL in the file: computed. The triangle (0,.5,0), (0,1.5,0),
  // (1,1,0) winds clockwise seen from +z, so its normal is -z.
  for (const glm::vec3& n : mesh.normals) EXPECT_TRUE(VecNear(n, glm::vec3(0, 0, -1), 1e-6f));
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(SkinImport, TwoJointsUnderScaledNodeAreReorderedWithOffsets) {
  const TwoJointFile file;
  const anim::Model model = LoadOk(file.builder.EmbeddedJson(file.rest));
  CheckTwoJointModel(model, file);
}

TEST(SkinImport, GlbGivesTheSameModel) {
  const TwoJointFile file;
  const std::vector<std::uint8_t> glb = file.builder.Glb(file.rest);
  anim::Model model;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModelFromMemory("two.glb", glb.data(), glb.size(), "", &model, &error))
      << error;
  CheckTwoJointModel(model, file);
}

TEST(SkinImport, ExternalBinBufferIsReadFromTheFilesFolder) {
  const TwoJointFile file;
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("anim_import_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream bin(dir / "two.bin", std::ios::binary);
    bin.write(reinterpret_cast<const char*>(file.builder.Data().data()),
              static_cast<std::streamsize>(file.builder.Data().size()));
    std::ofstream gltf(dir / "two.gltf");
    gltf << file.builder.Json(file.rest, "two.bin");
  }
  anim::Model model;
  std::string error;
  const std::string path = (dir / "two.gltf").string();
  ASSERT_TRUE(anim::LoadGltfModel(path, &model, &error)) << error;
  CheckTwoJointModel(model, file);
  EXPECT_EQ(model.source_path, path);

  // From memory without a base folder, external files are refused by name.
  const std::string text = file.builder.Json(file.rest, "two.bin");
  error = gltf_test::LoadError(text, "mem.gltf");
  EXPECT_EQ(error.rfind("mem.gltf: ", 0), 0u) << error;
  EXPECT_NE(error.find("two.bin"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

// An unskinned mesh under a joint (a prop in a hand) follows that joint
// rigidly: drawn through the palette it lands where its node chain puts it.
TEST(SkinImport, UnskinnedMeshUnderAJointFollowsTheJoint) {
  TwoJointFile file;
  const int prop = file.builder.AddFloats({0, 0, 0, 1, 0, 0, 0, 0, 1}, "VEC3");
  std::string rest = file.rest;
  rest.replace(rest.find("\"name\":\"tip\","), 13, "\"name\":\"tip\",\"children\":[4],");
  const std::string body = "\"translation\":[10,0,0]}]";
  rest.replace(rest.find(body), body.size(),
               "\"translation\":[10,0,0]},{\"name\":\"prop\",\"mesh\":1,\"translation\":[0,1,0]}]");
  rest.pop_back();  // the meshes array's "]"
  rest += ",{\"primitives\":[{\"attributes\":{\"POSITION\":" + std::to_string(prop) + "}}]}]";
  const anim::Model model = LoadOk(file.builder.EmbeddedJson(rest));
  ASSERT_EQ(model.primitives.size(), 2u);
  const anim::MeshPrimitive& mesh = model.primitives[1];
  const glm::mat4 prop_global =
      file.tip_global * glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0));
  std::vector<glm::mat4> scratch(2), palette(2);
  anim::ComputePalette(model.skeleton, anim::SoaPose(model.skeleton.RestPose()), scratch, palette);
  const glm::vec3 original[3] = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}};
  for (int v = 0; v < 3; ++v) {
    EXPECT_EQ(mesh.joints[v][0], model.skeleton.FindJoint("tip"));
    EXPECT_EQ(mesh.weights[v], glm::vec4(1, 0, 0, 0));
    const glm::vec3 drawn =
        glm::vec3(palette[mesh.joints[v][0]] * glm::vec4(mesh.positions[v], 1.0f));
    EXPECT_TRUE(VecNear(drawn, glm::vec3(prop_global * glm::vec4(original[v], 1.0f)), 1e-5f)) << v;
  }
}

// hips -> helper (not a joint) -> spine, no inverse bind matrices.
TEST(SkinImport, ParentFoundThroughNonJointNodeAndMissingInverseBindIsIdentity) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int joints = b.AddU8({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4", false);
  const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  const std::string rest = R"("nodes":[
      {"name":"hips","translation":[0,1,0],"children":[1]},
      {"name":"helper","translation":[1,0,0],"rotation":[0,)" +
                           Num(kHalfSqrt2) + ",0," + Num(kHalfSqrt2) + R"(],"children":[2]},
      {"name":"spine","translation":[0,1,0]},
      {"mesh":0,"skin":0}],
      "skins":[{"joints":[0,2]}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                           std::to_string(positions) + R"(,"JOINTS_0":)" + std::to_string(joints) +
                           R"(,"WEIGHTS_0":)" + std::to_string(weights) + "}}]}]";
  const anim::Model model = LoadOk(b.EmbeddedJson(rest));
  const anim::Skeleton& skeleton = model.skeleton;
  ASSERT_EQ(skeleton.JointCount(), 2);
  EXPECT_EQ(skeleton.JointName(1), "spine");
  EXPECT_EQ(skeleton.Parent(1), 0);

  const glm::mat4 helper = glm::translate(glm::mat4(1.0f), glm::vec3(1, 0, 0)) *
                           glm::mat4_cast(glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0)));
  ASSERT_EQ(skeleton.Offsets().size(), 2u);
  EXPECT_TRUE(MatrixNear(skeleton.Offsets()[1], helper, 1e-6f));
  const glm::mat4 expected_spine = glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0)) * helper *
                                   glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0));
  EXPECT_TRUE(MatrixNear(anim::RestPoseOf(skeleton).ModelMatrix(1), expected_spine, 1e-5f));

  for (const glm::mat4& ibm : skeleton.InverseBindMatrices()) {
    EXPECT_TRUE(MatrixNear(ibm, glm::mat4(1.0f), 0.0f));
  }
  // Identity inverse bind matrices mean every joint sits at the origin in
  // the bind pose, through the offset.
  for (int j = 0; j < 2; ++j) {
    EXPECT_TRUE(MatrixNear(anim::BindPoseOf(skeleton).ModelMatrix(j), glm::mat4(1.0f), 1e-5f)) << j;
  }
}

// u8 joints with normalised u8 weights summing to 150/255, plus a zero-weight
// slot whose joint index (3) lies outside the 2-joint skin: harmless.
TEST(SkinImport, NormalizedByteWeightsAreRenormalized) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int joints = b.AddU8({1, 0, 3, 3, 1, 0, 3, 3, 0, 1, 3, 3}, "VEC4", false);
  const int weights = b.AddU8({100, 50, 0, 0, 100, 50, 0, 0, 255, 0, 0, 0}, "VEC4", true);
  const std::string rest =
      R"("nodes":[{"name":"a","children":[1]},{"name":"b"},{"mesh":0,"skin":0}],
      "skins":[{"joints":[0,1]}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(,"JOINTS_0":)" + std::to_string(joints) + R"(,"WEIGHTS_0":)" +
      std::to_string(weights) + "}}]}]";
  const anim::Model model = LoadOk(b.EmbeddedJson(rest));
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  EXPECT_EQ(mesh.joints[0][0], 1);
  EXPECT_EQ(mesh.joints[0][1], 0);
  EXPECT_NEAR(mesh.weights[0][0], 100.0f / 150.0f, 1e-6f);
  EXPECT_NEAR(mesh.weights[0][1], 50.0f / 150.0f, 1e-6f);
  EXPECT_EQ(mesh.weights[0][2], 0.0f);
  EXPECT_NEAR(mesh.weights[2][0], 1.0f, 1e-6f);
  for (const glm::vec4& w : mesh.weights) EXPECT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-6f);
}

// Influence sets JOINTS_0..JOINTS_{sets-1} of three identical vertices over
// a chain of 4 x sets joints, with `shares` (4 x sets weights) per vertex.
anim::Model LoadInfluenceSets(int sets, const std::vector<float>& shares) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int joints = 4 * sets;
  std::string attributes, nodes, skin;
  for (int set = 0; set < sets; ++set) {
    std::vector<std::uint8_t> j;
    std::vector<float> w;
    for (int v = 0; v < 3; ++v) {
      for (int k = 0; k < 4; ++k) j.push_back(static_cast<std::uint8_t>(4 * set + k));
      w.insert(w.end(), shares.begin() + 4 * set, shares.begin() + 4 * set + 4);
    }
    attributes += ",\"JOINTS_" + std::to_string(set) +
                  "\":" + std::to_string(b.AddU8(j, "VEC4", false)) + ",\"WEIGHTS_" +
                  std::to_string(set) + "\":" + std::to_string(b.AddFloats(w, "VEC4"));
  }
  for (int i = 0; i < joints; ++i) {
    nodes += "{\"name\":\"j" + std::to_string(i) + "\"" +
             (i + 1 < joints ? ",\"children\":[" + std::to_string(i + 1) + "]" : std::string()) +
             "},";
    skin += (i ? "," : "") + std::to_string(i);
  }
  const std::string rest = "\"nodes\":[" + nodes +
                           "{\"mesh\":0,\"skin\":0}],\"skins\":[{\"joints\":[" + skin +
                           "]}],\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":" +
                           std::to_string(positions) + attributes + "}}]}]";
  return LoadOk(b.EmbeddedJson(rest));
}

int WarningsWith(const anim::Model& model, const std::string& text) {
  int count = 0;
  for (const std::string& w : model.warnings) count += w.find(text) != std::string::npos;
  return count;
}

// Eight influences through JOINTS_1/WEIGHTS_1: all kept, heaviest first, the
// four heaviest in the first set; no warning.
TEST(SkinImport, EightInfluencesAreAllKeptHeaviestFirst) {
  const anim::Model model =
      LoadInfluenceSets(2, {0.30f, 0.05f, 0.12f, 0.02f, 0.20f, 0.15f, 0.06f, 0.10f});
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& p = model.primitives[0];
  ASSERT_EQ(p.joints1.size(), 3u);
  ASSERT_EQ(p.weights1.size(), 3u);
  for (int v = 0; v < 3; ++v) {
    EXPECT_EQ(p.joints[v], glm::u16vec4(0, 4, 5, 2));
    EXPECT_EQ(p.joints1[v], glm::u16vec4(7, 6, 1, 3));
    const glm::vec4 heavy(0.30f, 0.20f, 0.15f, 0.12f), light(0.10f, 0.06f, 0.05f, 0.02f);
    for (int k = 0; k < 4; ++k) {
      EXPECT_NEAR(p.weights[v][k], heavy[k], 1e-6f);
      EXPECT_NEAR(p.weights1[v][k], light[k], 1e-6f);
    }
  }
  EXPECT_EQ(WarningsWith(model, "influences"), 0);
}

// A second set of zero weights costs nothing: no second set is kept.
TEST(SkinImport, AnUnusedSecondSetIsDropped) {
  const anim::Model model = LoadInfluenceSets(2, {0.5f, 0.25f, 0.25f, 0, 0, 0, 0, 0});
  ASSERT_EQ(model.primitives.size(), 1u);
  EXPECT_TRUE(model.primitives[0].joints1.empty());
  EXPECT_TRUE(model.primitives[0].weights1.empty());
  EXPECT_EQ(model.primitives[0].joints[0], glm::u16vec4(0, 1, 2, 0));
}

// Twelve influences (JOINTS_2): the eight largest survive, renormalised, and
// one warning says so.
TEST(SkinImport, MoreThanEightInfluencesKeepTheEightLargest) {
  const std::vector<float> shares = {0.01f, 0.20f, 0.02f, 0.10f, 0.03f, 0.15f,
                                     0.04f, 0.12f, 0.05f, 0.11f, 0.09f, 0.08f};
  const anim::Model model = LoadInfluenceSets(3, shares);
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& p = model.primitives[0];
  ASSERT_EQ(p.joints1.size(), 3u);
  // Kept: 0.20 (j1), 0.15 (j5), 0.12 (j7), 0.11 (j9), 0.10 (j3), 0.09 (j10),
  // 0.08 (j11), 0.05 (j8); sum 0.90.
  EXPECT_EQ(p.joints[1], glm::u16vec4(1, 5, 7, 9));
  EXPECT_EQ(p.joints1[1], glm::u16vec4(3, 10, 11, 8));
  EXPECT_NEAR(p.weights[1][0], 0.20f / 0.90f, 1e-6f);
  EXPECT_NEAR(p.weights1[1][3], 0.05f / 0.90f, 1e-6f);
  const glm::vec4 sum = p.weights[1] + p.weights1[1];
  EXPECT_NEAR(sum.x + sum.y + sum.z + sum.w, 1.0f, 1e-6f);
  EXPECT_EQ(WarningsWith(model, "8 largest"), 1);
}

}  // namespace
