// A generated glTF file with two skins, a second hierarchy, an unskinned
// mesh beside the character and one outside the scene (scene described at
// TwoSkinFile), and where the file itself says each vertex is at a time:
// glm products of the numbers written into it. Shared by the import tests
// and the --dump-mesh test.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "gltf_builder.h"
#include "matrix_floats.h"

namespace two_skin {

using gltf_test::GltfBuilder;
using gltf_test::MatrixFloats;

inline glm::mat4 Translate(glm::vec3 t) { return glm::translate(glm::mat4(1.0f), t); }
inline glm::mat4 Rotate(float degrees, glm::vec3 axis) {
  return glm::rotate(glm::mat4(1.0f), glm::radians(degrees), axis);
}

inline std::string S(int i) { return std::to_string(i); }

// One influence list per vertex: (skin slot, weight) pairs, at most four.
struct Vertex {
  glm::vec3 position;
  std::vector<std::pair<int, float>> influences;
};

// Scene (nodes by index):
//   0 Root  (skin 0 joint)           translation (0, 0, 0)
//   1   Arm (skins 0 and 1)          translation (0, 1, 0), rotation animated
//                                    0 -> 90 degrees about Z over 0..2 s
//   2     Hand (skin 1 only)         translation (0, 1, 0)
//   7 Tail  (skin 1 only, a second   translation animated (-2, 0, 0) ->
//            hierarchy)              (-2, 1, 0) over 0..2 s
//   3 Body   mesh 0, skin 0 (its node's translation is ignored, glTF says)
//   4 Glove  mesh 1, skin 1
//   5 Helmet mesh 2, unskinned, no joint above: translation (3, 0, 0),
//            90 degrees about Y
//   6 Hidden mesh 2, in no scene
// Skin 1's mesh is stored `glove_shift` along x and its inverse bind
// matrices undo that: with a shift it binds Arm unlike skin 0.
struct TwoSkinFile {
  GltfBuilder b;
  std::string json;
  glm::vec3 glove_shift;

  static glm::mat4 ArmAt(float t) { return Translate({0, 1, 0}) * Rotate(45.0f * t, {0, 0, 1}); }
  static glm::mat4 HandAt(float t) { return ArmAt(t) * Translate({0, 1, 0}); }
  static glm::mat4 TailAt(float t) { return Translate({-2, 0.5f * t, 0}); }
  static glm::mat4 Helmet() { return Translate({3, 0, 0}) * Rotate(90.0f, {0, 1, 0}); }

  // World matrices of the joints each skin lists, in slot order.
  static std::vector<glm::mat4> Skin0At(float t) { return {glm::mat4(1.0f), ArmAt(t)}; }
  static std::vector<glm::mat4> Skin1At(float t) { return {ArmAt(t), HandAt(t), TailAt(t)}; }

  std::vector<glm::mat4> Skin0Ibm() const {
    std::vector<glm::mat4> ibm;
    for (const glm::mat4& m : Skin0At(0.0f)) ibm.push_back(glm::inverse(m));
    return ibm;
  }
  std::vector<glm::mat4> Skin1Ibm() const {
    std::vector<glm::mat4> ibm;
    for (const glm::mat4& m : Skin1At(0.0f))
      ibm.push_back(glm::inverse(m) * Translate(-glove_shift));
    return ibm;
  }

  static std::vector<Vertex> Body() {
    return {{{0, 0, 0}, {{0, 1.0f}}},
            {{0, 1, 0}, {{1, 1.0f}}},
            {{0.5f, 1.5f, 0}, {{0, 0.5f}, {1, 0.5f}}}};
  }
  std::vector<Vertex> Glove() const {
    return {{glm::vec3(0, 1.5f, 0) + glove_shift, {{0, 1.0f}}},
            {glm::vec3(0, 2, 0) + glove_shift, {{1, 1.0f}}},
            {glm::vec3(-2, 0.5f, 0) + glove_shift, {{2, 1.0f}}},
            {glm::vec3(0, 1.8f, 0) + glove_shift, {{1, 0.25f}, {2, 0.75f}}}};
  }
  static std::vector<glm::vec3> HelmetVertices() { return {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}; }

  // A fan over the vertices, so that every vertex is drawn.
  static std::vector<std::uint16_t> Triangles(std::size_t count) {
    std::vector<std::uint16_t> out;
    for (std::size_t i = 1; i + 1 < count; ++i) {
      out.insert(out.end(), {0, static_cast<std::uint16_t>(i), static_cast<std::uint16_t>(i + 1)});
    }
    return out;
  }

