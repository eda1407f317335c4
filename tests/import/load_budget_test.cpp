// The memory budget of one load (anim::ImportOptions::max_load_bytes) and
// the JSON pre-scan: images decoded once per source and counted before
// decoding, counts of items refused by what they would cost, integers that
// tinygltf would truncate refused.
#include <chrono>

#include <gtest/gtest.h>

#include "gltf_builder.h"
#include "hostile_gltf.h"
#include "import/gltf_context.h"
#include "import/gltf_importer.h"
#include "test_files.h"
#include "test_util.h"

namespace {

using gltf_test::EncodePng;
using gltf_test::GltfBuilder;

constexpr std::size_t kMiB = std::size_t{1} << 20;

bool LoadBytes(const std::vector<std::uint8_t>& bytes, std::size_t limit, anim::Model* model,
               std::string* error, const std::string& name = "budget.glb") {
  anim::ImportOptions options;
  options.max_load_bytes = limit;
  return anim::LoadGltfModelFromMemory(name, bytes.data(), bytes.size(), "", model, error, options);
}

// `count` materials, each with its own texture and image, all images on one
// buffer view holding `png`.
std::vector<std::uint8_t> SharedImageGlb(const std::vector<std::uint8_t>& png, int count) {
  gltf_test::Triangle t;
  const int view = t.builder.AddView(png);
  std::string materials, textures, images;
  for (int i = 0; i < count; ++i) {
    const std::string sep = i ? "," : "";
    materials += sep + R"({"pbrMetallicRoughness":{"baseColorTexture":{"index":)" +
                 std::to_string(i) + "}}}";
    textures += sep + R"({"source":)" + std::to_string(i) + "}";
    images += sep + R"({"bufferView":)" + std::to_string(view) + R"(,"mimeType":"image/png"})";
  }
  return t.builder.Glb(t.Mesh() + R"(,"materials":[)" + materials + R"(],"textures":[)" + textures +
                       R"(],"images":[)" + images + "]");
}

// What each step keeps adds up: the step that passes the limit is refused,
// naming itself and what was counted before it.
TEST(LoadBudget, KeptBytesAddUpAcrossSteps) {
  anim::gltf::LoadBudget budget(1000);
  budget.Keep(3, 200, "the first step");  // 600 kept
  try {
    budget.Keep(1, 500, "the second step");  // 1100 would pass 1000
    ADD_FAILURE() << "the second step was not refused";
  } catch (const anim::gltf::ImportError& e) {
    EXPECT_NE(std::string(e.what()).find("the second step"), std::string::npos) << e.what();
  }
  budget.Keep(4, 100, "the third step");  // exactly 1000
  EXPECT_THROW(budget.Keep(1, 1, "one byte more"), anim::gltf::ImportError);
}

TEST(LoadBudget, ImagesSharingOnePictureAreDecodedOnce) {
  // 512x512 RGBA: 1 MiB decoded. Thirty-two decodes would keep 32 MiB,
  // past the 16 MiB limit; one fits.
  std::vector<std::uint8_t> pixels(512 * 512 * 4);
  for (std::size_t i = 0; i < pixels.size(); ++i) {
    pixels[i] = static_cast<std::uint8_t>(i % 4 == 3 ? 255 : (i * 2654435761u) >> 24);
  }
  const std::vector<std::uint8_t> png = EncodePng(512, 512, pixels);
  ASSERT_FALSE(png.empty());
  anim::Model model;
  std::string error;
  ASSERT_TRUE(LoadBytes(SharedImageGlb(png, 32), 16 * kMiB, &model, &error)) << error;
  ASSERT_EQ(model.images.size(), 1u);
  EXPECT_EQ(model.images[0].rgba, pixels);
  ASSERT_EQ(model.materials.size(), 32u);
  for (const anim::Material& m : model.materials) EXPECT_EQ(m.base_color.image, 0);
}

TEST(LoadBudget, ImageSizesAreCountedFromTheHeaderBeforeDecoding) {
  // The header claims 8000x8000 and there is no pixel data: refused under
  // 256 MiB by its size alone (244 MiB kept plus the decoder's peak).
  const std::vector<std::uint8_t> glb = SharedImageGlb(gltf_test::PngHeaderOnly(8000, 8000), 1);
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBytes(glb, 256 * kMiB, &model, &error));
  EXPECT_EQ(error.rfind("budget.glb: image 0 (8000x8000 pixels) needs ", 0), 0u) << error;
  EXPECT_NE(error.find("memory limit for one load (256.0 MiB)"), std::string::npos) << error;
  // Under the default limit the decode is tried, fails on the missing data,
  // and the material keeps its factor.
  ASSERT_TRUE(LoadBytes(glb, anim::kDefaultMaxLoadBytes, &model, &error)) << error;
  EXPECT_TRUE(model.images.empty());
}

