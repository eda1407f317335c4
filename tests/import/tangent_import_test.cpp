// glTF's TANGENT attribute: read as the file gives it, dropped whole (with a
// warning naming the primitive) when one is unusable, and carried into the
// joint's space with the vertices of a rigid mesh, its handedness flipped
// by a mirroring node.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gltf_builder.h"
#include "test_util.h"

namespace {

using gltf_test::GltfBuilder;

// One triangle, its tangents `tangents` (four floats per vertex), drawn
// by a node with `node_extra` (a transform) below the joint of a one-joint
// skin: the mesh is bound rigidly to that joint, its vertices moved by the
// node's transform into the joint's space.
anim::Model TriangleWithTangents(const std::vector<float>& tangents,
                                 const std::string& node_extra = "") {
  GltfBuilder b;
  const int positions = b.AddFloats({0, 0, 0, 1, 0, 0, 0, 1, 0}, "VEC3");
  const int normals = b.AddFloats({0, 0, 1, 0, 0, 1, 0, 0, 1}, "VEC3");
  const int tangent = b.AddFloats(tangents, "VEC4");
  const std::string rest = R"("skins":[{"joints":[0]}],"scenes":[{"nodes":[0]}],"scene":0,
      "nodes":[{"name":"root","children":[1]},{"mesh":0,"name":"tri")" +
                           node_extra + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
                           std::to_string(positions) + R"(,"NORMAL":)" + std::to_string(normals) +
                           R"(,"TANGENT":)" + std::to_string(tangent) + "}}]}]";
  return gltf_test::LoadOk(b.EmbeddedJson(rest));
}

TEST(TangentImport, TheFilesTangentsAreReadWithTheirHandedness) {
  const anim::Model model = TriangleWithTangents({1, 0, 0, 1, 0, 2, 0, -1, 0.6f, 0.8f, 0, 1});
  ASSERT_EQ(model.primitives.size(), 1u);
  const std::vector<glm::vec4>& t = model.primitives[0].tangents;
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0], glm::vec4(1, 0, 0, 1));
  EXPECT_EQ(t[1], glm::vec4(0, 1, 0, -1));  // renormalised
  EXPECT_NEAR(t[2].x, 0.6f, 1e-6f);
  EXPECT_NEAR(t[2].y, 0.8f, 1e-6f);
  EXPECT_EQ(t[2].w, 1.0f);
}

TEST(TangentImport, OneUnusableTangentDropsThemAllAndSaysWhich) {
  for (const std::vector<float>& bad :
       {std::vector<float>{1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1},        // zero xyz
        std::vector<float>{1, 0, 0, 1, 1, 0, 0, 0.5f, 1, 0, 0, 1}}) {  // w neither +1 nor -1
    const anim::Model model = TriangleWithTangents(bad);
    EXPECT_TRUE(model.primitives[0].tangents.empty());
    EXPECT_TRUE(gltf_test::HasWarningContaining(
        model, "mesh 0 primitive 0: TANGENT 1 is zero, not finite or has a w other than"));
  }
}

// A rigid mesh's vertices are stored in its joint's bind space, moved by
// some matrix M that the triangle's own edges reveal (its positions are
// (0,0,0), (1,0,0), (0,1,0): M x = p1 - p0, M y = p2 - p0). The file's
// tangent +X and bitangent cross(+Z, +X) = +Y must move with them: the
// stored tangent along M x and cross(stored normal, stored tangent) x w
// along M y. A node mirrored in x (scale -1, 1, 1) needs w flipped for
// that; a quarter turn about +Z does not.
TEST(TangentImport, ARigidMeshsTangentFrameMovesWithItsVertices) {
  const std::vector<float> along_x = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
  const float h = std::sqrt(0.5f);
  for (const std::string& transform :
       {std::string(R"(,"scale":[-1,1,1])"),
        R"(,"rotation":[0,0,)" + std::to_string(h) + "," + std::to_string(h) + "]",
        std::string(R"(,"scale":[2,-3,1],"translation":[1,2,3])")}) {
    const anim::Model model = TriangleWithTangents(along_x, transform);
    const anim::MeshPrimitive& p = model.primitives[0];
    ASSERT_EQ(p.tangents.size(), 3u) << transform;
    const glm::vec3 mx = glm::normalize(p.positions[1] - p.positions[0]);
    const glm::vec3 my = glm::normalize(p.positions[2] - p.positions[0]);
    const glm::vec3 t(p.tangents[0]);
    const glm::vec3 b = glm::cross(p.normals[0], t) * p.tangents[0].w;
    EXPECT_NEAR(glm::dot(t, mx), 1.0f, 1e-5f) << transform;
    EXPECT_GT(glm::dot(b, my), 0.99f) << transform;
  }
}

}  // namespace
