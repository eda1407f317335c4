// KHR_draco_mesh_compression: a triangle encoded here with libdraco's own
// encoder, decoded by tinygltf (built with Draco) through the importer, in
// the three containers (data URI, GLB BIN chunk) and with and without an
// indices accessor (then the faces come from the Draco data).
#include <gtest/gtest.h>

#include "draco_test_util.h"
#include "import/gltf_importer.h"
#include "test_util.h"

namespace {

using gltf_test::Attribute;

// Draco may rotate the corner order of a face but keeps its winding.
void ExpectTriangle(const anim::Model& model, const gltf_test::DracoTriangle& t) {
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& out = model.primitives[0];
  ASSERT_EQ(out.indices.size(), 3u);
  int start = -1;
  for (int k = 0; k < 3; ++k) {
    if (gltf_test::VecNear(out.positions[out.indices[k]], t.corners[0], 1e-6f)) start = k;
  }
  ASSERT_GE(start, 0);
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(
        gltf_test::VecNear(out.positions[out.indices[(start + k) % 3]], t.corners[k], 1e-6f));
  }
}

TEST(DracoImport, CompressedTriangleDecodes) {
  const gltf_test::DracoTriangle t = gltf_test::EncodeDracoTriangle();
  ASSERT_FALSE(t.bytes.empty());
  gltf_test::GltfBuilder b;
  const int view = b.AddView(t.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  const std::string rest = gltf_test::DracoRest(view, Attribute("POSITION", positions),
                                                Attribute("POSITION", t.position_id));
  ExpectTriangle(gltf_test::LoadOk(b.EmbeddedJson(rest)), t);
}

// The form real files use (and the one Debian's prebuilt tinygltf refused):
// an indices accessor without a buffer view, filled from Draco's faces.
TEST(DracoImport, IndexedTriangleDecodesFromJsonAndGlb) {
  const gltf_test::DracoTriangle t = gltf_test::EncodeDracoTriangle();
  ASSERT_FALSE(t.bytes.empty());
  gltf_test::GltfBuilder b;
  const int view = b.AddView(t.bytes);
  const int positions = gltf_test::AddDracoPositions(b);
  const int indices = b.AddAccessorJson(R"({"componentType":5123,"count":3,"type":"SCALAR"})");
  const std::string rest = gltf_test::DracoRest(view, Attribute("POSITION", positions),
                                                Attribute("POSITION", t.position_id), indices);
  ExpectTriangle(gltf_test::LoadOk(b.EmbeddedJson(rest)), t);

  const std::vector<std::uint8_t> glb = b.Glb(rest);
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModelFromMemory("draco.glb", glb.data(), glb.size(), "", &model, &error))
      << error;
  ExpectTriangle(model, t);
}

}  // namespace
