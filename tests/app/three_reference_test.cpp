// The viewer's skinned vertices against three.js's: RobotExpressive (two
// skins sharing 43 joints, rigidly bound meshes, morph weights animated by
// every clip; tests/assets/robot_expressive) at three clips and times,
// --dump-mesh compared with what three.js 0.170 computed for the same file,
// clip and time (three_reference.json, written by
// tools/three_reference/reference_mesh.mjs: GLTFLoader, AnimationMixer,
// SkinnedMesh.getVertexPosition). three.js lists its meshes in scene order;
// each is paired with the dump's first unpaired primitive of the same vertex
// count that agrees with it.
#include <gtest/gtest.h>

#include "json_reader.h"
#include "run_viewer.h"

namespace {

using app_test::JsonValue;

const std::string kRobot =
    std::string(ANIM_SOURCE_DIR) + "/tests/assets/robot_expressive/RobotExpressive.glb";
const std::string kReference =
    std::string(ANIM_SOURCE_DIR) + "/tests/assets/robot_expressive/three_reference.json";

// The largest distance between the reference's sampled vertices of `mesh`
// and the dump's positions of `primitive`.
double Distance(const JsonValue& mesh, const JsonValue& primitive) {
  double worst = 0.0;
  const std::vector<JsonValue>& positions = primitive["positions"].array;
  for (const JsonValue& vertex : mesh["vertices"].array) {
    const auto v = static_cast<std::size_t>(vertex[0].number);
    if (3 * v + 2 >= positions.size()) return 1e30;
    for (int c = 0; c < 3; ++c) {
      worst = std::max(worst, std::abs(vertex[c + 1].number - positions[3 * v + c].number));
    }
  }
  return worst;
}

TEST(ThreeReference, RobotExpressiveVerticesMatchThreeJs) {
  JsonValue reference;
  std::string error;
  ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(kReference), &reference, &error)) << error;
  ASSERT_EQ(reference["cases"].array.size(), 3u);
  for (const JsonValue& c : reference["cases"].array) {
    const std::string what = c["clip"].string + " at " + std::to_string(c["time"].number);
    const std::string out = app_test::TempPath("robot_" + c["clip"].string + ".json");
    const auto run = app_test::RunViewer(
        "'" + kRobot + "' --headless --no-compression --clip " + c["clip"].string + " --time " +
        std::to_string(c["time"].number) + " --dump-mesh '" + out + "'");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
    JsonValue dump;
    ASSERT_TRUE(app_test::ParseJson(app_test::ReadFile(out), &dump, &error)) << error;
    const std::vector<JsonValue>& primitives = dump["primitives"].array;
    const std::vector<JsonValue>& meshes = c["meshes"].array;
    ASSERT_EQ(primitives.size(), meshes.size()) << what;
    std::vector<bool> paired(primitives.size(), false);
    for (std::size_t m = 0; m < meshes.size(); ++m) {
      double best = 1e30;
      std::size_t best_index = primitives.size();
      for (std::size_t p = 0; p < primitives.size(); ++p) {
        if (paired[p] || primitives[p]["vertex_count"].number != meshes[m]["count"].number) {
          continue;
        }
        const double d = Distance(meshes[m], primitives[p]);
        if (d < best) {
          best = d;
          best_index = p;
        }
      }
      ASSERT_LT(best_index, primitives.size()) << what << ": no primitive for three.js mesh " << m;
      paired[best_index] = true;
      // The robot is about 4 units tall; float skinning agrees to about 1e-6.
      EXPECT_LT(best, 1e-4) << what << ": three.js mesh " << m << " vs primitive " << best_index
                            << " (node " << primitives[best_index]["node"].string << ")";
    }
  }
}

}  // namespace
