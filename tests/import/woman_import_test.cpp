// The real character beside the repository (../shared/assets/Woman.gltf,
// Woman.gltf from the Hands-On C++ Game Animation Programming samples, MIT;
// skipped when absent): joint count, clip names and durations (read
// independently from the file's JSON through tinygltf's own parser: accessor
// min/max, not the keyframe data the importer reads), a plausible head height
// (which needs the armature's 0.01 scale in the offsets), and an identity
// bind palette (which needs offsets, parents and inverse bind matrices to
// agree).
#include <filesystem>
#include <set>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

const std::string kWoman = std::string(ANIM_SHARED_ASSETS_DIR) + "/Woman.gltf";

class WomanImport : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kWoman)) GTEST_SKIP() << kWoman << " is absent";
    std::string error;
    ASSERT_TRUE(anim::LoadGltfModel(kWoman, &model_, &error)) << error;
  }
  anim::Model model_;
};

TEST_F(WomanImport, HasFortyOneJointsAndSkinnedMesh) {
  EXPECT_EQ(model_.skeleton.JointCount(), 41);
  ASSERT_FALSE(model_.primitives.empty());
  for (const anim::MeshPrimitive& mesh : model_.primitives) {
    ASSERT_EQ(mesh.joints.size(), mesh.positions.size());
    ASSERT_EQ(mesh.normals.size(), mesh.positions.size());
    ASSERT_EQ(mesh.texcoords.size(), mesh.positions.size());
    for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
      const glm::vec4 w = mesh.weights[v];
      ASSERT_NEAR(w.x + w.y + w.z + w.w, 1.0f, 1e-5f) << v;
      for (int k = 0; k < 4; ++k) ASSERT_LT(mesh.joints[v][k], 41) << v;
    }
    ASSERT_EQ(mesh.indices.size() % 3, 0u);
  }
  ASSERT_EQ(model_.materials.size(), 1u);
  EXPECT_TRUE(model_.materials[0].double_sided);
}

TEST_F(WomanImport, ClipNamesAndDurationsMatchTheFile) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model document;
  std::string error, warning;
  ASSERT_TRUE(loader.LoadASCIIFromFile(&document, &error, &warning, kWoman)) << error;
  ASSERT_EQ(model_.clips.size(), document.animations.size());
  EXPECT_EQ(model_.clips.size(), 10u);
  const std::set<std::string> expected_names = {"Running", "Jump2",    "PickUp",  "SitIdle",
                                                "Idle",    "Punch",    "Sitting", "Walking",
                                                "Jump",    "Lean_Left"};
  std::set<std::string> names;
  for (const tinygltf::Animation& animation : document.animations) {
    double start = 1e30, end = -1e30;
    for (const tinygltf::AnimationSampler& sampler : animation.samplers) {
      const tinygltf::Accessor& input = document.accessors[sampler.input];
      ASSERT_EQ(input.minValues.size(), 1u);
      ASSERT_EQ(input.maxValues.size(), 1u);
      start = std::min(start, input.minValues[0]);
      end = std::max(end, input.maxValues[0]);
    }
    const int clip = model_.FindClip(animation.name);
    ASSERT_GE(clip, 0) << animation.name;
    names.insert(animation.name);
    EXPECT_NEAR(model_.clips[clip].Duration(), end - start, 1e-5) << animation.name;
    EXPECT_GT(model_.clips[clip].Duration(), 0.1f) << animation.name;
  }
  EXPECT_EQ(names, expected_names);
}

// The file's units are not metres: its mesh is about 5.3 units tall (POSITION
// max y), Hips sit at 276.7 cm under the 0.01 "Armature" scale. So the head
// is checked two ways: against the node chain multiplied out here with glm
// from tinygltf's parse, and against the mesh's own height (a head joint
// sits between 75% and 95% of a standing body's height, which the 100x
// error of a lost armature scale would break).
TEST_F(WomanImport, HeadSitsWhereTheNodeChainAndTheMeshPutIt) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model document;
  std::string error, warning;
  ASSERT_TRUE(loader.LoadASCIIFromFile(&document, &error, &warning, kWoman)) << error;
  std::vector<int> parent(document.nodes.size(), -1);
  for (std::size_t i = 0; i < document.nodes.size(); ++i) {
    for (int c : document.nodes[i].children) parent[c] = static_cast<int>(i);
  }
  int head_node = -1;
  for (std::size_t i = 0; i < document.nodes.size(); ++i) {
    if (document.nodes[i].name == "Head") head_node = static_cast<int>(i);
  }
  ASSERT_GE(head_node, 0);
  glm::dmat4 chain(1.0);
  for (int i = head_node; i >= 0; i = parent[i]) {
    const tinygltf::Node& n = document.nodes[i];
    ASSERT_TRUE(n.matrix.empty());
    glm::dmat4 local(1.0);
    if (!n.translation.empty()) {
      local =
          glm::translate(local, glm::dvec3(n.translation[0], n.translation[1], n.translation[2]));
    }
    if (!n.rotation.empty()) {
      local *=
          glm::mat4_cast(glm::dquat(n.rotation[3], n.rotation[0], n.rotation[1], n.rotation[2]));
    }
    if (!n.scale.empty()) local = glm::scale(local, glm::dvec3(n.scale[0], n.scale[1], n.scale[2]));
    chain = local * chain;
  }
  const int head = model_.skeleton.FindJoint("Head");
  ASSERT_GE(head, 0);
  const glm::vec3 position = glm::vec3(anim::RestPoseOf(model_.skeleton).ModelMatrix(head)[3]);
  EXPECT_TRUE(gltf_test::VecNear(position, glm::vec3(chain[3]), 1e-4f));

  float top = -1e30f, bottom = 1e30f;
  for (const anim::MeshPrimitive& mesh : model_.primitives) {
    for (const glm::vec3& p : mesh.positions) {
      top = std::max(top, p.y);
      bottom = std::min(bottom, p.y);
    }
  }
  const float height = top - bottom;
  EXPECT_GT(position.y - bottom, 0.75f * height);
  EXPECT_LT(position.y - bottom, 0.95f * height);
  EXPECT_LT(std::abs(position.x), 0.05f * height);
}

TEST_F(WomanImport, BindPosePaletteIsIdentity) {
  const int n = model_.skeleton.JointCount();
  std::vector<glm::mat4> scratch(n), palette(n);
  anim::ComputePalette(model_.skeleton, anim::SoaPose(model_.skeleton.BindPose()), scratch,
                       palette);
  for (int j = 0; j < n; ++j) {
    EXPECT_TRUE(gltf_test::MatrixNear(palette[j], glm::mat4(1.0f), 1e-3f))
        << model_.skeleton.JointName(j);
  }
}

}  // namespace
