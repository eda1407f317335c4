// Replays every file under tests/import/regressions/ (inputs that once broke
// the importer: fuzzer crashes, hangs, out-of-memory). Each must now load or
// fail with "<name>: <message>"; one that loads must keep every promise the
// fuzzer checks (fuzz/model_promises.h). The sanitizer build makes "no
// crash" strict. Files ending in .bvh go to the BVH importer (its fuzzer,
// bvh_import_fuzzer, names them "<name>:<line>: ..."), the others to glTF.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <gtest/gtest.h>

#include "fuzz/model_promises.h"
#include "import/bvh_importer.h"
#include "import/gltf_importer.h"

namespace {

namespace fs = std::filesystem;

TEST(RegressionFiles, EachLoadsOrNamesItsProblem) {
  const fs::path dir = fs::path(ANIM_SOURCE_DIR) / "tests/import/regressions";
  int files = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() == ".md") continue;
    ++files;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<unsigned char> bytes{std::istreambuf_iterator<char>(in),
                                           std::istreambuf_iterator<char>()};
    const std::string name = entry.path().filename().string();
    anim::Model model;
    std::string error;
    const bool bvh = anim::IsBvhPath(name);
    // No base directory: like the fuzzer, external files are not available.
    const bool loaded =
        bvh ? anim::LoadBvhModelFromMemory(name, bytes.data(), bytes.size(), &model, &error)
            : anim::LoadGltfModelFromMemory(name, bytes.data(), bytes.size(), "", &model, &error);
    if (!loaded) {
      EXPECT_EQ(error.rfind(name + (bvh ? ":" : ": "), 0), 0u) << error;
      EXPECT_GT(error.size(), name.size() + 2) << name;
    } else {
      EXPECT_EQ(anim::fuzz::BrokenModelPromise(model), "") << name;
    }
  }
  // The folder always holds at least the hand-made deep-nesting case, so an
  // empty listing means the path is wrong, not that all is well.
  EXPECT_GT(files, 0) << dir;
}

}  // namespace
