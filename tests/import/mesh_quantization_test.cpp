// KHR_mesh_quantization: positions, normals and texture coordinates stored
// as (un)normalised signed and unsigned 8/16-bit integers. Expected values
// are dequantised by hand from the glTF rules: normalised unsigned c / (2^n - 1),
// normalised signed max(c / (2^(n-1) - 1), -1), unnormalised as they are.
#include <gtest/gtest.h>

#include "gltf_builder.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;

std::string S(int i) { return std::to_string(i); }

std::string QuantizedFile(GltfBuilder& b, int positions, int normals, int uv) {
  return b.EmbeddedJson(
      R"("extensionsUsed":["KHR_mesh_quantization"],"extensionsRequired":["KHR_mesh_quantization"],
         "nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      S(positions) + R"(,"NORMAL":)" + S(normals) + R"(,"TEXCOORD_0":)" + S(uv) + "}}]}]");
}

TEST(MeshQuantization, ShortPositionsByteNormalsNormalisedShortTexcoords) {
  GltfBuilder b;
  const int positions = b.AddI16({100, -200, 300, -32768, 0, 32767, 1, 2, 3}, "VEC3", false);
  const int normals = b.AddI8({0, 127, 0, -128, 0, 0, 0, 0, 127}, "VEC3", true);
  const int uv = b.AddI16({-32767, 0, 16384, 32767, -32768, -16384}, "VEC2", true);
  const anim::Model model = gltf_test::LoadOk(QuantizedFile(b, positions, normals, uv));
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  ASSERT_EQ(mesh.positions.size(), 3u);
  EXPECT_EQ(mesh.positions[0], glm::vec3(100, -200, 300));
  EXPECT_EQ(mesh.positions[1], glm::vec3(-32768, 0, 32767));
  // Normals: (0, 127, 0) / 127 = (0, 1, 0); -128 clamps to -1.
  EXPECT_NEAR(mesh.normals[0].y, 1.0f, 1e-6f);
  EXPECT_NEAR(mesh.normals[1].x, -1.0f, 1e-6f);
  EXPECT_NEAR(mesh.normals[2].z, 1.0f, 1e-6f);
  ASSERT_EQ(mesh.texcoords.size(), 3u);
  EXPECT_NEAR(mesh.texcoords[0].x, -1.0f, 1e-7f);
  EXPECT_NEAR(mesh.texcoords[0].y, 0.0f, 1e-7f);
  EXPECT_NEAR(mesh.texcoords[1].x, 16384.0f / 32767.0f, 1e-7f);
  EXPECT_NEAR(mesh.texcoords[1].y, 1.0f, 1e-7f);
  EXPECT_NEAR(mesh.texcoords[2].x, -1.0f, 1e-7f);  // -32768 clamps
  EXPECT_NEAR(mesh.texcoords[2].y, -16384.0f / 32767.0f, 1e-7f);
}

TEST(MeshQuantization, UnnormalisedAndByteTexcoordsKeepTheirValues) {
  GltfBuilder b;
  const int positions = b.AddI8({1, 0, 0, 0, 1, 0, 0, 0, 1}, "VEC3", true);
  const int normals = b.AddI16({0, 0, 32767, 0, 0, 32767, 0, 0, 32767}, "VEC3", true);
  // Unnormalised unsigned shorts (a texture transform would scale them)
  // and, in a second file, normalised signed bytes.
  const int raw_uv = b.AddU16({0, 1000, 65535, 7, 12, 34}, "VEC2", false);
  const int byte_uv = b.AddI8({-127, 127, 64, -64, 0, 1}, "VEC2", true);
  const anim::Model raw = gltf_test::LoadOk(QuantizedFile(b, positions, normals, raw_uv));
  const auto& r = raw.primitives.at(0);
  EXPECT_NEAR(r.positions[0].x, 1.0f / 127.0f, 1e-7f);
  EXPECT_EQ(r.texcoords.at(0), glm::vec2(0, 1000));
  EXPECT_EQ(r.texcoords.at(1), glm::vec2(65535, 7));
  EXPECT_EQ(r.texcoords.at(2), glm::vec2(12, 34));
  const anim::Model bytes = gltf_test::LoadOk(QuantizedFile(b, positions, normals, byte_uv));
  const auto& t = bytes.primitives.at(0).texcoords;
  EXPECT_NEAR(t.at(0).x, -1.0f, 1e-7f);
  EXPECT_NEAR(t.at(0).y, 1.0f, 1e-7f);
  EXPECT_NEAR(t.at(1).x, 64.0f / 127.0f, 1e-7f);
  EXPECT_NEAR(t.at(1).y, -64.0f / 127.0f, 1e-7f);
  EXPECT_NEAR(t.at(2).y, 1.0f / 127.0f, 1e-7f);
}

}  // namespace
