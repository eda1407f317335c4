// The file's cameras: what the importer keeps of each (its projection, the
// joint it rides on and the matrix from that joint), in files with and
// without a skin, and the cameras it leaves out, each named once.
#include <string>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "gltf_builder.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;

glm::mat4 Translation(float x, float y, float z) {
  return glm::translate(glm::mat4(1.0f), glm::vec3(x, y, z));
}

// The Khronos "Cameras" sample's layout: no skin, a mesh and two cameras at
// (0.5, 0.5, 3), one perspective and one orthographic.
TEST(CameraImport, AFileWithoutASkinHasItsCamerasOnTheirOwnNodesJoints) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(
      R"("scenes":[{"nodes":[0,1,2]}],
         "nodes":[{"mesh":0},{"translation":[0.5,0.5,3],"camera":0},
                  {"translation":[0.5,0.5,3],"camera":1,"name":"Top"}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(}}]}],
         "cameras":[{"type":"perspective","perspective":{"aspectRatio":1.0,"yfov":0.7,
                      "zfar":100,"znear":0.01}},
                    {"type":"orthographic","orthographic":{"xmag":1.0,"ymag":0.5,
                      "zfar":100,"znear":0.01}}])"));
  ASSERT_EQ(model.cameras.size(), 2u);
  const anim::FileCamera& p = model.cameras[0];
  EXPECT_EQ(p.name, "camera 0");  // neither the camera nor its node is named
  EXPECT_FALSE(p.orthographic);
  EXPECT_FLOAT_EQ(p.yfov, 0.7f);
  EXPECT_FLOAT_EQ(p.aspect_ratio, 1.0f);
  EXPECT_FLOAT_EQ(p.znear, 0.01f);
  EXPECT_FLOAT_EQ(p.zfar, 100.0f);
  // Every node of a file without a skin is a joint: the camera rides its
  // own node's, which its clips would move, at identity.
  ASSERT_GE(p.joint, 0);
  EXPECT_TRUE(gltf_test::VecNear(model.skeleton.RestPose().Local(p.joint).translation,
                                 glm::vec3(0.5f, 0.5f, 3.0f), 0.0f));
  EXPECT_TRUE(gltf_test::MatrixNear(p.node_matrix, glm::mat4(1.0f), 0.0f));
  const anim::FileCamera& o = model.cameras[1];
  EXPECT_EQ(o.name, "Top");  // the node's name
  EXPECT_TRUE(o.orthographic);
  EXPECT_FLOAT_EQ(o.xmag, 1.0f);
  EXPECT_FLOAT_EQ(o.ymag, 0.5f);
  EXPECT_NE(o.joint, p.joint);
}

// In a skinned file a camera below a joint (a head camera) rides that joint
// with the transforms between them; one apart from the skeleton stays at
// its rest place in the scene.
TEST(CameraImport, ACameraBelowAJointRidesItAndOneApartStaysInTheScene) {
  GltfBuilder b;
  const gltf_test::SkinnedQuad q = gltf_test::AddSkinnedQuad(b);
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(
      R"("scenes":[{"nodes":[0,4,6]}],
         "nodes":[{"name":"hip","translation":[0,1,0],"children":[1]},
                  {"name":"head","translation":[0,1,0],"children":[2]},
                  {"name":"mount","translation":[0,0,1],"children":[3]},
                  {"name":"eye","translation":[0,0,1],"camera":0},
                  {"name":"rig","translation":[1,0,0],"children":[5]},
                  {"name":"far","translation":[0,0,5],"camera":1},
                  {"mesh":0,"skin":0}],
         "skins":[{"joints":[0,1],"inverseBindMatrices":)" +
      std::to_string(q.inverse_bind) + R"(}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(q.positions) + R"(,"JOINTS_0":)" + std::to_string(q.joints) +
      R"(,"WEIGHTS_0":)" + std::to_string(q.weights) + R"(},"indices":)" +
      std::to_string(q.indices) + R"(}]}],
         "cameras":[{"name":"Head cam","type":"perspective","perspective":{"yfov":1.0,"znear":0.1}},
                    {"type":"perspective","perspective":{"yfov":0.5,"znear":1,"zfar":50}}])"));
  ASSERT_EQ(model.cameras.size(), 2u);
  const anim::FileCamera& head = model.cameras[0];
  EXPECT_EQ(head.name, "Head cam");
  EXPECT_EQ(head.zfar, 0.0f);  // none given: infinite
  EXPECT_EQ(head.aspect_ratio, 0.0f);
  ASSERT_GE(head.joint, 0);
  EXPECT_EQ(model.skeleton.JointNames()[head.joint], "head");
  EXPECT_TRUE(gltf_test::MatrixNear(head.node_matrix, Translation(0, 0, 2), 1e-6f));
  const anim::FileCamera& far = model.cameras[1];
  EXPECT_EQ(far.name, "far");
  EXPECT_EQ(far.joint, -1);
  EXPECT_TRUE(gltf_test::MatrixNear(far.node_matrix, Translation(1, 0, 5), 1e-6f));
}

// Values the specification forbids, and a node naming a camera the file
// does not have: each camera is left out with a warning naming it and why;
// the good one stays.
TEST(CameraImport, CamerasTheSpecificationForbidsAreLeftOutAndNamed) {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(
      R"("nodes":[{"mesh":0},{"camera":0},{"camera":1},{"camera":2},{"camera":9,"name":"lost"},
                  {"camera":3}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
      std::to_string(positions) + R"(}}]}],
         "cameras":[{"name":"flat","type":"perspective","perspective":{"yfov":0,"znear":0.1}},
                    {"name":"inside out","type":"perspective",
                     "perspective":{"yfov":1,"znear":2,"zfar":1}},
                    {"name":"squashed","type":"orthographic",
                     "orthographic":{"xmag":0,"ymag":1,"znear":0,"zfar":10}},
                    {"name":"good","type":"orthographic",
                     "orthographic":{"xmag":-2,"ymag":1,"znear":0,"zfar":10}}])"));
  ASSERT_EQ(model.cameras.size(), 1u);
  EXPECT_EQ(model.cameras[0].name, "good");  // a negative xmag is allowed: a mirrored view
  EXPECT_TRUE(
      gltf_test::HasWarningContaining(model, "camera \"flat\" of node \"node 1\" left out: yfov"));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "camera \"inside out\""));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "zfar must be past znear"));
  EXPECT_TRUE(gltf_test::HasWarningContaining(model, "camera \"squashed\""));
  EXPECT_TRUE(gltf_test::HasWarningContaining(
      model, "camera of node \"lost\" left out: camera 9 is not in the file (4 cameras)"));
}

}  // namespace
