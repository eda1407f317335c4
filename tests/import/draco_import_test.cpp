// KHR_draco_mesh_compression: a triangle encoded here with libdraco's own
// encoder (independent of the importer's decoder) and declared the way the
// extension says, without an indices accessor. Indexed Draco primitives are
// refused by the system's tinygltf (built without Draco) before we see them;
// that case must give an error naming the extension.
#include <array>
#include <filesystem>

#include <draco/compression/encode.h>
#include <draco/mesh/triangle_soup_mesh_builder.h>
#include <gtest/gtest.h>

#include "anim/import/gltf_importer.h"
#include "gltf_builder.h"
#include "test_util.h"

namespace {

TEST(DracoImport, CompressedTriangleDecodes) {
  const std::array<glm::vec3, 3> corners = {glm::vec3(0, 0, 0), glm::vec3(2, 0, 0),
                                            glm::vec3(0, 3, 1)};
  draco::TriangleSoupMeshBuilder builder;
  builder.Start(1);
  const int position = builder.AddAttribute(draco::GeometryAttribute::POSITION, 3, draco::DT_FLOAT32);
  builder.SetAttributeValuesForFace(position, draco::FaceIndex(0), &corners[0], &corners[1],
                                    &corners[2]);
  std::unique_ptr<draco::Mesh> mesh = builder.Finalize();
  ASSERT_TRUE(mesh);
  draco::Encoder encoder;
  draco::EncoderBuffer encoded;
  ASSERT_TRUE(encoder.EncodeMeshToBuffer(*mesh, &encoded).ok());
  const int unique_id = static_cast<int>(mesh->attribute(position)->unique_id());

  gltf_test::GltfBuilder b;
  const int view = b.AddView(std::vector<std::uint8_t>(encoded.data(), encoded.data() + encoded.size()));
  const int accessor = b.AddAccessorJson(
      R"({"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[2,3,1]})");
  const std::string rest =
      R"("extensionsUsed":["KHR_draco_mesh_compression"],
         "extensionsRequired":["KHR_draco_mesh_compression"],
         "nodes":[{"mesh":0}],
         "meshes":[{"primitives":[{"attributes":{"POSITION":)" + std::to_string(accessor) +
      R"(},"extensions":{"KHR_draco_mesh_compression":{"bufferView":)" + std::to_string(view) +
      R"(,"attributes":{"POSITION":)" + std::to_string(unique_id) + "}}}}]}]";
  const anim::Model model = gltf_test::LoadOk(b.EmbeddedJson(rest));
  ASSERT_EQ(model.primitives.size(), 1u);
  const anim::MeshPrimitive& out = model.primitives[0];
  ASSERT_EQ(out.indices.size(), 3u);
  // Draco may rotate the corner order of a face but keeps its winding.
  int start = -1;
  for (int k = 0; k < 3; ++k) {
    if (gltf_test::VecNear(out.positions[out.indices[k]], corners[0], 1e-6f)) start = k;
  }
  ASSERT_GE(start, 0);
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(gltf_test::VecNear(out.positions[out.indices[(start + k) % 3]], corners[k], 1e-6f));
  }
}

TEST(DracoImport, IndexedDracoFileIsRefusedNamingTheExtension) {
  const std::string path = "/usr/share/assimp/models/glTF2/draco/2CylinderEngine.gltf";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent";
  anim::Model model;
  std::string error;
  ASSERT_FALSE(anim::LoadGltfModel(path, &model, &error));
  EXPECT_EQ(error.rfind(path + ": ", 0), 0u) << error;
  EXPECT_NE(error.find("KHR_draco_mesh_compression"), std::string::npos) << error;
}

}  // namespace
