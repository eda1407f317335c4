// Every file of Debian's assimp-testmodels glTF2 folder (real files, many of
// them deliberately broken) either loads or fails with a message that
// starts with its path. Run under ASan+UBSan this is the importer's
// robustness test against malformed data.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "import/gltf_importer.h"

namespace {

const std::filesystem::path kFolder = "/usr/share/assimp/models/glTF2";

TEST(AssimpModels, EveryFileLoadsOrFailsWithItsName) {
  if (!std::filesystem::is_directory(kFolder)) GTEST_SKIP() << kFolder << " is absent";
  int loaded = 0, refused = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kFolder)) {
    if (!entry.is_regular_file()) continue;
    const std::string path = entry.path().string();
    anim::Model model;
    std::string error;
    if (anim::LoadGltfModel(path, &model, &error)) {
      ++loaded;
      EXPECT_EQ(model.source_path, path);
      for (const anim::MeshPrimitive& mesh : model.primitives) {
        EXPECT_EQ(mesh.indices.size() % 3, 0u) << path;
        for (std::uint32_t i : mesh.indices) ASSERT_LT(i, mesh.positions.size()) << path;
        for (const auto& j : mesh.joints) {
          for (int k = 0; k < 4; ++k) ASSERT_LT(j[k], model.skeleton.JointCount()) << path;
        }
      }
      std::cout << "loaded  " << path << " (" << model.skeleton.JointCount() << " joints, "
                << model.primitives.size() << " primitives, " << model.clips.size() << " clips, "
                << model.warnings.size() << " warnings)\n";
    } else {
      ++refused;
      EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
      EXPECT_GT(error.size(), path.size() + 2) << path;
      std::cout << "refused " << error << "\n";
    }
  }
  EXPECT_GT(loaded, 10);
  std::cout << loaded << " loaded, " << refused << " refused\n";
}

// The Cesium logo of BoxTextured is stored three ways: an external PNG
// file, a buffer view of a .glb and a data URI. All three must decode to
// the same pixels, at the size the PNG's own IHDR header gives.
TEST(AssimpModels, TextureDecodesAlikeFromFileBufferViewAndDataUri) {
  const std::filesystem::path png = kFolder / "BoxTextured-glTF/CesiumLogoFlat.png";
  if (!std::filesystem::exists(png)) GTEST_SKIP() << png << " is absent";
  std::ifstream in(png, std::ios::binary);
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 24u);
  // PNG: 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  const auto be32 = [&](std::size_t at) {
    return static_cast<int>(bytes[at] << 24 | bytes[at + 1] << 16 | bytes[at + 2] << 8 |
                            bytes[at + 3]);
  };
  const int width = be32(16), height = be32(20);

  std::vector<std::uint8_t> first;
  for (const char* file :
       {"BoxTextured-glTF/BoxTextured.gltf", "BoxTextured-glTF-Binary/BoxTextured.glb",
        "BoxTextured-glTF-Embedded/BoxTextured.gltf"}) {
    anim::Model model;
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel((kFolder / file).string(), &model, &error)) << error;
    ASSERT_EQ(model.materials.size(), 1u) << file;
    ASSERT_GE(model.materials[0].base_color.image, 0) << file;
    const anim::Image& image = model.images[model.materials[0].base_color.image];
    EXPECT_EQ(image.width, width) << file;
    EXPECT_EQ(image.height, height) << file;
    ASSERT_EQ(image.rgba.size(), static_cast<std::size_t>(width) * height * 4) << file;
    if (first.empty()) {
      first = image.rgba;
    } else {
      EXPECT_TRUE(image.rgba == first) << file;
    }
  }
}

}  // namespace
