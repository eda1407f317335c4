// Every skin and every mesh of a file: skins sharing joints (with the same or
// with their own inverse bind matrices), a skin reaching into a second
// hierarchy, an unskinned mesh beside the character, one outside the scene.
// Expected vertex positions are glm products of the node chain and the
// inverse bind matrices written into the file here, at several clip times,
// never taken from the importer.
#include <string>
#include <vector>

#include <algorithm>

#include <gtest/gtest.h>
#include "anim/core/local_to_model_jobs.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "test_util.h"
#include "tests/support/pose_sampling.h"
#include "two_skin_file.h"

namespace {

using gltf_test::HasWarningContaining;
using gltf_test::LoadOk;
using gltf_test::VecNear;

using two_skin::Expected;
using two_skin::TwoSkinFile;
using two_skin::Vertex;

// Where the imported model puts vertex k of `mesh` with `palette`.
glm::vec3 Skinned(const anim::MeshPrimitive& mesh, std::size_t k,
                  const std::vector<glm::mat4>& palette) {
  glm::vec4 sum(0.0f);
  for (int i = 0; i < 4; ++i) {
    sum += mesh.weights[k][i] * (palette[mesh.joints[k][i]] * glm::vec4(mesh.positions[k], 1.0f));
  }
  return glm::vec3(sum);
}

const anim::MeshPrimitive* FindMesh(const anim::Model& model, const std::string& node) {
  for (const anim::MeshPrimitive& p : model.primitives) {
    if (p.node_name == node) return &p;
  }
  return nullptr;
}

void ExpectEveryMeshWhereTheFileSays(const TwoSkinFile& file, const anim::Model& model) {
  ASSERT_EQ(model.clips.size(), 1u);
  const anim::Skeleton& skeleton = model.skeleton;
  const anim::MeshPrimitive* body = FindMesh(model, "Body");
  const anim::MeshPrimitive* glove = FindMesh(model, "Glove");
  const anim::MeshPrimitive* helmet = FindMesh(model, "Helmet");
  ASSERT_NE(body, nullptr);
  ASSERT_NE(glove, nullptr);
  ASSERT_NE(helmet, nullptr);
  EXPECT_EQ(FindMesh(model, "Hidden"), nullptr);
  EXPECT_EQ(glove->source_mesh, 1);
  EXPECT_EQ(glove->source_primitive, 0);
  anim::Pose pose = anim::RestPoseOf(skeleton);
  std::vector<glm::mat4> model_space(skeleton.JointCount()), palette(skeleton.JointCount());
  for (float t : {0.0f, 0.5f, 1.3f, 2.0f}) {
    test_support::SampleInto(model.clips[0], pose, t, anim::LoopMode::kClamp);
    anim::ComputePalette(skeleton, anim::SoaPose(pose), model_space, palette);
    const std::vector<Vertex> body_vertices = TwoSkinFile::Body();
    for (std::size_t k = 0; k < body_vertices.size(); ++k) {
      EXPECT_TRUE(VecNear(Skinned(*body, k, palette),
                          Expected(body_vertices[k], TwoSkinFile::Skin0At(t), file.Skin0Ibm()),
                          1e-5f))
          << "Body vertex " << k << " at t = " << t;
    }
    const std::vector<Vertex> glove_vertices = file.Glove();
    for (std::size_t k = 0; k < glove_vertices.size(); ++k) {
      EXPECT_TRUE(VecNear(Skinned(*glove, k, palette),
                          Expected(glove_vertices[k], TwoSkinFile::Skin1At(t), file.Skin1Ibm()),
                          1e-5f))
          << "Glove vertex " << k << " at t = " << t;
    }
    const std::vector<glm::vec3> helmet_vertices = TwoSkinFile::HelmetVertices();
    for (std::size_t k = 0; k < helmet_vertices.size(); ++k) {
      const glm::vec3 expected =
          glm::vec3(TwoSkinFile::Helmet() * glm::vec4(helmet_vertices[k], 1));
      EXPECT_TRUE(VecNear(Skinned(*helmet, k, palette), expected, 1e-5f))
          << "Helmet vertex " << k << " at t = " << t;
    }
  }
}

TEST(MultiSkin, SkinsSharingJointsAlikeMakeOneSkeletonWithEveryMesh) {
  const TwoSkinFile file(glm::vec3(0.0f));
  const anim::Model model = LoadOk(file.json);
  const anim::Skeleton& skeleton = model.skeleton;
  // Root, Arm, Hand, Tail and the Helmet's node: no helper joints.
  EXPECT_EQ(skeleton.JointCount(), 5);
  for (const char* name : {"Root", "Arm", "Hand", "Tail", "Helmet"}) {
    EXPECT_GE(skeleton.FindJoint(name), 0) << name;
  }
  EXPECT_EQ(skeleton.Parent(skeleton.FindJoint("Hand")), skeleton.FindJoint("Arm"));
  EXPECT_EQ(skeleton.Parent(skeleton.FindJoint("Tail")), -1);
  EXPECT_FALSE(HasWarningContaining(model, "helper joints"));
  EXPECT_EQ(model.first_helper_joint, -1);
  EXPECT_EQ(model.PickableJointNames().size(), 5u);
  EXPECT_TRUE(
      HasWarningContaining(model, "not drawn (1): mesh node \"Hidden\" (not in the shown scene)"));
  ExpectEveryMeshWhereTheFileSays(file, model);
}

TEST(MultiSkin, ASkinBindingASharedJointOtherwiseGetsAHelperJoint) {
  const TwoSkinFile file(glm::vec3(5.0f, 0.0f, 0.0f));
  const anim::Model model = LoadOk(file.json);
  const anim::Skeleton& skeleton = model.skeleton;
  // Arm is skin 0's with skin 0's matrix; skin 1 binds it 5 units apart.
  // Hand and Tail are skin 1's alone: their matrices are skin 1's own.
  EXPECT_EQ(skeleton.JointCount(), 6);
  const int helper = skeleton.FindJoint("Arm (skin 1)");
  ASSERT_GE(helper, 0);
  EXPECT_EQ(skeleton.Parent(helper), skeleton.FindJoint("Arm"));
  EXPECT_EQ(skeleton.FindJoint("Hand (skin 1)"), -1);
  // Helpers come last and stay out of the joints a user picks from.
  EXPECT_EQ(model.first_helper_joint, helper);
  EXPECT_EQ(helper, skeleton.JointCount() - 1);
  const std::vector<std::string> pickable = model.PickableJointNames();
  EXPECT_EQ(pickable.size(), 5u);
  EXPECT_EQ(std::count(pickable.begin(), pickable.end(), "Arm (skin 1)"), 0);
  EXPECT_TRUE(HasWarningContaining(
      model,
      "1 helper joint named \"<joint> (skin N)\" follows those joints for them: skin 1 (1)"));
  ExpectEveryMeshWhereTheFileSays(file, model);
  // The bind pose shows each mesh as its own skin bound it: every skinned
  // joint's palette entry, helper included, is the identity.
  std::vector<glm::mat4> model_space(skeleton.JointCount()), palette(skeleton.JointCount());
  anim::ComputePalette(skeleton, anim::SoaPose(skeleton.BindPose()), model_space, palette);
  for (const char* name : {"Root", "Arm", "Hand", "Tail", "Arm (skin 1)"}) {
    EXPECT_TRUE(gltf_test::MatrixNear(palette[skeleton.FindJoint(name)], glm::mat4(1.0f), 1e-5f))
        << name;
  }
}

}  // namespace