TEST(LoadBudget, ImagesClaimingMoreThan8192x8192PixelsAreRefusedBeforeTheBudget) {
  // 8192 x 8192 is the most pixels an image may claim: such a header is
  // counted against the budget (16 bytes a pixel: 1 GiB, past 256 MiB) and
  // fails the load. One row more, 8193 x 8192, is refused by its size
  // first: a warning, and the load goes on without the image.
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBytes(SharedImageGlb(gltf_test::PngHeaderOnly(8192, 8192), 1), 256 * kMiB,
                         &model, &error));
  EXPECT_EQ(error.rfind("budget.glb: image 0 (8192x8192 pixels) needs ", 0), 0u) << error;
  for (const auto& [width, height] : {std::pair{8193u, 8192u}, std::pair{8192u, 8193u}}) {
    const std::vector<std::uint8_t> glb =
        SharedImageGlb(gltf_test::PngHeaderOnly(width, height), 1);
    ASSERT_TRUE(LoadBytes(glb, 256 * kMiB, &model, &error)) << error;
    EXPECT_TRUE(model.images.empty());
    EXPECT_TRUE(gltf_test::HasWarningContaining(model, "image 0 cannot be decoded"));
  }
}

TEST(LoadBudget, CountsOfItemsAreBoundedByWhatTheyCost) {
  for (const gltf_test::HostileFile& file : gltf_test::HostileFiles(0.25)) {
    if (file.name == "shared_huge_image.glb") continue;  // above
    SCOPED_TRACE(file.name);
    anim::Model model;
    std::string error;
    const auto start = std::chrono::steady_clock::now();
    EXPECT_FALSE(LoadBytes(file.bytes, 4 * kMiB, &model, &error, file.name));
    EXPECT_EQ(error.rfind(file.name + ": ", 0), 0u) << error;
    EXPECT_NE(error.find("memory limit for one load (4.0 MiB)"), std::string::npos) << error;
    // Refused before the work: well under a second even on a loaded machine.
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 2.0);
  }
}

TEST(LoadBudget, FilesWithinTheLimitLoadAsBefore) {
  // 2,000 one-triangle primitives: counted, well within 64 MiB.
  gltf_test::Triangle t;
  const std::string primitive =
      R"({"attributes":{"POSITION":)" + std::to_string(t.positions) + "}}";
  const std::string json =
      t.builder.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[)" +
                             gltf_test::Repeat(primitive, 2000) + "]}]");
  anim::Model model;
  std::string error;
  ASSERT_TRUE(LoadBytes(gltf_test::Bytes(json), 64 * kMiB, &model, &error, "fine.gltf")) << error;
  EXPECT_EQ(model.primitives.size(), 2000u);
}

// Each primitive costs what drawing it will (about 12 KiB of vertex array
// and buffers, import/gltf_item_costs.h): the same 2,000 one-triangle
// primitives, a few KiB of JSON, are refused under a 16 MiB limit (2,000 x
// 12 KiB is over 23 MiB).
TEST(LoadBudget, ManySmallPrimitivesCostWhatDrawingThemWill) {
  gltf_test::Triangle t;
  const std::string primitive =
      R"({"attributes":{"POSITION":)" + std::to_string(t.positions) + "}}";
  const std::string json =
      t.builder.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[)" +
                             gltf_test::Repeat(primitive, 2000) + "]}]");
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBytes(gltf_test::Bytes(json), 16 * kMiB, &model, &error, "many.gltf"));
  EXPECT_EQ(error.rfind("many.gltf: ", 0), 0u) << error;
  EXPECT_NE(error.find("memory limit for one load (16.0 MiB)"), std::string::npos) << error;
}

