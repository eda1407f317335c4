// Test helper: small glTF files that claim far more than they hold, one per
// class of resource a hostile download could exhaust. The memory test runs
// the viewer on each and measures its peak; the importer tests check the
// refusals; the fuzzer starts from them. `scale` sets how many repeated items
// a file has (1.0: the size the memory test uses).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gltf_builder.h"

namespace gltf_test {

struct HostileFile {
  std::string name;  // file name, ".gltf" or ".glb"
  std::vector<std::uint8_t> bytes;
};

// A hand-made PNG: signature, IHDR claiming width x height RGBA8, and IEND.
// No pixel data: stb_image reads the size from IHDR (stbi_info) and fails
// only when it decodes. CRCs are zero; stb_image does not check them.
inline std::vector<std::uint8_t> PngHeaderOnly(std::uint32_t width, std::uint32_t height) {
  std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  const auto u32 = [&png](std::uint32_t v) {
    for (int k = 3; k >= 0; --k) png.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  };
  u32(13);
  png.insert(png.end(), {'I', 'H', 'D', 'R'});
  u32(width);
  u32(height);
  png.insert(png.end(), {8, 6, 0, 0, 0});  // 8 bits, RGBA, deflate, no filter, no interlace
  u32(0);
  u32(0);
  png.insert(png.end(), {'I', 'E', 'N', 'D'});
  u32(0);
  return png;
}

inline std::vector<std::uint8_t> Bytes(const std::string& text) {
  return std::vector<std::uint8_t>(text.begin(), text.end());
}

// `count` copies of `item` joined by commas.
inline std::string Repeat(const std::string& item, std::size_t count) {
  std::string out;
  out.reserve((item.size() + 1) * count);
  for (std::size_t i = 0; i < count; ++i) out += (i ? "," : "") + item;
  return out;
}

// One triangle, and a node drawing it, that the other members build on.
struct Triangle {
  GltfBuilder builder;
  int positions = 0;
  Triangle() { positions = builder.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3"); }
  std::string Mesh() const {
    return R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
           std::to_string(positions) + "}}]}]";
  }
};

inline std::vector<HostileFile> HostileFiles(double scale = 1.0) {
  const auto n = [scale](double count) { return static_cast<std::size_t>(count * scale); };
  std::vector<HostileFile> files;

  {  // Many images naming one picture whose header claims 8000x8000 pixels.
    Triangle t;
    const int view = t.builder.AddView(PngHeaderOnly(8000, 8000));
    const std::size_t images = n(12);
    std::string materials, textures, image_list;
    for (std::size_t i = 0; i < images; ++i) {
      materials += std::string(i ? "," : "") +
                   R"({"pbrMetallicRoughness":{"baseColorTexture":{"index":)" + std::to_string(i) +
                   "}}}";
      textures += std::string(i ? "," : "") + R"({"source":)" + std::to_string(i) + "}";
      image_list += std::string(i ? "," : "") + R"({"bufferView":)" + std::to_string(view) +
                    R"(,"mimeType":"image/png"})";
    }
    const std::string rest = t.Mesh() + R"(,"materials":[)" + materials + R"(],"textures":[)" +
                             textures + R"(],"images":[)" + image_list + "]";
    files.push_back({"shared_huge_image.glb", t.builder.Glb(rest)});
  }
  {  // A million empty animations.
    Triangle t;
    const std::string rest = t.Mesh() + R"(,"animations":[)" + Repeat("{}", n(1000000)) + "]";
    files.push_back({"many_animations.gltf", Bytes(t.builder.EmbeddedJson(rest))});
  }
  {  // 200,000 primitives of one triangle each.
    Triangle t;
    const std::string primitive =
        R"({"attributes":{"POSITION":)" + std::to_string(t.positions) + "}}";
    const std::string rest =
        R"("nodes":[{"mesh":0}],"meshes":[{"primitives":[)" + Repeat(primitive, n(200000)) + "]}]";
    files.push_back({"many_primitives.gltf", Bytes(t.builder.EmbeddedJson(rest))});
  }
  {  // Zero-count accessors drawn by every node of a wide tree: nothing to
     // read, so no vertex limit is reached, but every use is work.
    GltfBuilder b;
    b.AddFloats({0}, "SCALAR");  // a buffer of one value: an empty one is not valid
    const int empty = b.AddAccessorJson(R"({"componentType":5126,"count":0,"type":"VEC3"})");
    const std::string primitive = R"({"attributes":{"POSITION":)" + std::to_string(empty) + "}}";
    const std::string rest = R"("nodes":[)" + Repeat(R"({"mesh":0})", n(400)) +
                             R"(],"meshes":[{"primitives":[)" + Repeat(primitive, n(400)) + "]}]";
    files.push_back({"zero_count_accessors.gltf", Bytes(b.EmbeddedJson(rest))});
  }
  {  // A million nodes and a million accessors.
    Triangle t;
    for (std::size_t i = 0; i < n(1000000); ++i) {
      t.builder.AddAccessorJson(R"({"componentType":5126,"count":0,"type":"SCALAR"})");
    }
    const std::string rest = R"("nodes":[{"mesh":0},)" + Repeat("{}", n(1000000)) +
                             R"(],"meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                             std::to_string(t.positions) + "}}]}]";
    files.push_back({"many_nodes_and_accessors.gltf", Bytes(t.builder.EmbeddedJson(rest))});
  }
  return files;
}

}  // namespace gltf_test
