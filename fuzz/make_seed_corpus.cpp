// Writes the fuzzer's hand-made seeds: tiny valid files that between them
// reach every part of the importer (skin with inverse bind matrices, a
// scaled and animated armature node and an animated prop under a joint,
// which become joints, the three interpolations, normalised integer
// weights, JOINTS_1, sparse accessors, strips, an unskinned node animation,
// a rigid prop under a joint, a material, GLB and .gltf), so that mutations
// start from files that get past tinygltf and into our checks. Then the
// hostile classes of the memory budget (one picture shared by many images,
// a million animations, 200,000 primitives, zero-count accessors, a million
// nodes) at full size, which run once unmutated and must each stay within
// the per-input time limit, and at 1 % size, which are fuzzed; and files
// whose external URIs leave their folder, an integer past 32 bits, morph
// targets with weight channels, and two skins with a static mesh.
// Usage: make_seed_corpus <output folder>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "gltf_builder.h"   // tests/import/gltf_builder.h: writes glTF from the spec
#include "hostile_gltf.h"   // tests/import/hostile_gltf.h: files that claim too much
#include "morph_file.h"     // tests/import/morph_file.h: morph targets and weight channels
#include "two_skin_file.h"  // tests/import/two_skin_file.h: two skins, a static mesh

namespace {

using gltf_test::GltfBuilder;

std::string S(int i) { return std::to_string(i); }

// The skinned, animated two-joint strip every variant builds on.
std::string Skinned(GltfBuilder& b, const std::string& interpolation, bool eight_influences) {
  const gltf_test::SkinnedQuad quad = gltf_test::AddSkinnedQuad(b);
  const int positions = quad.positions, normals = quad.normals, uv = quad.uv, joints = quad.joints,
            weights = quad.weights, indices = quad.indices, ibm = quad.inverse_bind,
            times = quad.times;
  const bool cubic = interpolation == "CUBICSPLINE";
  std::vector<float> rotations;
  for (int k = 0; k < 3; ++k) {
    if (cubic) rotations.insert(rotations.end(), {0, 0, 0, 0});
    rotations.insert(rotations.end(), {0, 0, k == 1 ? 0.7071f : 0.0f, k == 1 ? 0.7071f : 1.0f});
    if (cubic) rotations.insert(rotations.end(), {0, 0, 0, 0});
  }
  const int rotation_values = b.AddFloats(rotations, "VEC4");
  const int translations = b.AddFloats(
      cubic ? std::vector<float>(27, 0.5f) : std::vector<float>{0, 1, 0, 0, 1.5f, 0, 0, 1, 0},
      "VEC3");
  std::string extra_attributes;
  if (eight_influences) {
    const int j1 = b.AddU8({1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, "VEC4", false);
    const int w1 =
        b.AddFloats({0.1f, 0, 0, 0, 0, 0.2f, 0, 0, 0.3f, 0, 0, 0, 0, 0.4f, 0, 0}, "VEC4");
    extra_attributes = ",\"JOINTS_1\":" + S(j1) + ",\"WEIGHTS_1\":" + S(w1);
  }
  return R"("scene":0,"scenes":[{"nodes":[0,3]}],
      "nodes":[{"name":"armature","scale":[0.5,0.5,0.5],"children":[1]},
               {"name":"root","children":[2]},{"name":"tip","translation":[0,1,0],"children":[4]},
               {"name":"body","mesh":0,"skin":0},
               {"name":"prop","mesh":1,"rotation":[0,0.7071,0,0.7071]}],
      "skins":[{"joints":[2,1],"inverseBindMatrices":)" +
         S(ibm) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
         S(positions) + R"(,"NORMAL":)" + S(normals) + R"(,"TEXCOORD_0":)" + S(uv) +
         R"(,"JOINTS_0":)" + S(joints) + R"(,"WEIGHTS_0":)" + S(weights) + extra_attributes +
         R"(},"indices":)" + S(indices) +
         R"(,"material":0}]},
                {"primitives":[{"attributes":{"POSITION":)" +
         S(positions) + R"(},"mode":5}]}],
      "materials":[{"pbrMetallicRoughness":{"baseColorFactor":[1,0.5,0.5,1]},"doubleSided":true}],
      "animations":[{"name":"wave","samplers":[
          {"input":)" +
         S(times) + R"(,"output":)" + S(translations) + R"(,"interpolation":")" + interpolation +
         R"("},
          {"input":)" +
         S(times) + R"(,"output":)" + S(rotation_values) + R"(,"interpolation":")" + interpolation +
         R"("}],
        "channels":[{"sampler":0,"target":{"node":2,"path":"translation"}},
                    {"sampler":1,"target":{"node":1,"path":"rotation"}},
                    {"sampler":0,"target":{"node":0,"path":"translation"}},
                    {"sampler":1,"target":{"node":4,"path":"rotation"}}]}])";
}

// No skin: every node a joint, a node animation and a sparse accessor.
std::string Unskinned(GltfBuilder& b) {
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int sparse_indices = b.AddU8({2}, "SCALAR", false);
  const int sparse_values = b.AddFloats({0, 2, 0}, "VEC3");
  const int sparse = b.AddAccessorJson(
      R"({"bufferView":)" + S(positions) + R"(,"componentType":5126,"count":3,"type":"VEC3",
          "sparse":{"count":1,"indices":{"bufferView":)" +
      S(sparse_indices) + R"(,"componentType":5121},"values":{"bufferView":)" + S(sparse_values) +
      "}}}");
  const int times = b.AddFloats({0, 1}, "SCALAR");
  const int scales = b.AddFloats({1, 1, 1, 2, 2, 2}, "VEC3");
  return R"("nodes":[{"name":"spinner","children":[1],"matrix":[1,0,0,0,0,1,0,0,0,0,1,0,1,2,3,1]},
                     {"mesh":0}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
         S(sparse) + R"(}}]}],
      "animations":[{"samplers":[{"input":)" +
         S(times) + R"(,"output":)" + S(scales) + R"(}],
        "channels":[{"sampler":0,"target":{"node":0,"path":"scale"}}]}])";
}

bool Write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: make_seed_corpus <output folder>\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  bool ok = true;
  for (const std::string interpolation : {"LINEAR", "STEP", "CUBICSPLINE"}) {
    GltfBuilder b;
    const std::string rest = Skinned(b, interpolation, interpolation == "LINEAR");
    ok = ok && Write(dir / ("skinned_" + interpolation + ".gltf"), b.EmbeddedJson(rest));
    const std::vector<std::uint8_t> glb = b.Glb(rest);
    ok = ok &&
         Write(dir / ("skinned_" + interpolation + ".glb"), std::string(glb.begin(), glb.end()));
  }
  GltfBuilder b;
  ok = ok && Write(dir / "unskinned_sparse.gltf", b.EmbeddedJson(Unskinned(b)));
  for (const double scale : {1.0, 0.01}) {
    for (const gltf_test::HostileFile& file : gltf_test::HostileFiles(scale)) {
      const std::string prefix = scale == 1.0 ? "hostile_" : "hostile_small_";
      ok = ok &&
           Write(dir / (prefix + file.name), std::string(file.bytes.begin(), file.bytes.end()));
    }
  }
  for (const std::string uri : {"../outside.bin", "%2e%2e/outside.bin", "/etc/passwd",
                                "file:///etc/passwd", "sub/../../x.bin"}) {
    GltfBuilder escape;
    const std::string rest = Unskinned(escape);
    ok = ok && Write(dir / ("uri_" + std::to_string(uri.size()) + ".gltf"), escape.Json(rest, uri));
  }
  GltfBuilder numbers;
  const std::string wide = numbers.EmbeddedJson(Unskinned(numbers));
  const std::string big_mesh = R"("mesh":0)";
  std::string truncated = wide;
  truncated.replace(truncated.find(big_mesh), big_mesh.size(), R"("mesh":4294967296)");
  ok = ok && Write(dir / "integer_past_32_bits.gltf", truncated);
  ok = ok && Write(dir / "morph_targets.gltf", morph_file::MorphFile().json);
  ok = ok && Write(dir / "two_skins.gltf", two_skin::TwoSkinFile(glm::vec3(5, 0, 0)).json);

  if (!ok) {
    std::cerr << "make_seed_corpus: cannot write into " << dir << "\n";
    return 1;
  }
  return 0;
}
