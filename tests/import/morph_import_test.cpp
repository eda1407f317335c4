// Morph targets: offsets, target names, default weights and "weights"
// channels read from a generated file (tests/import/morph_file.h), the
// weights sampled at several times against the file's own keys; every
// hostile morph input refused with a message naming it.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "anim/clips/morph_weights.h"
#include "import/gltf_importer.h"
#include "morph_file.h"
#include "test_util.h"

namespace {

using gltf_test::LoadError;
using gltf_test::LoadOk;
using gltf_test::VecNear;
using morph_file::MorphFile;

TEST(MorphImport, TargetsNamesAndDefaultWeights) {
  const MorphFile file;
  const anim::Model model = LoadOk(file.json);
  ASSERT_EQ(model.morph_channels.size(), 2u);
  const anim::MorphChannel& face = model.morph_channels[0];
  const anim::MorphChannel& blob = model.morph_channels[1];
  EXPECT_EQ(face.node_name, "Face");
  EXPECT_EQ(face.target_names, (std::vector<std::string>{"Smile", "Blink"}));
  EXPECT_EQ(face.default_weights, (std::vector<float>{0.25f, 0.0f}));
  EXPECT_EQ(face.first_weight, 0);
  EXPECT_EQ(blob.node_name, "Blob");
  EXPECT_EQ(blob.target_names, (std::vector<std::string>{"target 0"}));
  EXPECT_EQ(blob.default_weights, (std::vector<float>{1.0f}));  // the node's, not the mesh's
  EXPECT_EQ(blob.first_weight, 2);
  EXPECT_EQ(model.DefaultMorphWeights(), (std::vector<float>{0.25f, 0.0f, 1.0f}));

  ASSERT_EQ(model.primitives.size(), 2u);
  const anim::MeshPrimitive& mesh = model.primitives[0];
  EXPECT_EQ(mesh.morph_channel, 0);
  ASSERT_EQ(mesh.morph_targets.size(), 2u);
  for (std::size_t v = 0; v < 3; ++v) {
    EXPECT_TRUE(VecNear(mesh.morph_targets[0].positions[v], MorphFile::SmileOffsets()[v], 0));
    EXPECT_TRUE(VecNear(mesh.morph_targets[1].positions[v], MorphFile::BlinkOffsets()[v], 0));
    EXPECT_TRUE(VecNear(mesh.morph_targets[0].normals[v], MorphFile::SmileNormalOffsets()[v], 0));
    EXPECT_TRUE(VecNear(mesh.morph_targets[1].normals[v], MorphFile::BlinkNormalOffsets()[v], 0));
  }
  EXPECT_EQ(model.primitives[1].morph_channel, 1);
  EXPECT_TRUE(model.primitives[1].morph_targets[0].normals.empty());
  const std::vector<float> all = {7, 8, 9};
  EXPECT_EQ(model.MorphWeightsOf(model.primitives[1], all).size(), 1u);
  EXPECT_EQ(model.MorphWeightsOf(model.primitives[1], all)[0], 9.0f);
}

TEST(MorphImport, WeightChannelsSampleAsTheFileSays) {
  const MorphFile file;
  const anim::Model model = LoadOk(file.json);
  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Clip& clip = model.clips[0];
  EXPECT_FLOAT_EQ(clip.Duration(), 2.0f);
  ASSERT_EQ(clip.MorphWeights().size(), 2u);
  for (const float t : {0.0f, 0.3f, 0.99f, 1.0f, 1.6f, 2.0f}) {
    std::vector<float> weights = model.DefaultMorphWeights();
    ASSERT_TRUE(anim::SampleMorphWeights(clip.MorphWeights(), t, weights));
    EXPECT_NEAR(weights[0], MorphFile::FaceWeight(0, t), 1e-6f) << "t = " << t;
    EXPECT_NEAR(weights[1], MorphFile::FaceWeight(1, t), 1e-6f) << "t = " << t;
    EXPECT_NEAR(weights[2], MorphFile::BlobWeight(t), 1e-6f) << "t = " << t;
  }
  // Weights are not clamped: Blink's spline leaves [0, 1] (it ends at -0.5).
  std::vector<float> weights = model.DefaultMorphWeights();
  ASSERT_TRUE(anim::SampleMorphWeights(clip.MorphWeights(), 2.0f, weights));
  EXPECT_FLOAT_EQ(weights[1], -0.5f);
  // Too short a weight array is refused and left as it was.
  std::vector<float> short_weights = {5.0f, 5.0f};
  EXPECT_FALSE(anim::SampleMorphWeights(clip.MorphWeights(), 1.0f, short_weights));
  EXPECT_EQ(short_weights, (std::vector<float>{5.0f, 5.0f}));
}

// A morph-only file (no skin, no joint animation) still has a clip as long
// as its weight keys, on the file's timeline: from 0 to the last key.
TEST(MorphImport, MorphOnlyClipsLastAsLongAsTheirWeightKeys) {
  gltf_test::GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int offsets = b.AddFloats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
  const int times = b.AddFloats({0.5f, 1.5f}, "SCALAR");
  const int values = b.AddFloats({0, 1}, "SCALAR");
  const auto s = [](int i) { return std::to_string(i); };
  const anim::Model model = LoadOk(b.EmbeddedJson(
      R"("nodes":[{"name":"Horse","mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      s(positions) + R"(},"targets":[{"POSITION":)" + s(offsets) + R"(}]}]}],
      "animations":[{"name":"Gallop","samplers":[{"input":)" +
      s(times) + R"(,"output":)" + s(values) + R"(}],
        "channels":[{"sampler":0,"target":{"node":0,"path":"weights"}}]}])"));
  ASSERT_EQ(model.clips.size(), 1u);
  EXPECT_FLOAT_EQ(model.clips[0].StartTime(), 0.0f);
  EXPECT_FLOAT_EQ(model.clips[0].EndTime(), 1.5f);
  std::vector<float> weights = model.DefaultMorphWeights();
  ASSERT_TRUE(anim::SampleMorphWeights(model.clips[0].MorphWeights(), 1.0f, weights));
  EXPECT_FLOAT_EQ(weights[0], 0.5f);
}

// Hostile inputs: each edit of the file gets a message naming the problem.
struct Hostile {
  const char* what;
  std::string from, to;  // replaced in the file's JSON
  const char* message;
};

TEST(MorphImport, HostileMorphInputsAreRefusedWithTheirReason) {
  const MorphFile file;
  const Hostile cases[] = {
      {"default weights of the wrong length", R"("weights":[0.25,0])", R"("weights":[0.25])",
       "the mesh of node \"Face\" has 1 default weights but 2 morph targets"},
      {"node weights of the wrong length", R"("weights":[1]})", R"("weights":[1,2]})",
       "node \"Blob\" has 2 default weights but 1 morph targets"},
      {"a weights channel of the wrong length", R"({"sampler":2,"target":{"node":2)",
       R"({"sampler":1,"target":{"node":2)",
       "animation 0 channel 2 has 2 keyframe times and 12 output values, but the node's mesh "
       "has 1 morph targets: expected 6"},
  };
  for (const Hostile& c : cases) {
    std::string json = file.json;
    const std::size_t at = json.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.what;
    json.replace(at, c.from.size(), c.to);
    const std::string error = LoadError(json);
    EXPECT_NE(error.find(c.message), std::string::npos) << c.what << ": " << error;
  }
}

// Files written for one problem each.
TEST(MorphImport, BadTargetsAreRefusedNamingThem) {
  const auto s = [](int i) { return std::to_string(i); };
  {
    gltf_test::GltfBuilder b;  // primitives with different target counts
    const int p = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const std::string error = LoadError(b.EmbeddedJson(
        R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + s(p) +
        R"(},"targets":[{"POSITION":)" + s(p) + R"(}]},{"attributes":{"POSITION":)" + s(p) +
        "}}]}]"));
    EXPECT_NE(error.find("mesh 0 primitive 1 has 0 morph targets but primitive 0 has 1"),
              std::string::npos)
        << error;
  }
  {
    gltf_test::GltfBuilder b;  // a NaN offset
    const int p = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int bad = b.AddFloats({0, 0, 0, NAN, 0, 0, 0, 0, 0}, "VEC3");
    const std::string error = LoadError(b.EmbeddedJson(
        R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + s(p) +
        R"(},"targets":[{"POSITION":)" + s(p) + R"(},{"POSITION":)" + s(bad) + "}]}]}]"));
    EXPECT_NE(error.find("mesh 0 primitive 0 morph target 1 POSITION offset 1 is not finite"),
              std::string::npos)
        << error;
  }
  {
    gltf_test::GltfBuilder b;  // offsets for fewer vertices than the mesh has
    const int p = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const int few = b.AddFloats({0, 0, 0, 1, 0, 0}, "VEC3");
    const std::string error = LoadError(b.EmbeddedJson(
        R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + s(p) +
        R"(},"targets":[{"POSITION":)" + s(few) + "}]}]}]"));
    EXPECT_NE(error.find("morph target 0 has 3 positions but 2 POSITION values"), std::string::npos)
        << error;
  }
  {
    // A million targets, all naming one accessor of 99 vertices: 2.4 GB of
    // offsets, refused by the load's memory budget before anything is
    // copied, naming them.
    gltf_test::GltfBuilder b;
    const int p = b.AddFloats(std::vector<float>(3 * 99, 0.5f), "VEC3");
    std::string targets;
    const std::string one = R"({"POSITION":)" + s(p) + "}";
    targets.reserve(1000000 * (one.size() + 1));
    for (int t = 0; t < 1000000; ++t) targets += (t ? "," : "") + one;
    const std::string error = LoadError(b.EmbeddedJson(
        R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + s(p) +
        R"(},"targets":[)" + targets + "]}]}]"));
    EXPECT_NE(error.find("morph target offsets"), std::string::npos) << error;
  }
}

}  // namespace
