// Very large or deep inputs: files that are small on disk but
// declare huge things (100,000 joints, a 1 GB buffer, a billion-element
// accessor, a mesh drawn ten million times over, JSON nested 100,000 deep)
// must fail with a message, and deep-but-legal hierarchies (a 10,000-node
// chain) must import correctly. Nothing here asserts a time; what keeps the
// suite from hanging or running out of memory is that each limit is checked
// before allocating and that no step walks the hierarchy once per node
// (that would be 5e9 steps for a 100,000-deep chain).
#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadError;
using gltf_test::LoadOk;

std::string S(std::size_t i) { return std::to_string(i); }

void ExpectNamedError(const std::string& error, const std::string& problem) {
  EXPECT_EQ(error.rfind("bad.gltf: ", 0), 0u) << error.substr(0, 400);
  EXPECT_NE(error.find(problem), std::string::npos) << "message: " << error.substr(0, 400);
}

// "nodes":[...] of a chain 0 -> 1 -> ... -> n-1, each node translated by
// (0, 1, 0); `last_extra` is added to the deepest node ("mesh":0, say).
std::string Chain(std::size_t n, const std::string& last_extra) {
  std::string nodes = "\"nodes\":[";
  for (std::size_t i = 0; i < n; ++i) {
    nodes += "{\"translation\":[0,1,0]";
    if (i + 1 < n) {
      nodes += ",\"children\":[" + S(i + 1) + "]";
    } else {
      nodes += last_extra;
    }
    nodes += i + 1 < n ? "}," : "}";
  }
  return nodes + "]";
}

std::string Triangle(GltfBuilder& b) {
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  return R"("meshes":[{"primitives":[{"attributes":{"POSITION":)" + S(positions) + "}}]}]";
}

TEST(Limits, SkinWith100000JointsIsRefusedNamingTheLimit) {
  GltfBuilder b;
  const std::size_t n = 100000;
  std::string nodes = "\"nodes\":[";
  std::string joints;
  for (std::size_t i = 0; i < n; ++i) {
    nodes += "{},";
    joints += (i ? "," : "") + S(i);
  }
  nodes += R"({"mesh":0,"skin":0}])";
  const std::string json =
      b.EmbeddedJson(nodes + ",\"skins\":[{\"joints\":[" + joints + "]}]," + Triangle(b));
  ExpectNamedError(LoadError(json),
                   "skin 0 has 100000 joints; at most 65536 are supported (JOINTS_0 holds "
                   "16-bit joint indices)");
}

TEST(Limits, UnskinnedFileWith100000NodesIsRefusedNamingTheLimit) {
  GltfBuilder b;
  std::string nodes = "\"nodes\":[";
  for (int i = 0; i < 100000; ++i) nodes += "{},";
  nodes += R"({"mesh":0}])";
  ExpectNamedError(LoadError(b.EmbeddedJson(nodes + "," + Triangle(b))),
                   "each of its 100001 scene nodes would become a joint; at most 65536 joints");
}

// A 10,000-deep chain is legal and within the joint limit: it imports, and
// the deepest joint sits 10,000 units up (each node adds (0, 1, 0)).
TEST(Limits, TenThousandDeepChainImportsCorrectly) {
  GltfBuilder b;
  const std::size_t n = 10000;
  const std::string json = b.EmbeddedJson(Chain(n, ",\"mesh\":0") + "," + Triangle(b));
  const anim::Model model = LoadOk(json);
  ASSERT_EQ(model.skeleton.JointCount(), static_cast<int>(n));
  std::vector<glm::mat4> global(n);
  anim::RestPoseOf(model.skeleton).ComputeModelMatrices(global);
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(global[n - 1][3]), glm::vec3(0, n, 0), 1e-3f));
  // The mesh hangs from the deepest joint; its vertices are stored in that
  // joint's bind space, i.e. moved up by the chain.
  ASSERT_EQ(model.primitives.size(), 1u);
  EXPECT_EQ(model.primitives[0].joints[1][0], n - 1);
  EXPECT_TRUE(gltf_test::VecNear(model.primitives[0].positions[1], glm::vec3(1, n, 0), 1e-3f));
}