  std::string Primitive(const std::vector<Vertex>& vertices) {
    std::vector<float> positions, weights;
    std::vector<std::uint8_t> joints;
    for (const Vertex& v : vertices) {
      positions.insert(positions.end(), {v.position.x, v.position.y, v.position.z});
      for (int k = 0; k < 4; ++k) {
        const bool used = k < static_cast<int>(v.influences.size());
        joints.push_back(static_cast<std::uint8_t>(used ? v.influences[k].first : 0));
        weights.push_back(used ? v.influences[k].second : 0.0f);
      }
    }
    return R"({"primitives":[{"attributes":{"POSITION":)" + S(b.AddFloats(positions, "VEC3")) +
           R"(,"JOINTS_0":)" + S(b.AddU8(joints, "VEC4", false)) + R"(,"WEIGHTS_0":)" +
           S(b.AddFloats(weights, "VEC4")) + R"(},"indices":)" +
           S(b.AddU16(Triangles(vertices.size()), "SCALAR", false)) + "}]}";
  }

  static std::vector<float> Flatten(const std::vector<glm::mat4>& matrices) {
    std::vector<float> out;
    for (const glm::mat4& m : matrices) {
      const std::vector<float> f = MatrixFloats(m);
      out.insert(out.end(), f.begin(), f.end());
    }
    return out;
  }

  explicit TwoSkinFile(glm::vec3 shift) : glove_shift(shift) {
    std::vector<float> helmet;
    for (const glm::vec3& v : HelmetVertices()) helmet.insert(helmet.end(), {v.x, v.y, v.z});
    const std::string body = Primitive(Body());
    const std::string glove = Primitive(Glove());
    const int helmet_positions = b.AddFloats(helmet, "VEC3");
    const int ibm0 = b.AddFloats(Flatten(Skin0Ibm()), "MAT4");
    const int ibm1 = b.AddFloats(Flatten(Skin1Ibm()), "MAT4");
    const glm::quat turned = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    const glm::quat helmet_turn = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));
    const int times = b.AddFloats({0, 2}, "SCALAR");
    const int turn = b.AddFloats({0, 0, 0, 1, turned.x, turned.y, turned.z, turned.w}, "VEC4");
    const int lift = b.AddFloats({-2, 0, 0, -2, 1, 0}, "VEC3");
    json = b.EmbeddedJson(
        R"("scene":0,"scenes":[{"nodes":[0,3,4,5,7]}],"nodes":[
        {"name":"Root","children":[1]},
        {"name":"Arm","translation":[0,1,0],"children":[2]},
        {"name":"Hand","translation":[0,1,0]},
        {"name":"Body","mesh":0,"skin":0,"translation":[9,9,9]},
        {"name":"Glove","mesh":1,"skin":1},
        {"name":"Helmet","mesh":2,"translation":[3,0,0],"rotation":[0,)" +
        std::to_string(helmet_turn.y) + ",0," + std::to_string(helmet_turn.w) + R"(]},
        {"name":"Hidden","mesh":2},
        {"name":"Tail","translation":[-2,0,0]}],
      "skins":[{"joints":[0,1],"inverseBindMatrices":)" +
        S(ibm0) + R"(},{"joints":[1,2,7],"inverseBindMatrices":)" + S(ibm1) + R"(}],
      "meshes":[)" +
        body + "," + glove + R"(,{"primitives":[{"attributes":{"POSITION":)" + S(helmet_positions) +
        R"(}}]}],
      "animations":[{"name":"Wave","samplers":[{"input":)" +
        S(times) + R"(,"output":)" + S(turn) + R"(},{"input":)" + S(times) + R"(,"output":)" +
        S(lift) + R"(}],
        "channels":[{"sampler":0,"target":{"node":1,"path":"rotation"}},
                    {"sampler":1,"target":{"node":7,"path":"translation"}}]}])");
  }
};

// Where the file says vertex `v` of a skin is at time t: the sum of weight x
// joint world matrix x the skin's inverse bind matrix x position.
inline glm::vec3 Expected(const Vertex& v, const std::vector<glm::mat4>& world,
                          const std::vector<glm::mat4>& ibm) {
  glm::vec4 sum(0.0f);
  for (const auto& [slot, weight] : v.influences) {
    sum += weight * (world[slot] * ibm[slot] * glm::vec4(v.position, 1.0f));
  }
  return glm::vec3(sum);
}

}  // namespace two_skin
