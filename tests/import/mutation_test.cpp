// Mutated variants of a valid skinned, animated file: digits of the JSON
// changed (so indices, counts, offsets, strides and enums go wrong while the
// JSON stays well-formed) and bytes of the binary data flipped (NaNs, wild
// joint indices and vertex indices). Each variant must load or fail with a
// message that starts with its name; under ASan+UBSan this is a small,
// deterministic fuzzer.
#include <random>

#include <gtest/gtest.h>

#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

std::string SkinnedAnimatedJson(gltf_test::GltfBuilder& b, bool embedded) {
  const gltf_test::SkinnedQuad quad = gltf_test::AddSkinnedQuad(b);
  const int positions = quad.positions, normals = quad.normals, uv = quad.uv, joints = quad.joints,
            weights = quad.weights, indices = quad.indices, ibm = quad.inverse_bind,
            times = quad.times;
  const int translations = b.AddFloats({0, 1, 0, 0, 1.5f, 0, 0, 1, 0}, "VEC3");
  // CUBICSPLINE rotations: (in-tangent, value, out-tangent) per key, x y z w.
  const int cubic = b.AddFloats({0,       0,       0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                 0.7071f, 0.7071f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
                                "VEC4");
  const auto s = [](int i) { return std::to_string(i); };
  const std::string rest =
      R"("scene":0,"scenes":[{"nodes":[0,3]}],
      "nodes":[{"name":"armature","scale":[0.5,0.5,0.5],"children":[1]},
               {"name":"root","children":[2]},{"name":"tip","translation":[0,1,0]},
               {"name":"body","mesh":0,"skin":0}],
      "skins":[{"joints":[2,1],"inverseBindMatrices":)" +
      s(ibm) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      s(positions) + R"(,"NORMAL":)" + s(normals) + R"(,"TEXCOORD_0":)" + s(uv) +
      R"(,"JOINTS_0":)" + s(joints) + R"(,"WEIGHTS_0":)" + s(weights) + R"(},"indices":)" +
      s(indices) + R"(,"material":0}]}],
      "materials":[{"pbrMetallicRoughness":{"baseColorFactor":[1,0.5,0.5,1]}}],
      "animations":[{"name":"wave","samplers":[
          {"input":)" +
      s(times) + R"(,"output":)" + s(translations) + R"(,"interpolation":"STEP"},
          {"input":)" +
      s(times) + R"(,"output":)" + s(cubic) + R"(,"interpolation":"CUBICSPLINE"}],
        "channels":[{"sampler":0,"target":{"node":2,"path":"translation"}},
                    {"sampler":1,"target":{"node":1,"path":"rotation"}}]}])";
  return embedded ? b.EmbeddedJson(rest) : rest;
}

void ExpectLoadsOrNamesItself(const std::string& name, const std::uint8_t* data, std::size_t size,
                              int* loaded) {
  anim::Model model;
  std::string error;
  if (anim::LoadGltfModelFromMemory(name, data, size, "", &model, &error)) {
    ++*loaded;
    for (const anim::MeshPrimitive& mesh : model.primitives) {
      for (std::uint32_t i : mesh.indices) ASSERT_LT(i, mesh.positions.size()) << name;
      for (std::size_t v = 0; v < mesh.joints.size(); ++v) {
        for (int k = 0; k < 4; ++k) ASSERT_LT(mesh.joints[v][k], model.skeleton.JointCount());
        const glm::vec4 w = mesh.weights[v];
        ASSERT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-4f) << name;
      }
    }
  } else {
    ASSERT_EQ(error.rfind(name + ": ", 0), 0u) << error;
  }
}

TEST(Mutation, TheUnmutatedFileLoads) {
  gltf_test::GltfBuilder b;
  const anim::Model model = gltf_test::LoadOk(SkinnedAnimatedJson(b, true));
  EXPECT_EQ(model.skeleton.JointCount(), 2);
  EXPECT_EQ(model.clips.size(), 1u);
}

TEST(Mutation, JsonDigitChangesNeverCrash) {
  gltf_test::GltfBuilder b;
  const std::string json = SkinnedAnimatedJson(b, true);
  // Only digits outside the base64 data URI: changing those is the point.
  const std::size_t data_start = json.find("data:");
  const std::size_t data_end = json.find('"', data_start);
  std::vector<std::size_t> digits;
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (i >= data_start && i < data_end) continue;
    if (json[i] >= '0' && json[i] <= '9') digits.push_back(i);
  }
  std::mt19937 random(1234);
  const char* replacements[] = {"0", "1", "2", "7", "9", "99", "4294967295", "-1", "1e9", "0.5"};
  int loaded = 0;
  for (int variant = 0; variant < 1500; ++variant) {
    std::string mutated = json;
    const int changes = 1 + static_cast<int>(random() % 2);
    for (int c = 0; c < changes; ++c) {
      const std::size_t at = digits[random() % digits.size()];
      if (at >= mutated.size() || mutated[at] < '0' || mutated[at] > '9') continue;
      mutated.replace(at, 1, replacements[random() % std::size(replacements)]);
    }
    const std::string name = "variant" + std::to_string(variant) + ".gltf";
    ExpectLoadsOrNamesItself(name, reinterpret_cast<const std::uint8_t*>(mutated.data()),
                             mutated.size(), &loaded);
  }
  // Many changes are harmless (names of numbers in data, equal values).
  EXPECT_GT(loaded, 50);
}

TEST(Mutation, GlbByteFlipsNeverCrash) {
  gltf_test::GltfBuilder b;
  const std::string rest = SkinnedAnimatedJson(b, false);
  const std::vector<std::uint8_t> glb = b.Glb(rest);
  const std::size_t bin_start = glb.size() - b.Data().size();
  std::mt19937 random(99);
  int loaded = 0;
  for (int variant = 0; variant < 1500; ++variant) {
    std::vector<std::uint8_t> mutated = glb;
    const int flips = 1 + static_cast<int>(random() % 4);
    for (int f = 0; f < flips; ++f) {
      // Mostly the binary chunk; sometimes the GLB header and chunk headers.
      const std::size_t at =
          random() % 8 == 0 ? random() % 28 : bin_start + random() % (glb.size() - bin_start);
      mutated[at] = static_cast<std::uint8_t>(random());
    }
    if (random() % 16 == 0) mutated.resize(random() % mutated.size());
    const std::string name = "variant" + std::to_string(variant) + ".glb";
    ExpectLoadsOrNamesItself(name, mutated.data(), mutated.size(), &loaded);
  }
  EXPECT_GT(loaded, 50);
}

}  // namespace
