// Every file of Debian's assimp-testmodels glTF2 folder (real files, many of
// them deliberately broken) either loads or fails with a message that
// starts with its path. Run under ASan+UBSan this is the importer's
// robustness test against malformed data.
#include <filesystem>

#include <gtest/gtest.h>

#include "anim/import/gltf_importer.h"

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
                << model.primitives.size() << " primitives, " << model.clips.size()
                << " clips, " << model.warnings.size() << " warnings)\n";
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

}  // namespace
