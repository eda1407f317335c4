// --dump-mesh writes every drawn primitive's vertices where the file says
// they are: the two-skin file (tests/import/two_skin_file.h) run through the
// viewer, each vertex compared with the glm products of the file's numbers
// (the joint chain at the clip's time x the skin's inverse bind matrix), the
// bounds with the extremes of those positions.
#include <algorithm>
#include <fstream>

#include <gtest/gtest.h>
#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/dual_quaternion.hpp>

#include "json_reader.h"
#include "run_viewer.h"
#include "tests/import/eight_influence_file.h"
#include "tests/import/morph_file.h"
#include "tests/import/two_skin_file.h"

namespace {

using app_test::JsonValue;
using two_skin::TwoSkinFile;
using two_skin::Vertex;

struct Dump {
  JsonValue root;
  const JsonValue* Primitive(const std::string& node) const {
    for (const JsonValue& p : root["primitives"].array) {
      if (p["node"].string == node) return &p;
    }
    return nullptr;
  }
};

Dump RunDump(const std::string& file, const std::string& arguments, const std::string& name) {
  const std::string out = app_test::TempPath(name + ".json");
  const auto run = app_test::RunViewer("'" + file + "' --headless --no-compression " + arguments +
                                       " --dump-mesh '" + out + "'");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  Dump dump;
  std::string error;
  EXPECT_TRUE(app_test::ParseJson(app_test::ReadFile(out), &dump.root, &error)) << error;
  return dump;
}

std::string WriteFile(const std::string& json, const std::string& name) {
  const std::string path = app_test::TempPath(name);
  std::ofstream(path, std::ios::binary) << json;
  return path;
}

// Positions of `primitive` against `expected`, and its bounds against theirs.
void ExpectPositions(const JsonValue& primitive, const std::vector<glm::vec3>& expected,
                     const std::string& what) {
  ASSERT_EQ(primitive["vertex_count"].number, static_cast<double>(expected.size())) << what;
  const std::vector<JsonValue>& flat = primitive["positions"].array;
  ASSERT_EQ(flat.size(), 3 * expected.size()) << what;
  glm::vec3 low(1e30f), high(-1e30f);
  for (std::size_t v = 0; v < expected.size(); ++v) {
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(flat[3 * v + c].number, expected[v][c], 1e-4) << what << " vertex " << v;
    }
    low = glm::min(low, expected[v]);
    high = glm::max(high, expected[v]);
  }
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(primitive["bounds"]["min"][c].number, low[c], 1e-4) << what;
    EXPECT_NEAR(primitive["bounds"]["max"][c].number, high[c], 1e-4) << what;
  }
}

std::vector<glm::vec3> Skinned(const std::vector<Vertex>& vertices,
                               const std::vector<glm::mat4>& world,
                               const std::vector<glm::mat4>& ibm) {
  std::vector<glm::vec3> out;
  for (const Vertex& v : vertices) out.push_back(two_skin::Expected(v, world, ibm));
  return out;
}

TEST(MeshDump, EveryPrimitiveOfEverySkinWhereTheFileSays) {
  const TwoSkinFile file(glm::vec3(5.0f, 0.0f, 0.0f));
  const std::string path = WriteFile(file.json, "two_skins.gltf");
  for (const float t : {0.5f, 1.25f}) {
    const Dump dump = RunDump(path, "--clip Wave --time " + std::to_string(t), "two_skins_lbs");
    EXPECT_EQ(dump.root["skinning"].string, "lbs");
    EXPECT_EQ(dump.root["clip"].string, "Wave");
    ASSERT_EQ(dump.root["primitives"].array.size(), 3u);  // Hidden is in no scene
    const JsonValue* body = dump.Primitive("Body");
    const JsonValue* glove = dump.Primitive("Glove");
    const JsonValue* helmet = dump.Primitive("Helmet");
    ASSERT_TRUE(body && glove && helmet);
    EXPECT_EQ((*glove)["mesh"].number, 1);
    EXPECT_EQ((*glove)["primitive"].number, 0);
    ExpectPositions(*body, Skinned(TwoSkinFile::Body(), TwoSkinFile::Skin0At(t), file.Skin0Ibm()),
                    "Body");
    ExpectPositions(*glove, Skinned(file.Glove(), TwoSkinFile::Skin1At(t), file.Skin1Ibm()),
                    "Glove");
    std::vector<glm::vec3> helmet_expected;
    for (const glm::vec3& v : TwoSkinFile::HelmetVertices()) {
      helmet_expected.push_back(glm::vec3(TwoSkinFile::Helmet() * glm::vec4(v, 1.0f)));
    }
    ExpectPositions(*helmet, helmet_expected, "Helmet");
  }
}

// Where dual-quaternion skinning puts a vertex, by glm's own dual quaternions
// (glm/gtx/dual_quaternion.hpp): each influence's rigid palette matrix (the
// joint's world matrix x the skin's inverse bind matrix) as a dual
// quaternion, blended by weight in the first one's hemisphere, normalised,
// applied to the position.
glm::vec3 DualQuaternionSkinned(const Vertex& v, const std::vector<glm::mat4>& world,
                                const std::vector<glm::mat4>& ibm) {
  glm::dualquat sum(glm::quat(0, 0, 0, 0), glm::quat(0, 0, 0, 0));
  glm::quat first(1, 0, 0, 0);
  for (std::size_t i = 0; i < v.influences.size(); ++i) {
    const auto& [slot, weight] = v.influences[i];
    const glm::mat4 m = world[slot] * ibm[slot];
    const glm::dualquat dq(glm::quat_cast(glm::mat3(m)), glm::vec3(m[3]));
    if (i == 0) first = dq.real;
    const float sign = glm::dot(dq.real, first) < 0.0f ? -1.0f : 1.0f;
    sum.real = sum.real + dq.real * (sign * weight);
    sum.dual = sum.dual + dq.dual * (sign * weight);
  }
  return glm::normalize(sum) * v.position;
}

