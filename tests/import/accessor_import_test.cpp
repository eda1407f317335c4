// Accessor layouts: interleaved data with byteStride and byteOffset, sparse
// accessors (with and without a base buffer view), index widths, triangle
// fans, and matrix nodes. Expected values are the numbers written here.
#include <cstring>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"
#include "tests/anim/test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadOk;
using gltf_test::VecNear;

std::string S(int i) { return std::to_string(i); }

std::vector<std::uint8_t> Bytes(const std::vector<float>& floats) {
  std::vector<std::uint8_t> out(floats.size() * 4);
  std::memcpy(out.data(), floats.data(), out.size());
  return out;
}

TEST(AccessorImport, InterleavedPositionsAndNormalsWithByteIndices) {
  GltfBuilder b;
  // Per vertex: position xyz, normal xyz, one float of padding: stride 28.
  const std::vector<float> interleaved = {0, 0, 0, 0, 0, 2, -1,  //
                                          1, 0, 0, 0, 0, 3, -1,  //
                                          0, 1, 0, 0, 0, 4, -1};
  const int view = b.AddView(Bytes(interleaved), 28);
  const int positions = b.AddAccessorJson(R"({"bufferView":)" + S(view) +
                                          R"(,"componentType":5126,"count":3,"type":"VEC3"})");
  const int normals =
      b.AddAccessorJson(R"({"bufferView":)" + S(view) +
                        R"(,"byteOffset":12,"componentType":5126,"count":3,"type":"VEC3"})");
  const int indices = b.AddU8({2, 1, 0}, "SCALAR", false);
  const anim::Model model = LoadOk(b.EmbeddedJson(
      R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + S(positions) +
      R"(,"NORMAL":)" + S(normals) + R"(},"indices":)" + S(indices) + "}]}]"));
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  EXPECT_TRUE(VecNear(mesh.positions[1], glm::vec3(1, 0, 0), 0.0f));
  EXPECT_TRUE(VecNear(mesh.positions[2], glm::vec3(0, 1, 0), 0.0f));
  // Stored normals (0,0,2..4) come out unit length.
  for (const glm::vec3& n : mesh.normals) EXPECT_TRUE(VecNear(n, glm::vec3(0, 0, 1), 1e-6f));
  EXPECT_EQ(mesh.indices, (std::vector<std::uint32_t>{2, 1, 0}));
}

TEST(AccessorImport, SparseAccessorsOverrideTheirBase) {
  GltfBuilder b;
  const int base = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int sparse_indices = b.AddView({2, 0});  // one u16 index: 2
  const int sparse_values = b.AddView(Bytes({5, 6, 7}));
  const int sparse_color_values = b.AddView(Bytes({0.25f, 0.5f, 0.75f}));
  // POSITION: base data with vertex 2 replaced; COLOR_0: no buffer view
  // (zeros) with vertex 2 set.
  const int positions = b.AddAccessorJson(
      R"({"bufferView":0,"componentType":5126,"count":3,"type":"VEC3",
          "sparse":{"count":1,"indices":{"bufferView":)" +
      S(sparse_indices) + R"(,"componentType":5123},"values":{"bufferView":)" + S(sparse_values) +
      "}}}");
  const int colors = b.AddAccessorJson(
      R"({"componentType":5126,"count":3,"type":"VEC3",
          "sparse":{"count":1,"indices":{"bufferView":)" +
      S(sparse_indices) + R"(,"componentType":5123},"values":{"bufferView":)" +
      S(sparse_color_values) + "}}}");
  ASSERT_EQ(base, 0);
  const anim::Model model = LoadOk(
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + R"(,"COLOR_0":)" + S(colors) + "}}]}]"));
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  EXPECT_TRUE(VecNear(mesh.positions[1], glm::vec3(1, 0, 0), 0.0f));
  EXPECT_TRUE(VecNear(mesh.positions[2], glm::vec3(5, 6, 7), 0.0f));
  EXPECT_EQ(mesh.colors[0], glm::vec4(0, 0, 0, 1));
  EXPECT_EQ(mesh.colors[2], glm::vec4(0.25f, 0.5f, 0.75f, 1));
}

// The load error of a three-vertex POSITION accessor with one sparse
// substitution: u16 index `index`, values `values`.
std::string SparseLoadError(std::uint8_t index, const std::vector<float>& values) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int sparse_indices = b.AddView({index, 0});
  const int sparse_values = b.AddView(Bytes(values));
  const int positions = b.AddAccessorJson(
      R"({"bufferView":0,"componentType":5126,"count":3,"type":"VEC3",
          "sparse":{"count":1,"indices":{"bufferView":)" +
      S(sparse_indices) + R"(,"componentType":5123},"values":{"bufferView":)" + S(sparse_values) +
      "}}}");
  return gltf_test::LoadError(
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + "}}]}]"));
}