// A 100,000-deep chain of non-joint nodes above a two-joint skin, with the
// mesh node at the bottom too: offsets and rigid attachments are found in
// one pass, so this imports quickly; the root joint's offset is the chain.
TEST(Limits, HundredThousandDeepChainAboveASkinImports) {
  GltfBuilder b;
  const std::size_t n = 100000;
  // Nodes 0..n-1 chain; n-1 has children n (joint root) and n+2 (mesh).
  std::string nodes = Chain(n, ",\"children\":[" + S(n) + "," + S(n + 2) + "]");
  nodes.pop_back();
  nodes +=
      R"(,{"name":"root","children":[)" + S(n + 1) + R"(]},{"name":"tip"},{"mesh":0,"skin":0}])";
  const int joints = b.AddU8({0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4", false);
  const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const std::string json =
      b.EmbeddedJson(nodes + ",\"skins\":[{\"joints\":[" + S(n) + "," + S(n + 1) +
                     R"(]}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + S(positions) +
                     ",\"JOINTS_0\":" + S(joints) + ",\"WEIGHTS_0\":" + S(weights) + "}}]}]");
  const anim::Model model = LoadOk(json);
  ASSERT_EQ(model.skeleton.JointCount(), 2);
  EXPECT_TRUE(gltf_test::VecNear(glm::vec3(anim::RestPoseOf(model.skeleton).ModelMatrix(0)[3]),
                                 glm::vec3(0, n, 0), 1e-2f));
}

TEST(Limits, HundredThousandDeepChainEndingInACycleIsRefused) {
  // Chain 0 -> ... -> n-1, and a separate cycle n -> n+1 -> n.
  const std::size_t n = 100000;
  std::string nodes = Chain(n, "");
  nodes.pop_back();
  nodes += ",{\"children\":[" + S(n + 1) + "]},{\"children\":[" + S(n) + "]}]";
  const std::string json = "{\"asset\":{\"version\":\"2.0\"}," + nodes + "}";
  const std::string error = LoadError(json);
  ExpectNamedError(error, "the node hierarchy has a cycle through node ");
  const std::string node = error.substr(error.rfind(' ') + 1);
  EXPECT_TRUE(node == S(n) || node == S(n + 1)) << error;
}

TEST(Limits, OneGigabyteBufferWithATinyDataUriIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  std::string json =
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + "}}]}]");
  const std::string real = "\"byteLength\":" + S(b.Data().size());
  json.replace(json.find(real), real.size(), "\"byteLength\":1000000000");
  // tinygltf compares the decoded size with byteLength before keeping it.
  ExpectNamedError(LoadError(json), "Failed to decode 'uri' : data:application/octet-stream");
}

// A GLB container written here from the spec: header, JSON chunk, BIN chunk.
std::vector<std::uint8_t> Glb(std::string json, std::vector<std::uint8_t> bin) {
  while (json.size() % 4 != 0) json += ' ';
  while (bin.size() % 4 != 0) bin.push_back(0);
  std::vector<std::uint8_t> out;
  const auto u32 = [&out](std::size_t v) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  };
  u32(0x46546C67);
  u32(2);
  u32(12 + 8 + json.size() + 8 + bin.size());
  u32(json.size());
  u32(0x4E4F534A);
  out.insert(out.end(), json.begin(), json.end());
  u32(bin.size());
  u32(0x004E4942);
  out.insert(out.end(), bin.begin(), bin.end());
  return out;
}

TEST(Limits, GlbDeclaringAOneGigabyteBufferIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  std::string json =
      b.Json(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                 S(positions) + "}}]}]",
             "");
  const std::string real = "\"byteLength\":" + S(b.Data().size());
  json.replace(json.find(real), real.size(), "\"byteLength\":1000000000");
  const std::vector<std::uint8_t> glb = Glb(json, b.Data());
  anim::Model model;
  std::string error;
  EXPECT_FALSE(
      anim::LoadGltfModelFromMemory("bad.glb", glb.data(), glb.size(), "", &model, &error));
  EXPECT_EQ(error.rfind("bad.glb: ", 0), 0u) << error;
  EXPECT_NE(
      error.find("Invalid `byteLength'. Must be equal or less than binary size: `byteLength' = "
                 "1000000000, binary size = 36"),
      std::string::npos)
      << error;
}