// Dual-quaternion skinning, --skinning dqs: every vertex of the second skin,
// blended ones too, where glm's dual quaternions put it; the dump says which
// skinning it used.
TEST(MeshDump, DualQuaternionSkinningAsGlmComputesIt) {
  const TwoSkinFile file(glm::vec3(5.0f, 0.0f, 0.0f));
  const std::string path = WriteFile(file.json, "two_skins_dqs.gltf");
  const float t = 1.5f;
  const Dump dump = RunDump(path, "--clip Wave --skinning dqs --time 1.5", "two_skins_dqs");
  EXPECT_EQ(dump.root["skinning"].string, "dqs");
  for (const bool glove : {false, true}) {
    const JsonValue* primitive = dump.Primitive(glove ? "Glove" : "Body");
    ASSERT_NE(primitive, nullptr);
    const std::vector<Vertex> vertices = glove ? file.Glove() : TwoSkinFile::Body();
    const std::vector<glm::mat4> world = glove ? TwoSkinFile::Skin1At(t) : TwoSkinFile::Skin0At(t);
    const std::vector<glm::mat4> ibm = glove ? file.Skin1Ibm() : file.Skin0Ibm();
    for (std::size_t v = 0; v < vertices.size(); ++v) {
      const glm::vec3 expected = DualQuaternionSkinned(vertices[v], world, ibm);
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR((*primitive)["positions"][3 * v + c].number, expected[c], 1e-4)
            << (glove ? "Glove" : "Body") << " vertex " << v;
      }
    }
  }
}

// Morph targets before skinning: the Face's CUBICSPLINE weights and the
// static Blob's STEP weight, at times inside and between keys, with the
// weights the dump reports.
TEST(MeshDump, MorphTargetsThenSkinningWhereTheFileSays) {
  using morph_file::MorphFile;
  const MorphFile file;
  const std::string path = WriteFile(file.json, "morph.gltf");
  for (const float t : {0.0f, 0.5f, 1.25f, 2.0f}) {
    const Dump dump = RunDump(path, "--clip Talk --loop clamp --time " + std::to_string(t),
                              "morph_" + std::to_string(t));
    const JsonValue& channels = dump.root["morph_channels"];
    ASSERT_EQ(channels.array.size(), 2u);
    EXPECT_EQ(channels[0]["node"].string, "Face");
    EXPECT_EQ(channels[0]["targets"][1].string, "Blink");
    EXPECT_NEAR(channels[0]["weights"][0].number, MorphFile::FaceWeight(0, t), 1e-4) << t;
    EXPECT_NEAR(channels[0]["weights"][1].number, MorphFile::FaceWeight(1, t), 1e-4) << t;
    EXPECT_NEAR(channels[1]["weights"][0].number, MorphFile::BlobWeight(t), 1e-6) << t;
    std::vector<glm::vec3> face, blob;
    for (std::size_t v = 0; v < 3; ++v) {
      face.push_back(MorphFile::FaceVertexAt(v, t));
      blob.push_back(MorphFile::BlobVertexAt(v, t));
    }
    const JsonValue* face_dump = dump.Primitive("Face");
    const JsonValue* blob_dump = dump.Primitive("Blob");
    ASSERT_TRUE(face_dump && blob_dump);
    ExpectPositions(*face_dump, face, "Face at " + std::to_string(t));
    ExpectPositions(*blob_dump, blob, "Blob at " + std::to_string(t));
  }
}

// Eight influences per vertex (JOINTS_1/WEIGHTS_1) where the file says,
// linear blend at two times and dual quaternions (glm's, as above) at one:
// every influence counts, none is dropped.
TEST(MeshDump, EightInfluencesWhereTheFileSays) {
  namespace eight = eight_influences;
  const eight::EightInfluenceFile file;
  const std::string path = WriteFile(file.json, "eight_influences.gltf");
  const std::vector<eight::Vertex> vertices = eight::Vertices();
  for (const float t : {0.5f, 1.25f}) {
    const Dump dump = RunDump(path, "--clip Bend --time " + std::to_string(t), "eight_lbs");
    const JsonValue* tentacle = dump.Primitive("Tentacle");
    ASSERT_NE(tentacle, nullptr);
    std::vector<glm::vec3> expected;
    for (const eight::Vertex& v : vertices) expected.push_back(eight::Expected(v, t));
    ExpectPositions(*tentacle, expected, "Tentacle at " + std::to_string(t));
  }
  const float t = 1.5f;
  const Dump dump = RunDump(path, "--clip Bend --skinning dqs --time 1.5", "eight_dqs");
  const JsonValue* tentacle = dump.Primitive("Tentacle");
  ASSERT_NE(tentacle, nullptr);
  const std::vector<glm::mat4> world = eight::BonesAt(t), rest = eight::BonesAt(0.0f);
  std::vector<glm::mat4> ibm;
  for (const glm::mat4& m : rest) ibm.push_back(glm::inverse(m));
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    // Heaviest first: the blend flips rotations into its hemisphere.
    Vertex as_two_skin{vertices[v].position, vertices[v].influences};
    std::stable_sort(as_two_skin.influences.begin(), as_two_skin.influences.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    const glm::vec3 expected = DualQuaternionSkinned(as_two_skin, world, ibm);
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR((*tentacle)["positions"][3 * v + c].number, expected[c], 1e-4) << "vertex " << v;
    }
  }
}

}  // namespace
