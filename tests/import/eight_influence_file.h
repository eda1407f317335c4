// A generated glTF file whose vertices have up to eight joint influences
// (JOINTS_0/WEIGHTS_0 and JOINTS_1/WEIGHTS_1), and where the file itself says
// each vertex is at a time: glm products of the numbers written into it.
// Shared by the import test and the --dump-mesh test.
//
// Scene: a chain of eight joints "Bone0".."Bone7", each 1 up its parent's
// y axis; Bone k turns about z (k even) or x (k odd) by (10 + 5k) degrees
// per second over 0..2 s ("Bend", two LINEAR keys, so the angle is exactly
// linear in time). Mesh "Tentacle" (skin 0 lists the bones in reverse
// order, so skin slots differ from skeleton order): one vertex per influence
// count from 1 to 8, the weights in no particular order across both sets.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "gltf_builder.h"
#include "matrix_floats.h"

namespace eight_influences {

inline constexpr int kBones = 8;

struct Vertex {
  glm::vec3 position;
  std::vector<std::pair<int, float>> influences;  // (bone, weight), bone = skeleton order
};

// Bone k's local rotation axis and angle at time t (seconds, 0..2).
inline glm::vec3 Axis(int k) { return k % 2 == 0 ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0); }
inline float Degrees(int k, float t) { return (10.0f + 5.0f * k) * t; }

// World matrices of the bones at time t, in bone order.
inline std::vector<glm::mat4> BonesAt(float t) {
  std::vector<glm::mat4> world;
  glm::mat4 parent(1.0f);
  for (int k = 0; k < kBones; ++k) {
    const glm::mat4 local = glm::translate(glm::mat4(1.0f), glm::vec3(0, k == 0 ? 0.0f : 1.0f, 0)) *
                            glm::rotate(glm::mat4(1.0f), glm::radians(Degrees(k, t)), Axis(k));
    parent = parent * local;
    world.push_back(parent);
  }
  return world;
}

// The eight weights (sum 1), in no order; vertex v keeps the first v + 1
// of them (renormalised), at height v along the chain.
inline std::vector<Vertex> Vertices() {
  const float shares[kBones] = {0.05f, 0.30f, 0.10f, 0.20f, 0.02f, 0.15f, 0.08f, 0.10f};
  std::vector<Vertex> out;
  for (int v = 0; v < kBones; ++v) {
    Vertex vertex{glm::vec3(0.3f, 0.9f * v + 0.2f, 0.1f * v), {}};
    float sum = 0.0f;
    for (int k = 0; k <= v; ++k) sum += shares[k];
    for (int k = 0; k <= v; ++k)
      vertex.influences.emplace_back((k * 3 + v) % kBones, shares[k] / sum);
    out.push_back(vertex);
  }
  return out;
}

// Where the file says vertex `v` is at time t: the sum of weight x bone
// world matrix x its inverse bind matrix x position.
inline glm::vec3 Expected(const Vertex& v, float t) {
  const std::vector<glm::mat4> world = BonesAt(t), rest = BonesAt(0.0f);
  glm::vec4 sum(0.0f);
  for (const auto& [bone, weight] : v.influences) {
    sum += weight * (world[bone] * glm::inverse(rest[bone]) * glm::vec4(v.position, 1.0f));
  }
  return glm::vec3(sum);
}

struct EightInfluenceFile {
  gltf_test::GltfBuilder b;
  std::string json;

  // Skin slot of bone k: the skin lists the bones in reverse.
  static int SlotOf(int bone) { return kBones - 1 - bone; }

  EightInfluenceFile() {
    const auto S = [](int i) { return std::to_string(i); };
    std::vector<float> positions, w0, w1, ibm;
    std::vector<std::uint8_t> j0, j1;
    const std::vector<Vertex> vertices = Vertices();
    for (const Vertex& v : vertices) {
      positions.insert(positions.end(), {v.position.x, v.position.y, v.position.z});
      for (int k = 0; k < kBones; ++k) {
        const bool used = k < static_cast<int>(v.influences.size());
        // Unused slots: joint 0, weight 0, as glTF asks.
        (k < 4 ? j0 : j1)
            .push_back(static_cast<std::uint8_t>(used ? SlotOf(v.influences[k].first) : 0));
        (k < 4 ? w0 : w1).push_back(used ? v.influences[k].second : 0.0f);
      }
    }
    const std::vector<glm::mat4> rest = BonesAt(0.0f);
    for (int slot = 0; slot < kBones; ++slot) {
      const std::vector<float> f = gltf_test::MatrixFloats(glm::inverse(rest[kBones - 1 - slot]));
      ibm.insert(ibm.end(), f.begin(), f.end());
    }
    std::vector<std::uint16_t> fan;
    for (int i = 1; i + 1 < kBones; ++i) {
      fan.insert(fan.end(), {0, static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(i + 1)});
    }
    const int times = b.AddFloats({0, 2}, "SCALAR");
    std::string nodes, samplers, channels, joints;
    for (int k = 0; k < kBones; ++k) {
      const glm::quat end = glm::angleAxis(glm::radians(Degrees(k, 2.0f)), Axis(k));
      const int turn = b.AddFloats({0, 0, 0, 1, end.x, end.y, end.z, end.w}, "VEC4");
      nodes += R"({"name":"Bone)" + S(k) + "\"" +
               (k > 0 ? R"(,"translation":[0,1,0])" : std::string()) +
               (k + 1 < kBones ? R"(,"children":[)" + S(k + 1) + "]" : std::string()) + "},";
      samplers +=
          std::string(k ? "," : "") + R"({"input":)" + S(times) + R"(,"output":)" + S(turn) + "}";
      channels += std::string(k ? "," : "") + R"({"sampler":)" + S(k) + R"(,"target":{"node":)" +
                  S(k) + R"(,"path":"rotation"}})";
      joints += std::string(k ? "," : "") + S(kBones - 1 - k);
    }
    json = b.EmbeddedJson(
        R"("scene":0,"scenes":[{"nodes":[0,8]}],"nodes":[)" + nodes +
        R"({"name":"Tentacle","mesh":0,"skin":0}],
      "skins":[{"joints":[)" +
        joints + R"(],"inverseBindMatrices":)" + S(b.AddFloats(ibm, "MAT4")) + R"(}],
      "meshes":[{"primitives":[{"attributes":{"POSITION":)" +
        S(b.AddFloats(positions, "VEC3")) + R"(,"JOINTS_0":)" + S(b.AddU8(j0, "VEC4", false)) +
        R"(,"WEIGHTS_0":)" + S(b.AddFloats(w0, "VEC4")) + R"(,"JOINTS_1":)" +
        S(b.AddU8(j1, "VEC4", false)) + R"(,"WEIGHTS_1":)" + S(b.AddFloats(w1, "VEC4")) +
        R"(},"indices":)" + S(b.AddU16(fan, "SCALAR", false)) + R"(}]}],
      "animations":[{"name":"Bend","samplers":[)" +
        samplers + R"(],"channels":[)" + channels + "]}]");
  }
};

}  // namespace eight_influences