TEST(Limits, BillionPositionsAreRefusedBeforeReadingAnything) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int huge = b.AddAccessorJson(
      R"({"bufferView":0,"componentType":5126,"count":1000000000,"type":"VEC3"})");
  const std::string json =
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(huge) + "}}]}]");
  ExpectNamedError(LoadError(json), "the meshes would import as more than 8388608 vertices");
}

TEST(Limits, BillionElementAccessorOverASmallBufferIsRefused) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int huge = b.AddAccessorJson(
      R"({"bufferView":0,"componentType":5126,"count":1000000000,"type":"VEC3"})");
  // As NORMAL: a billion POSITIONs would already exceed the vertex budget.
  const std::string json = b.EmbeddedJson(
      R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0,"NORMAL":)" +
      S(huge) + "}}]}]");
  ExpectNamedError(LoadError(json),
                   "1000000000 elements x 12 bytes, but its buffer view holds only 36 bytes");
}

TEST(Limits, BillionElementAccessorWithoutBufferViewIsRefused) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int huge = b.AddAccessorJson(R"({"componentType":5126,"count":1000000000,"type":"VEC3"})");
  const std::string json = b.EmbeddedJson(
      R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0,"NORMAL":)" +
      S(huge) + "}}]}]");
  ExpectNamedError(LoadError(json), "has no buffer view but claims 1000000000 elements");
}

// One 100,000-vertex accessor drawn by 100 primitives of one mesh would be
// 10 million vertices (~700 MB imported) from a file of 1.6 MB.
TEST(Limits, AccessorRepeatedIntoTenMillionVerticesIsRefused) {
  GltfBuilder b;
  std::vector<std::uint8_t> xyz(3 * 100000);
  for (std::size_t i = 0; i < xyz.size(); ++i) xyz[i] = static_cast<std::uint8_t>(i * 7);
  const int positions = b.AddU8(xyz, "VEC3", false);
  std::string primitives;
  for (int p = 0; p < 100; ++p) {
    // Triangle strips (mode 5): valid for any vertex count.
    primitives += std::string(p ? "," : "") + R"({"attributes":{"POSITION":)" + S(positions) +
                  "},\"mode\":5}";
  }
  const std::string json =
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[)" + primitives + "]}]");
  ExpectNamedError(LoadError(json),
                   "the meshes would import as more than 8388608 vertices (the import limit; "
                   "counted up to node 0, mesh 0");
}

// One 100,000-key sampler shared by 100 channels: 10 million keys.
TEST(Limits, SamplerRepeatedIntoTenMillionKeysIsRefused) {
  GltfBuilder b;
  const std::string json = gltf_test::SamplerSharedByChannelsJson(b, 100000, 100);
  ExpectNamedError(LoadError(json),
                   "the animations hold more than 8388608 keyframes in all (the import limit; "
                   "counted up to animation 0 channel 83");
}

TEST(Limits, JsonNested100000DeepIsRefusedBeforeParsing) {
  const std::string json = R"({"asset":{"version":"2.0"},"nodes":[{"extras":)" +
                           std::string(100000, '[') + std::string(100000, ']') + "}]}";
  ExpectNamedError(LoadError(json), "the JSON nests arrays/objects more than 512 levels deep");
}

TEST(Limits, BracketsInsideStringsDoNotCountAsNesting) {
  GltfBuilder b;
  const std::string json = b.EmbeddedJson(R"("nodes":[{"name":")" + std::string(1000, '[') +
                                          R"(","mesh":0}],)" + Triangle(b));
  const anim::Model model = LoadOk(json);
  EXPECT_EQ(model.skeleton.JointName(0), std::string(1000, '['));
}

}  // namespace