// One mesh of 30,000 vertices drawn by `nodes` nodes: each node's copy is
// imported (and drawn), so the vertices kept are 30,000 per node.
std::vector<std::uint8_t> MeshDrawnByNodes(int nodes) {
  GltfBuilder b;
  std::vector<float> xyz(30000 * 3);
  for (std::size_t i = 0; i < xyz.size(); ++i) xyz[i] = static_cast<float>(i % 7) * 0.1f;
  const int positions = b.AddFloats(xyz, "VEC3");
  std::string node_list;
  for (int i = 0; i < nodes; ++i) node_list += std::string(i ? "," : "") + R"({"mesh":0})";
  return gltf_test::Bytes(b.EmbeddedJson(
      R"("nodes":[)" + node_list + R"(],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + "}}]}]"));
}

TEST(LoadBudget, VerticesOfAMeshDrawnByManyNodesAreCountedPerNode) {
  // A vertex keeps 96 bytes (position, normal, texcoord, colour, eight
  // joints and weights): 50 copies of 30,000 are 1,500,000 vertices, 137 MiB,
  // past a 64 MiB limit; 5 copies, 14 MiB, fit.
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBytes(MeshDrawnByNodes(50), 64 * kMiB, &model, &error, "copies.gltf"));
  EXPECT_NE(error.find("the meshes' 1500000 vertices needs 137"), std::string::npos) << error;
  EXPECT_NE(error.find("copies.gltf"), std::string::npos) << error;
  ASSERT_TRUE(LoadBytes(MeshDrawnByNodes(5), 64 * kMiB, &model, &error, "copies.gltf")) << error;
  EXPECT_EQ(model.primitives.size(), 5u);
}

// One sampler of 20,000 keys shared by `channels` channels.
std::vector<std::uint8_t> SamplerSharedByChannels(int channels) {
  GltfBuilder b;
  return gltf_test::Bytes(gltf_test::SamplerSharedByChannelsJson(b, 20000, channels));
}

TEST(LoadBudget, KeysOfASamplerSharedByManyChannelsAreCountedPerChannel) {
  // A key keeps 52 bytes (its time and up to three quaternions' worth of
  // values): 100 channels of 20,000 keys are 2,000,000 keys, 99 MiB, past a
  // 64 MiB limit (and under the 8,388,608-key import limit); 10 fit.
  anim::Model model;
  std::string error;
  EXPECT_FALSE(LoadBytes(SamplerSharedByChannels(100), 64 * kMiB, &model, &error, "keys.gltf"));
  EXPECT_NE(error.find("the animations' 2000000 keyframes needs 99"), std::string::npos) << error;
  ASSERT_TRUE(LoadBytes(SamplerSharedByChannels(10), 64 * kMiB, &model, &error, "keys.gltf"))
      << error;
  EXPECT_EQ(model.clips.size(), 1u);
}

TEST(JsonScan, IntegersPastThirtyTwoBitsAreRefusedNotTruncated) {
  gltf_test::Triangle t;
  // 2^32 would become mesh 0 and 2^32 + 2 node 2 after tinygltf's cast.
  for (
      const auto& [rest, where] : std::vector<std::pair<std::string, std::string>>{
          {R"("nodes":[{"mesh":4294967296}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])",
           "4294967296 at nodes[0].mesh"},
          {R"("scene":0,"scenes":[{"nodes":[4294967298]}],"nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])",
           "4294967298 at scenes[0].nodes[0]"},
          {R"("nodes":[{"mesh":-2147483649}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])",
           "-2147483649 at nodes[0].mesh"}}) {
    SCOPED_TRACE(where);
    const std::string error = gltf_test::LoadError(t.builder.EmbeddedJson(rest));
    EXPECT_EQ(error.rfind("bad.gltf: the integer " + where + " does not fit in 32 bits", 0), 0u)
        << error;
  }
  // The largest 32-bit values are still read as themselves (and refused
  // as indices by the usual checks), and an application's extras may hold
  // any number.
  EXPECT_NE(
      gltf_test::LoadError(
          t.builder.EmbeddedJson(
              R"("nodes":[{"mesh":2147483647}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])"))
          .find("2147483647"),
      std::string::npos);
  gltf_test::LoadOk(t.builder.EmbeddedJson(
      t.Mesh() + R"(,"extras":{"id":99999999999,"list":[18446744073709551615]})"));
}

}  // namespace
