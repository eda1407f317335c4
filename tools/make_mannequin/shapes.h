// Mesh shapes the body is made of: smooth closed tubes swept along a segment
// with a varying superellipse cross-section and rounded (ellipsoidal) caps.
// A sphere or an ellipsoid is a tube of zero length. Every vertex records the
// bone it belongs to; skinning.cpp turns that into blended weights.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

namespace mannequin {

struct MeshVertex {
  glm::vec3 position{0.0f};
  glm::vec3 normal{0.0f};
  glm::vec4 color{1.0f};
  int bone = 0;        // the joint this surface point belongs to
  bool rigid = false;  // true: follows `bone` alone (ball joints keep their shape)
};

struct Mesh {
  std::vector<MeshVertex> vertices;
  std::vector<std::uint32_t> indices;
};

struct TubeSpec {
  glm::vec3 a{0.0f}, b{0.0f};        // ends of the straight part of the tube
  glm::vec3 axis_hint{0, 1, 0};      // axis direction when a == b
  glm::vec3 side{1, 0, 0};           // first cross-section axis (made perpendicular)
  float cap_a = 0.0f, cap_b = 0.0f;  // how far the rounded caps reach past a and b
  // Half-widths (along side, along the second axis) at s in [0, 1] from a to b.
  std::function<glm::vec2(float s)> radii;
  // Optional shift of the section centre (along side, second axis) at s.
  std::function<glm::vec2(float s)> centre_offset;
  float exponent = 2.0f;  // superellipse exponent: 2 ellipse, larger is boxier
  int around = 32;        // vertices per ring
  int rings = 16;         // rings along the straight part (1 for an ellipsoid)
  int cap_rings = 8;      // rings per cap, pole excluded
  // Extra rings (s values) on top of the evenly spaced ones: a pair of rings
  // a hair apart on each side of a colour boundary keeps the edge crisp.
  std::vector<float> extra_rings;
  std::function<glm::vec4(const glm::vec3& p)> color;
  std::function<int(const glm::vec3& p)> bone;
  bool rigid = false;
};

// Appends a closed, consistently wound (outward, counter-clockwise) tube to
// mesh, with smooth area-weighted normals computed over the tube alone.
void AddTube(Mesh& mesh, const TubeSpec& spec);

// A sphere (or ellipsoid with radii (rx, ry, rz) about the model axes).
TubeSpec Ellipsoid(const glm::vec3& centre, const glm::vec3& radii);

}  // namespace mannequin
