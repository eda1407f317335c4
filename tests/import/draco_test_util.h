// Test helper: Draco-compressed glTF primitives made with libdraco's own
// encoder (independent of tinygltf's decoder and of the importer's checks),
// declared the way KHR_draco_mesh_compression says: accessors without buffer
// views, the compressed bytes in the extension's buffer view.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <draco/compression/encode.h>
#include <draco/mesh/triangle_soup_mesh_builder.h>
#include <glm/glm.hpp>

#include "gltf_builder.h"

namespace gltf_test {

struct DracoTriangle {
  std::array<glm::vec3, 3> corners = {glm::vec3(0, 0, 0), glm::vec3(2, 0, 0), glm::vec3(0, 3, 1)};
  std::vector<std::uint8_t> bytes;
  int position_id = -1;
  int extra_id = -1;  // a GENERIC float attribute, when extra_components > 0
};

// One triangle, optionally with an extra attribute of `extra_components`
// floats per vertex (Draco allows more than glTF's four).
inline DracoTriangle EncodeDracoTriangle(int extra_components = 0) {
  DracoTriangle out;
  draco::TriangleSoupMeshBuilder builder;
  builder.Start(1);
  const int position =
      builder.AddAttribute(draco::GeometryAttribute::POSITION, 3, draco::DT_FLOAT32);
  builder.SetAttributeValuesForFace(position, draco::FaceIndex(0), &out.corners[0], &out.corners[1],
                                    &out.corners[2]);
  int extra = -1;
  if (extra_components > 0) {
    extra = builder.AddAttribute(draco::GeometryAttribute::GENERIC,
                                 static_cast<std::int8_t>(extra_components), draco::DT_FLOAT32);
    std::vector<float> values[3];
    for (int k = 0; k < 3; ++k)
      values[k].assign(static_cast<std::size_t>(extra_components), 0.25f * k);
    builder.SetAttributeValuesForFace(extra, draco::FaceIndex(0), values[0].data(),
                                      values[1].data(), values[2].data());
  }
  std::unique_ptr<draco::Mesh> mesh = builder.Finalize();
  if (!mesh) return out;
  draco::Encoder encoder;
  draco::EncoderBuffer encoded;
  if (!encoder.EncodeMeshToBuffer(*mesh, &encoded).ok()) return out;
  out.bytes.assign(encoded.data(), encoded.data() + encoded.size());
  out.position_id = static_cast<int>(mesh->attribute(position)->unique_id());
  if (extra >= 0) out.extra_id = static_cast<int>(mesh->attribute(extra)->unique_id());
  return out;
}

// The members after "accessors" of a one-node file whose primitive uses
// `view` as Draco data. `attributes` and `draco_attributes` are JSON object
// bodies ("POSITION":0); `indices` < 0 leaves the primitive unindexed.
inline std::string DracoRest(int view, const std::string& attributes,
                             const std::string& draco_attributes, int indices = -1,
                             const std::string& extension_name = "KHR_draco_mesh_compression") {
  return R"("extensionsUsed":[")" + extension_name + R"("],
            "extensionsRequired":[")" +
         extension_name + R"("],
            "nodes":[{"mesh":0}],
            "meshes":[{"primitives":[{"attributes":{)" +
         attributes + "}" +
         (indices >= 0 ? ",\"indices\":" + std::to_string(indices) : std::string()) +
         R"(,"extensions":{")" + extension_name + R"(":{"bufferView":)" + std::to_string(view) +
         R"(,"attributes":{)" + draco_attributes + "}}}}]}]";
}

inline int AddDracoPositions(GltfBuilder& b) {
  return b.AddAccessorJson(
      R"({"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[2,3,1]})");
}

inline std::string Attribute(const std::string& name, int value) {
  return "\"" + name + "\":" + std::to_string(value);
}

}  // namespace gltf_test
