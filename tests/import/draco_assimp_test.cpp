// Debian's assimp-testmodels ship 2CylinderEngine twice: Draco-compressed
// (draco/2CylinderEngine.gltf, the only KHR_draco_mesh_compression file
// there) and uncompressed (.glb). Both must import to the same meshes.
// Draco reorders and merges vertices and drops triangles whose corners
// share a position, and it quantises positions, so the comparison is per
// primitive: the triangle count equals the uncompressed file's count of
// triangles with three distinct corner positions, and the bounding box and
// surface area agree within the quantisation step read from the Draco data.
#include <cmath>
#include <filesystem>

#include <draco/attributes/attribute_quantization_transform.h>
#include <draco/compression/decode.h>
#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "import/gltf_importer.h"

namespace {

const std::filesystem::path kFolder = "/usr/share/assimp/models/glTF2";

struct Shape {
  glm::dvec3 min{INFINITY}, max{-INFINITY};
  double area = 0.0;
  double perimeter = 0.0;            // summed over triangles
  std::size_t proper_triangles = 0;  // corners at three distinct positions
};

Shape ShapeOf(const anim::MeshPrimitive& mesh) {
  Shape s;
  for (const glm::vec3& p : mesh.positions) {
    s.min = glm::min(s.min, glm::dvec3(p));
    s.max = glm::max(s.max, glm::dvec3(p));
  }
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const glm::dvec3 a = mesh.positions[mesh.indices[t]];
    const glm::dvec3 b = mesh.positions[mesh.indices[t + 1]];
    const glm::dvec3 c = mesh.positions[mesh.indices[t + 2]];
    s.area += 0.5 * glm::length(glm::cross(b - a, c - a));
    s.perimeter += glm::length(b - a) + glm::length(c - b) + glm::length(a - c);
    if (a != b && b != c && a != c) ++s.proper_triangles;
  }
  return s;
}

// The fewest POSITION quantisation bits of any Draco primitive of the file,
// read with libdraco from the compressed buffer views (0 on failure).
int FewestPositionBits(const std::string& path) {
  tinygltf::TinyGLTF loader;
  tinygltf::Model document;
  std::string error, warning;
  if (!loader.LoadASCIIFromFile(&document, &error, &warning, path)) return 0;
  int fewest = 32;
  for (const tinygltf::Mesh& mesh : document.meshes) {
    for (const tinygltf::Primitive& primitive : mesh.primitives) {
      const tinygltf::Value& ext = primitive.extensions.at("KHR_draco_mesh_compression");
      const tinygltf::BufferView& view = document.bufferViews[ext.Get("bufferView").Get<int>()];
      const std::vector<unsigned char>& data = document.buffers[view.buffer].data;
      draco::DecoderBuffer buffer;
      buffer.Init(reinterpret_cast<const char*>(data.data() + view.byteOffset), view.byteLength);
      draco::Decoder decoder;
      // Keep positions quantised so their quantisation parameters stay attached.
      decoder.SetSkipAttributeTransform(draco::GeometryAttribute::POSITION);
      auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
      if (!decoded.ok()) return 0;
      const std::unique_ptr<draco::Mesh> decoded_mesh = std::move(decoded).value();
      const int id = ext.Get("attributes").Get("POSITION").Get<int>();
      const draco::PointAttribute* position = decoded_mesh->GetAttributeByUniqueId(id);
      draco::AttributeQuantizationTransform quantisation;
      if (position == nullptr || !quantisation.InitFromAttribute(*position)) return 0;
      fewest = std::min(fewest, quantisation.quantization_bits());
    }
  }
  return fewest;
}

TEST(DracoAssimp, CylinderEngineMatchesUncompressedVersion) {
  const std::filesystem::path draco = kFolder / "draco/2CylinderEngine.gltf";
  const std::filesystem::path plain = kFolder / "2CylinderEngine-glTF-Binary/2CylinderEngine.glb";
  if (!std::filesystem::exists(draco) || !std::filesystem::exists(plain)) {
    GTEST_SKIP() << "assimp-testmodels' 2CylinderEngine is absent";
  }
  const int bits = FewestPositionBits(draco.string());
  ASSERT_GT(bits, 0) << "no quantisation data in the Draco positions";
  // A quantised coordinate is off by at most half a step of range/(2^bits-1),
  // range being the largest extent of the primitive's box: a vertex moves by
  // at most sqrt(3) half-steps, at most this fraction of the box diagonal
  // (in any uniformly scaled frame, which is what rigid node transforms give).
  const double move = std::sqrt(3.0) / (2.0 * ((1 << bits) - 1));

  anim::Model compressed, reference;
  std::string error;
  ASSERT_TRUE(anim::LoadGltfModel(draco.string(), &compressed, &error)) << error;
  ASSERT_TRUE(anim::LoadGltfModel(plain.string(), &reference, &error)) << error;
  ASSERT_EQ(compressed.primitives.size(), reference.primitives.size());
  ASSERT_EQ(compressed.primitives.size(), 115u);  // the file's 115 Draco primitives
  ASSERT_EQ(compressed.skeleton.JointCount(), reference.skeleton.JointCount());

  for (std::size_t i = 0; i < reference.primitives.size(); ++i) {
    const Shape c = ShapeOf(compressed.primitives[i]);
    const Shape r = ShapeOf(reference.primitives[i]);
    EXPECT_EQ(compressed.primitives[i].indices.size() / 3, r.proper_triangles) << "primitive " << i;
    const double tolerance = move * glm::length(r.max - r.min) * 1.001;  // + float rounding
    EXPECT_LE(glm::length(c.min - r.min), tolerance) << "primitive " << i;
    EXPECT_LE(glm::length(c.max - r.max), tolerance) << "primitive " << i;
    // Moving the corners of a triangle by at most `tolerance` changes its
    // area by at most about perimeter * tolerance.
    EXPECT_LE(std::abs(c.area - r.area), r.perimeter * tolerance) << "primitive " << i;
    // Scrambled indices would change the area far beyond that.
    EXPECT_GT(r.area, 0.0) << "primitive " << i;
  }
}

}  // namespace
