// A generated glTF file with morph targets, and where the file itself says
// each weight and vertex is at a time: values computed here from the numbers
// written into it (glm products, the glTF Hermite formula), never by the
// importer. Shared by the import, mesh-dump and GPU tests.
//
// Scene:
//   0 Root  skin joint, rest translation (1, 0, 0); its translation animated
//           LINEAR (1, 0, 0) -> (1, 2, 0) over 0..2 s
//   1 Face  mesh 0 (skinned, every vertex on Root), two targets "Smile" and
//           "Blink" (positions and normals), mesh weights [0.25, 0]; its
//           weights animated CUBICSPLINE over 0..2 s
//   2 Blob  mesh 1 (unskinned, no joint above: a static mesh), translation
//           (0, 0, 5), one target, mesh weights [0.5] overridden by the
//           node's [1]; its weights animated STEP: 0.2 from 0 s, 0.8 from 1 s
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "gltf_builder.h"
#include "matrix_floats.h"

namespace morph_file {

inline std::vector<float> Flat(const std::vector<glm::vec3>& v) {
  std::vector<float> out;
  for (const glm::vec3& p : v) out.insert(out.end(), {p.x, p.y, p.z});
  return out;
}

struct MorphFile {
  gltf_test::GltfBuilder b;
  std::string json;

