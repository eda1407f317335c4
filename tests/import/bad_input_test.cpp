// Crafted broken files: each must fail with "<name>: " and a message that
// says what is wrong, never crash (the suite also runs under ASan+UBSan).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "anim/offline/pose.h"
#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"

namespace {

using gltf_test::GltfBuilder;
using gltf_test::LoadError;

std::string S(int i) { return std::to_string(i); }

// A one-triangle skinned file whose parts the tests replace.
struct SkinnedTriangle {
  std::string positions_json;  // accessor index as text
  std::vector<std::uint8_t> joints = {0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::vector<float> weights = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
  std::string extra;  // more top-level members

  std::string Json(GltfBuilder& b) const {
    const int positions =
        positions_json.empty() ? b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3") : -1;
    const int j = b.AddU8(joints, "VEC4", false);
    const int w = b.AddFloats(weights, "VEC4");
    return b.EmbeddedJson(
        R"("nodes":[{"name":"a","children":[1]},{"name":"b"},{"mesh":0,"skin":0}],
           "skins":[{"joints":[0,1]}],
           "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
        (positions_json.empty() ? S(positions) : positions_json) + R"(,"JOINTS_0":)" + S(j) +
        R"(,"WEIGHTS_0":)" + S(w) + "}}]}]" + extra);
  }
};

void ExpectNamedError(const std::string& error, const std::string& problem) {
  EXPECT_EQ(error.rfind("bad.gltf: ", 0), 0u) << error;
  EXPECT_NE(error.find(problem), std::string::npos) << "message: " << error;
}

TEST(BadInput, BufferViewBeyondTheBufferIsRefused) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");  // 36 bytes of buffer
  const int view = b.AddViewJson(R"({"buffer":0,"byteOffset":0,"byteLength":1000})");
  const int accessor = b.AddAccessorJson(R"({"bufferView":)" + S(view) +
                                         R"(,"componentType":5126,"count":3,"type":"VEC3"})");
  SkinnedTriangle file;
  file.positions_json = S(accessor);
  ExpectNamedError(LoadError(file.Json(b)), "lies outside buffer 0");
}

TEST(BadInput, AccessorBeyondItsBufferViewIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int accessor = b.AddAccessorJson(R"({"bufferView":)" + S(positions) +
                                         R"(,"componentType":5126,"count":10,"type":"VEC3"})");
  SkinnedTriangle file;
  file.positions_json = S(accessor);
  const std::string error = LoadError(file.Json(b));
  ExpectNamedError(error, "accessor " + S(accessor) + " (POSITION of mesh 0 primitive 0)");
  ExpectNamedError(error, "holds only 36 bytes");
}

TEST(BadInput, WrongComponentTypeForAnAttributeIsRefused) {
  GltfBuilder b;
  const int positions = b.AddU32({0, 1, 2});
  SkinnedTriangle file;
  file.positions_json = S(positions);
  ExpectNamedError(LoadError(file.Json(b)), "has type SCALAR, expected VEC3");
}

// A mesh node naming skin 0 in a file without skins: refused by the index
// check, before anything reads the skin.
TEST(BadInput, AMeshNodesSkinThatDoesNotExistIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const std::string json =
      b.EmbeddedJson(R"("nodes":[{"name":"a"},{"mesh":0,"skin":0}],"scenes":[{"nodes":[0,1]}],)"
                     R"("meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + "}}]}]");
  ExpectNamedError(LoadError(json), "node 1 skin refers to index 0, but only 0 exist");
}

TEST(BadInput, JointIndexOutsideTheSkinIsRefused) {
  GltfBuilder b;
  SkinnedTriangle file;
  file.joints[4] = 5;
  ExpectNamedError(LoadError(file.Json(b)),
                   "vertex 1 uses joint index 5, but the skin has only 2 joints");
}

TEST(BadInput, NanWeightIsRefused) {
  GltfBuilder b;
  SkinnedTriangle file;
  file.weights[8] = std::numeric_limits<float>::quiet_NaN();
  ExpectNamedError(LoadError(file.Json(b)), "vertex 2 has an invalid weight");
}

TEST(BadInput, IndexEqualToTheVertexCountIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int indices = b.AddU16({0, 1, 3}, "SCALAR", false);  // 3 vertices: 0, 1, 2
  const std::string json =
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + R"(},"indices":)" + S(indices) + "}]}]");
  ExpectNamedError(LoadError(json), "index 3 is out of range (3 vertices)");
}

TEST(BadInput, IndexBeyondTheVertexCountIsRefused) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int indices = b.AddU16({0, 1, 7}, "SCALAR", false);
  const std::string json =
      b.EmbeddedJson(R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                     S(positions) + R"(},"indices":)" + S(indices) + "}]}]");
  ExpectNamedError(LoadError(json), "index 7 is out of range (3 vertices)");
}

TEST(BadInput, UnknownRequiredExtensionIsNamed) {
  GltfBuilder b;
  SkinnedTriangle file;
  file.extra = R"(,"extensionsUsed":["EXT_made_up"],"extensionsRequired":["EXT_made_up"])";
  ExpectNamedError(LoadError(file.Json(b)), "requires the glTF extension EXT_made_up");
}

