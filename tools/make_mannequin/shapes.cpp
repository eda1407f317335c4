#include "shapes.h"

#include <algorithm>
#include <cmath>

#include "pose_math.h"

namespace mannequin {

namespace {

float SignedPow(float x, float p) { return std::copysign(std::pow(std::fabs(x), p), x); }

struct Ring {
  glm::vec3 centre;
  glm::vec2 radii;
  glm::vec2 offset;
};

// The tube's frame: the axis from a to b (the hint where they meet), u
// along the spec's side with the axis taken out, v completing it.
struct TubeFrame {
  glm::vec3 axis, u, v;
  float length;
};

TubeFrame FrameOf(const TubeSpec& spec) {
  TubeFrame f;
  f.axis = spec.b - spec.a;
  f.length = glm::length(f.axis);
  f.axis = f.length > 1e-6f ? f.axis / f.length : glm::normalize(spec.axis_hint);
  f.u = glm::normalize(spec.side - f.axis * glm::dot(spec.side, f.axis));
  f.v = glm::cross(f.axis, f.u);
  return f;
}

glm::vec2 OffsetAt(const TubeSpec& spec, float s) {
  return spec.centre_offset ? spec.centre_offset(s) : glm::vec2(0.0f);
}

// Rings from the pole at a to the pole at b. Caps are quarter ellipses:
// at angle t from the pole, the section is radii * sin(t), cos(t) * cap away.
std::vector<Ring> TubeRings(const TubeSpec& spec, const TubeFrame& f) {
  std::vector<Ring> rings;
  for (int i = 1; i <= spec.cap_rings; ++i) {
    const float t = 0.5f * kPi * static_cast<float>(i) / static_cast<float>(spec.cap_rings + 1);
    rings.push_back({spec.a - f.axis * (spec.cap_a * std::cos(t)), spec.radii(0.0f) * std::sin(t),
                     OffsetAt(spec, 0.0f)});
  }
  const int body = std::max(spec.rings, 1);
  std::vector<float> body_s;
  body_s.reserve(body);
  for (int i = 0; i < body; ++i)
    body_s.push_back(body == 1 ? 0.0f : static_cast<float>(i) / static_cast<float>(body - 1));
  if (body > 1) body_s.insert(body_s.end(), spec.extra_rings.begin(), spec.extra_rings.end());
  std::sort(body_s.begin(), body_s.end());
  for (float s : body_s)
    rings.push_back({spec.a + f.axis * (f.length * s), spec.radii(s), OffsetAt(spec, s)});
  for (int i = spec.cap_rings; i >= 1; --i) {
    const float t = 0.5f * kPi * static_cast<float>(i) / static_cast<float>(spec.cap_rings + 1);
    rings.push_back({spec.b + f.axis * (spec.cap_b * std::cos(t)), spec.radii(1.0f) * std::sin(t),
                     OffsetAt(spec, 1.0f)});
  }
  return rings;
}

// Pole a, `around` vertices per ring (a superellipse of the spec's
// exponent), pole b.
void EmitTubeVertices(Mesh& mesh, const TubeSpec& spec, const TubeFrame& f,
                      const std::vector<Ring>& rings) {
  auto emit = [&](const glm::vec3& p) {
    MeshVertex vertex;
    vertex.position = p;
    vertex.color = spec.color ? spec.color(p) : glm::vec4(1.0f);
    vertex.bone = spec.bone(p);
    vertex.rigid = spec.rigid;
    mesh.vertices.push_back(vertex);
  };
  const glm::vec2 first_offset = OffsetAt(spec, 0.0f), last_offset = OffsetAt(spec, 1.0f);
  emit(spec.a - f.axis * spec.cap_a + f.u * first_offset.x + f.v * first_offset.y);  // pole a
  const float e = 2.0f / spec.exponent;
  for (const Ring& ring : rings) {
    for (int k = 0; k < spec.around; ++k) {
      const float phi = kTwoPi * static_cast<float>(k) / static_cast<float>(spec.around);
      const float cu = SignedPow(std::cos(phi), e) * ring.radii.x + ring.offset.x;
      const float cv = SignedPow(std::sin(phi), e) * ring.radii.y + ring.offset.y;
      emit(ring.centre + f.u * cu + f.v * cv);
    }
  }
  emit(spec.b + f.axis * spec.cap_b + f.u * last_offset.x + f.v * last_offset.y);  // pole b
}

// Triangles over the vertices from `base`: a fan at each pole, two per quad
// between rings. Winding: u, v, axis is right-handed, so going around in
// +phi and forward along the axis, (next ring - this ring) x (next around)
// points outward.
void StitchTube(std::vector<std::uint32_t>& idx, std::uint32_t base, std::uint32_t n,
                std::uint32_t ring_count) {
  const std::uint32_t pole_b = base + 1 + ring_count * n;
  auto at = [&](std::uint32_t r, std::uint32_t k) { return base + 1 + r * n + (k % n); };
  for (std::uint32_t k = 0; k < n; ++k) idx.insert(idx.end(), {base, at(0, k + 1), at(0, k)});
  for (std::uint32_t r = 0; r + 1 < ring_count; ++r) {
    for (std::uint32_t k = 0; k < n; ++k) {
      idx.insert(idx.end(), {at(r, k), at(r, k + 1), at(r + 1, k + 1)});
      idx.insert(idx.end(), {at(r, k), at(r + 1, k + 1), at(r + 1, k)});
    }
  }
  for (std::uint32_t k = 0; k < n; ++k)
    idx.insert(idx.end(), {pole_b, at(ring_count - 1, k), at(ring_count - 1, k + 1)});
}

// Smooth normals: area-weighted sum of the face normals around each vertex.
void SmoothNormals(Mesh& mesh, std::size_t first_vertex, std::size_t first_index) {
  const std::vector<std::uint32_t>& idx = mesh.indices;
  for (std::size_t i = first_index; i < idx.size(); i += 3) {
    MeshVertex& p0 = mesh.vertices[idx[i]];
    MeshVertex& p1 = mesh.vertices[idx[i + 1]];
    MeshVertex& p2 = mesh.vertices[idx[i + 2]];
    const glm::vec3 face = glm::cross(p1.position - p0.position, p2.position - p0.position);
    p0.normal += face;
    p1.normal += face;
    p2.normal += face;
  }
  for (std::size_t i = first_vertex; i < mesh.vertices.size(); ++i)
    mesh.vertices[i].normal = glm::normalize(mesh.vertices[i].normal);
}

}  // namespace

void AddTube(Mesh& mesh, const TubeSpec& spec) {
  const TubeFrame frame = FrameOf(spec);
  const std::vector<Ring> rings = TubeRings(spec, frame);
  const std::uint32_t base = static_cast<std::uint32_t>(mesh.vertices.size());
  const std::size_t first_index = mesh.indices.size();
  EmitTubeVertices(mesh, spec, frame, rings);
  StitchTube(mesh.indices, base, static_cast<std::uint32_t>(spec.around),
             static_cast<std::uint32_t>(rings.size()));
  SmoothNormals(mesh, base, first_index);
}

TubeSpec Ellipsoid(const glm::vec3& centre, const glm::vec3& radii) {
  TubeSpec spec;
  spec.a = spec.b = centre;
  spec.axis_hint = {0, 1, 0};
  spec.side = {1, 0, 0};
  spec.cap_a = spec.cap_b = radii.y;
  // side = +X, second axis = axis x side = Y x X = -Z: radii along X and Z.
  spec.radii = [r = radii](float) { return glm::vec2(r.x, r.z); };
  spec.rings = 1;
  spec.cap_rings = 9;
  spec.around = 20;
  return spec;
}

}  // namespace mannequin
