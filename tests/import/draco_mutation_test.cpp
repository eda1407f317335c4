// Mutated variants of a valid Draco-compressed .glb (an indexed triangle
// with POSITION and a Draco-compressed TEXCOORD_0): digits of its JSON
// changed (indices, ids, offsets, component types) and bytes of the
// compressed data flipped. Each variant must load or fail with a message
// that starts with its name; under ASan+UBSan this is a small deterministic
// fuzzer of the Draco checks in front of tinygltf's decoder.
#include <random>

#include <gtest/gtest.h>

#include "draco_test_util.h"
#include "test_util.h"

namespace {

using gltf_test::Attribute;

std::vector<std::uint8_t> DracoGlb(std::size_t* draco_start, std::size_t* draco_size,
                                   std::size_t* json_size) {
  const gltf_test::DracoTriangle t = gltf_test::EncodeDracoTriangle(2);
  gltf_test::GltfBuilder b;
  const int view = b.AddView(t.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  const int uv = b.AddAccessorJson(R"({"componentType":5126,"count":3,"type":"VEC2"})");
  const int indices = b.AddAccessorJson(R"({"componentType":5121,"count":3,"type":"SCALAR"})");
  const std::string rest = gltf_test::DracoRest(
      view, Attribute("POSITION", positions) + "," + Attribute("TEXCOORD_0", uv),
      Attribute("POSITION", t.position_id) + "," + Attribute("TEXCOORD_0", t.extra_id), indices);
  std::vector<std::uint8_t> glb = b.Glb(rest);
  *json_size = b.Json(rest, "").size();
  *draco_start = glb.size() - b.Data().size();  // the view starts the BIN chunk
  *draco_size = t.bytes.size();
  return glb;
}

void ExpectLoadsOrNamesItself(const std::string& name, const std::vector<std::uint8_t>& bytes,
                              int* loaded) {
  anim::Model model;
  std::string error;
  if (anim::LoadGltfModelFromMemory(name, bytes.data(), bytes.size(), "", &model, &error)) {
    ++*loaded;
    for (const anim::MeshPrimitive& mesh : model.primitives) {
      for (std::uint32_t i : mesh.indices) ASSERT_LT(i, mesh.positions.size()) << name;
    }
  } else {
    ASSERT_EQ(error.rfind(name + ": ", 0), 0u) << error;
  }
}

TEST(DracoMutation, TheUnmutatedFileLoads) {
  std::size_t start = 0, size = 0, json_size = 0;
  const std::vector<std::uint8_t> glb = DracoGlb(&start, &size, &json_size);
  int loaded = 0;
  ExpectLoadsOrNamesItself("draco.glb", glb, &loaded);
  EXPECT_EQ(loaded, 1);
}

TEST(DracoMutation, JsonDigitChangesNeverCrash) {
  std::size_t start = 0, size = 0, json_size = 0;
  const std::vector<std::uint8_t> glb = DracoGlb(&start, &size, &json_size);
  std::vector<std::size_t> digits;  // in the JSON chunk, which starts at byte 20
  for (std::size_t i = 20; i < 20 + json_size; ++i) {
    if (glb[i] >= '0' && glb[i] <= '9') digits.push_back(i);
  }
  std::mt19937 random(4321);
  int loaded = 0;
  for (int variant = 0; variant < 1000; ++variant) {
    std::vector<std::uint8_t> mutated = glb;
    // Same-length changes keep the GLB chunk lengths right.
    for (int c = 0, changes = 1 + static_cast<int>(random() % 2); c < changes; ++c) {
      mutated[digits[random() % digits.size()]] = static_cast<std::uint8_t>('0' + random() % 10);
    }
    ExpectLoadsOrNamesItself("variant" + std::to_string(variant) + ".glb", mutated, &loaded);
  }
  EXPECT_GT(loaded, 20);
}

TEST(DracoMutation, CompressedByteFlipsNeverCrash) {
  std::size_t start = 0, size = 0, json_size = 0;
  const std::vector<std::uint8_t> glb = DracoGlb(&start, &size, &json_size);
  std::mt19937 random(77);
  int loaded = 0;
  for (int variant = 0; variant < 1000; ++variant) {
    std::vector<std::uint8_t> mutated = glb;
    for (int f = 0, flips = 1 + static_cast<int>(random() % 3); f < flips; ++f) {
      mutated[start + random() % size] = static_cast<std::uint8_t>(random());
    }
    ExpectLoadsOrNamesItself("variant" + std::to_string(variant) + ".glb", mutated, &loaded);
  }
  EXPECT_GT(loaded, 20);
}

}  // namespace