std::string WithAnimation(GltfBuilder& b, const std::vector<float>& times,
                          const std::vector<float>& values, const std::string& interpolation,
                          const std::string& path = "translation") {
  const int input = b.AddFloats(times, "SCALAR");
  const int output = b.AddFloats(values, path == "rotation" ? "VEC4" : "VEC3");
  SkinnedTriangle file;
  file.extra = R"(,"animations":[{"samplers":[{"input":)" + S(input) + R"(,"output":)" + S(output) +
               R"(,"interpolation":")" + interpolation +
               R"("}],"channels":[{"sampler":0,"target":{"node":1,"path":")" + path + "\"}}]}]";
  return file.Json(b);
}

TEST(BadInput, NonIncreasingKeyframeTimesAreRefused) {
  GltfBuilder b;
  const std::string json = WithAnimation(b, {0, 1, 1}, {0, 0, 0, 1, 1, 1, 2, 2, 2}, "LINEAR");
  ExpectNamedError(LoadError(json), "animation 0 channel 0 keyframe times are not increasing");
}

TEST(BadInput, CubicSplineWithOneValuePerKeyIsRefused) {
  GltfBuilder b;
  const std::string json = WithAnimation(b, {0, 1}, {0, 0, 0, 1, 1, 1}, "CUBICSPLINE");
  ExpectNamedError(LoadError(json),
                   "has 2 keyframe times but 2 output values; CUBICSPLINE needs 3");
}

// Components near float's largest value square to infinity in float; the
// key must still normalise to the rotation it names: (1, 1, 1, 1) / 2.
TEST(BadInput, HugeRotationKeyNormalisesInsteadOfVanishing) {
  GltfBuilder b;
  const std::string json =
      WithAnimation(b, {0, 1}, {0, 0, 0, 1, 1e38f, 1e38f, 1e38f, 1e38f}, "LINEAR", "rotation");
  const anim::Model model = gltf_test::LoadOk(json);
  ASSERT_EQ(model.clips.size(), 1u);
  anim::Pose pose = anim::RestPoseOf(model.skeleton);
  test_support::SampleInto(model.clips[0], pose, 1.0f, anim::LoopMode::kClamp);
  const glm::quat q = pose.Local(model.clips[0].Tracks()[0].joint).rotation;
  EXPECT_NEAR(q.x, 0.5f, 1e-6f);
  EXPECT_NEAR(q.y, 0.5f, 1e-6f);
  EXPECT_NEAR(q.z, 0.5f, 1e-6f);
  EXPECT_NEAR(q.w, 0.5f, 1e-6f);
}

TEST(BadInput, ZeroLengthRotationKeyIsRefused) {
  GltfBuilder b;
  const std::string json = WithAnimation(b, {0, 1}, {0, 0, 0, 1, 0, 0, 0, 0}, "LINEAR", "rotation");
  ExpectNamedError(LoadError(json), "rotation key 1 is a zero-length or non-finite quaternion");
}

TEST(BadInput, NodeCycleIsRefused) {
  const std::string json = R"({"asset":{"version":"2.0"},
      "nodes":[{"children":[1]},{"children":[0]}],"scenes":[{"nodes":[0]}]})";
  ExpectNamedError(LoadError(json), "cycle");
}

TEST(BadInput, NotJsonAtAllIsRefused) {
  const std::string error = LoadError("this is not a glTF file");
  EXPECT_EQ(error.rfind("bad.gltf: ", 0), 0u) << error;
  EXPECT_GT(error.size(), std::string("bad.gltf: ").size());
}

TEST(BadInput, TruncatedGlbIsRefused) {
  GltfBuilder b;
  b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  std::vector<std::uint8_t> glb = b.Glb(R"("nodes":[{}])");
  glb.resize(glb.size() - 20);
  anim::Model model;
  std::string error;
  EXPECT_FALSE(
      anim::LoadGltfModelFromMemory("cut.glb", glb.data(), glb.size(), "", &model, &error));
  EXPECT_EQ(error.rfind("cut.glb: ", 0), 0u) << error;
}

TEST(BadInput, MissingFileIsNamed) {
  anim::Model model;
  std::string error;
  EXPECT_FALSE(anim::LoadGltfModel("/nonexistent/dir/x.gltf", &model, &error));
  EXPECT_EQ(error, "/nonexistent/dir/x.gltf: no such file");
}

}  // namespace

namespace {

// A zero scale or a flat matrix is legal but draws nothing: said, not silent.
TEST(BadInput, SingularNodeTransformsAreWarnedAbout) {
  for (const auto& [transform, singular] : std::vector<std::pair<std::string, bool>>{
           {R"("scale":[1,0,1])", true},
           {R"("matrix":[1,0,0,0, 0,1,0,0, 0,0,0,0, 0,0,0,1])", true},
           {R"("scale":[1,0.001,1])", false},
           {R"("matrix":[2,0,0,0, 0,2,0,0, 0,0,2,0, 0,0,0,1])", false}}) {
    SCOPED_TRACE(transform);
    GltfBuilder b;
    const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
    const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(
        R"("nodes":[{"name":"root","children":[1]},{"mesh":0,)" + transform +
        R"(}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" + S(positions) + "}}]}]"));
    bool warned = false;
    for (const std::string& w : model.warnings) {
      warned = warned || w == "1 node(s) have a singular transform (a zero scale or a flat "
                              "matrix; first: node 1): what they carry collapses and may not "
                              "be visible";
    }
    EXPECT_EQ(warned, singular);
  }
}

}  // namespace