TEST(AccessorImport, SparseIndexOutsideTheAccessorIsRefused) {
  const std::string error = SparseLoadError(9, {5, 6, 7});
  EXPECT_NE(error.find("sparse index 9 is out of range (count 3)"), std::string::npos) << error;
}

// The sparse index equal to the count is the first one past the end.
TEST(AccessorImport, SparseIndexEqualToTheCountIsRefused) {
  const std::string error = SparseLoadError(3, {5, 6, 7});
  EXPECT_NE(error.find("sparse index 3 is out of range (count 3)"), std::string::npos) << error;
}

// One VEC3 of floats needs 12 bytes of sparse values; a view of 8 is short.
TEST(AccessorImport, SparseValuesPastTheirViewAreRefused) {
  const std::string error = SparseLoadError(2, {5, 6});
  EXPECT_NE(error.find("sparse values needs bytes up to offset 0 + 1 elements x 12 bytes, but its "
                       "buffer view holds only 8 bytes"),
            std::string::npos)
      << error;
}

TEST(AccessorImport, TriangleFanWithU32Indices) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0}, "VEC3");
  const int indices = b.AddU32({0, 1, 2, 3});
  const anim::Model model = LoadOk(b.EmbeddedJson(
      R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"mode":6,"attributes":{"POSITION":)" +
      S(positions) + R"(},"indices":)" + S(indices) + "}]}]"));
  ASSERT_EQ(model.primitives.size(), 1u);
  // glTF fan rule: triangle i = (i + 1, i + 2, 0).
  EXPECT_EQ(model.primitives[0].indices, (std::vector<std::uint32_t>{1, 2, 0, 2, 3, 0}));
  // Counter-clockwise seen from +z: computed normals point at +z.
  EXPECT_TRUE(VecNear(model.primitives[0].normals[0], glm::vec3(0, 0, 1), 1e-6f));
}

TEST(AccessorImport, LinesAreSkippedWithAWarning) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const std::string json = b.EmbeddedJson(
      R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"mode":1,"attributes":{"POSITION":)" +
      S(positions) + R"(}},{"attributes":{"POSITION":)" + S(positions) + "}}]}]");
  const anim::Model model = LoadOk(json);
  EXPECT_EQ(model.primitives.size(), 1u);
  EXPECT_TRUE(gltf_test::HasWarningContaining(
      model, "not drawn (1): mesh node \"node 0\" primitive 0 (mode 1: points or lines"));
}

TEST(AccessorImport, MatrixNodesAreDecomposedIntoTheRestPose) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const glm::mat4 m = glm::translate(glm::mat4(1.0f), glm::vec3(1, 2, 3)) *
                      glm::mat4_cast(glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 1, 0)))) *
                      glm::scale(glm::mat4(1.0f), glm::vec3(2, 3, 4));
  std::string matrix;
  for (float v : gltf_test::MatrixFloats(m))
    matrix += (matrix.empty() ? "" : ",") + std::to_string(v);
  const anim::Model model =
      LoadOk(b.EmbeddedJson(R"("nodes":[{"name":"m","matrix":[)" + matrix +
                            R"(],"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                            S(positions) + "}}]}]"));
  ASSERT_EQ(model.skeleton.JointCount(), 1);
  const anim::Transform& t = model.skeleton.RestPose().Local(0);
  EXPECT_TRUE(VecNear(t.translation, glm::vec3(1, 2, 3), 1e-5f));
  EXPECT_TRUE(VecNear(t.scale, glm::vec3(2, 3, 4), 1e-4f));
  const glm::quat expected = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 1, 0)));
  anim_test::ExpectSameRotation(t.rotation, expected);
}

}  // namespace