  static std::vector<glm::vec3> FacePositions() { return {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}; }
  static std::vector<glm::vec3> FaceNormals() { return {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}}; }
  static std::vector<glm::vec3> SmileOffsets() { return {{0, 0, 0}, {0.5f, 0.25f, 0}, {0, 0, 1}}; }
  static std::vector<glm::vec3> BlinkOffsets() { return {{0, -1, 0}, {0, 0, 0}, {0.3f, 0, 0}}; }
  static std::vector<glm::vec3> SmileNormalOffsets() { return {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}}; }
  static std::vector<glm::vec3> BlinkNormalOffsets() { return {{0, 0, 0}, {0, 0, 0}, {0, 1, 0}}; }
  static std::vector<glm::vec3> BlobPositions() { return {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}}; }
  static std::vector<glm::vec3> BlobOffsets() { return {{0, 0, 1}, {0, 0, 2}, {0, 0, 3}}; }

  // Face's CUBICSPLINE keys at 0 s and 2 s, per target: in-tangent, value, out-tangent.
  static constexpr float kIn0[2] = {0, 0}, kValue0[2] = {0, 0.5f}, kOut0[2] = {1, -1};
  static constexpr float kIn1[2] = {0.5f, 0}, kValue1[2] = {1, -0.5f}, kOut1[2] = {0, 0};

  // glTF's cubic Hermite spline between two keys dt apart, s in [0, 1].
  static float Hermite(float v0, float out0, float v1, float in1, float dt, float s) {
    const float s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * v0 + (s3 - 2 * s2 + s) * dt * out0 + (-2 * s3 + 3 * s2) * v1 +
           (s3 - s2) * dt * in1;
  }
  static float FaceWeight(int target, float t) {
    return Hermite(kValue0[target], kOut0[target], kValue1[target], kIn1[target], 2.0f, t / 2.0f);
  }
  static float BlobWeight(float t) { return t < 1.0f ? 0.2f : 0.8f; }

  // Root's world matrix at t, and the Face's skinning matrix (world x the
  // inverse bind matrix, Root's rest world inverted).
  static glm::mat4 RootAt(float t) { return glm::translate(glm::mat4(1.0f), glm::vec3(1, t, 0)); }
  static glm::mat4 FaceSkin(float t) { return RootAt(t) * glm::inverse(RootAt(0.0f)); }

  static glm::vec3 FaceVertexAt(std::size_t v, float t) {
    const glm::vec3 morphed = FacePositions()[v] + FaceWeight(0, t) * SmileOffsets()[v] +
                              FaceWeight(1, t) * BlinkOffsets()[v];
    return glm::vec3(FaceSkin(t) * glm::vec4(morphed, 1.0f));
  }
  static glm::vec3 BlobVertexAt(std::size_t v, float t) {
    const glm::vec3 morphed = BlobPositions()[v] + BlobWeight(t) * BlobOffsets()[v];
    return morphed + glm::vec3(0, 0, 5);
  }

  MorphFile() {
    const auto s = [](int i) { return std::to_string(i); };
    const int face = b.AddFloats(Flat(FacePositions()), "VEC3");
    const int face_normals = b.AddFloats(Flat(FaceNormals()), "VEC3");
    const int joints = b.AddU8(std::vector<std::uint8_t>(12, 0), "VEC4", false);
    const int weights = b.AddFloats({1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    const int smile = b.AddFloats(Flat(SmileOffsets()), "VEC3");
    const int blink = b.AddFloats(Flat(BlinkOffsets()), "VEC3");
    const int smile_n = b.AddFloats(Flat(SmileNormalOffsets()), "VEC3");
    const int blink_n = b.AddFloats(Flat(BlinkNormalOffsets()), "VEC3");
    const int blob = b.AddFloats(Flat(BlobPositions()), "VEC3");
    const int blob_offsets = b.AddFloats(Flat(BlobOffsets()), "VEC3");
    const int ibm = b.AddFloats(gltf_test::MatrixFloats(glm::inverse(RootAt(0.0f))), "MAT4");
    const int move_times = b.AddFloats({0, 2}, "SCALAR");
    const int move = b.AddFloats({1, 0, 0, 1, 2, 0}, "VEC3");
    const int face_values =
        b.AddFloats({kIn0[0], kIn0[1], kValue0[0], kValue0[1], kOut0[0], kOut0[1], kIn1[0], kIn1[1],
                     kValue1[0], kValue1[1], kOut1[0], kOut1[1]},
                    "SCALAR");
    const int blob_times = b.AddFloats({0, 1}, "SCALAR");
    const int blob_values = b.AddFloats({0.2f, 0.8f}, "SCALAR");
    json = b.EmbeddedJson(
        R"("scene":0,"scenes":[{"nodes":[0,1,2]}],"nodes":[
        {"name":"Root","translation":[1,0,0]},
        {"name":"Face","mesh":0,"skin":0},
        {"name":"Blob","mesh":1,"translation":[0,0,5],"weights":[1]}],
      "skins":[{"joints":[0],"inverseBindMatrices":)" +
        s(ibm) + R"(}],
      "meshes":[{"weights":[0.25,0],"extras":{"targetNames":["Smile","Blink"]},
                 "primitives":[{"attributes":{"POSITION":)" +
        s(face) + R"(,"NORMAL":)" + s(face_normals) + R"(,"JOINTS_0":)" + s(joints) +
        R"(,"WEIGHTS_0":)" + s(weights) + R"(},"targets":[{"POSITION":)" + s(smile) +
        R"(,"NORMAL":)" + s(smile_n) + R"(},{"POSITION":)" + s(blink) + R"(,"NORMAL":)" +
        s(blink_n) + R"(}]}]},
                {"weights":[0.5],"primitives":[{"attributes":{"POSITION":)" +
        s(blob) + R"(},"targets":[{"POSITION":)" + s(blob_offsets) + R"(}]}]}],
      "animations":[{"name":"Talk","samplers":[
        {"input":)" +
        s(move_times) + R"(,"output":)" + s(move) + R"(},
        {"input":)" +
        s(move_times) + R"(,"output":)" + s(face_values) + R"(,"interpolation":"CUBICSPLINE"},
        {"input":)" +
        s(blob_times) + R"(,"output":)" + s(blob_values) + R"(,"interpolation":"STEP"}],
        "channels":[{"sampler":0,"target":{"node":0,"path":"translation"}},
                    {"sampler":1,"target":{"node":1,"path":"weights"}},
                    {"sampler":2,"target":{"node":2,"path":"weights"}}]}])");
  }
};

}  // namespace morph_file
