#include "scene/ground.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scene {

bool IntersectRayTriangle(const glm::vec3& origin, const glm::vec3& direction, const glm::vec3& a,
                          const glm::vec3& b, const glm::vec3& c, float* t) {
  const glm::vec3 e1 = b - a, e2 = c - a;
  const glm::vec3 p = glm::cross(direction, e2);
  const float det = glm::dot(e1, p);
  // Relative to the edges' and the direction's sizes, so tiny and huge
  // meshes are treated alike.
  const float scale = glm::length(e1) * glm::length(e2) * glm::length(direction);
  if (!(std::abs(det) > 1e-7f * scale)) return false;
  const float inv = 1.0f / det;
  const glm::vec3 s = origin - a;
  const float u = glm::dot(s, p) * inv;
  if (u < 0.0f || u > 1.0f) return false;
  const glm::vec3 q = glm::cross(s, e1);
  const float v = glm::dot(direction, q) * inv;
  if (v < 0.0f || u + v > 1.0f) return false;
  const float hit = glm::dot(e2, q) * inv;
  if (hit < 0.0f) return false;
  *t = hit;
  return true;
}

bool Ground::Set(anim::Model mesh, std::string* error) {
  std::vector<Triangle> triangles;
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (anim::MeshPrimitive& primitive : mesh.primitives) {
    primitive.joints.clear();
    primitive.weights.clear();
    for (const glm::vec3& p : primitive.positions) {
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
        *error = "a vertex position is not a finite number";
        return false;
      }
    }
    const std::size_t n = primitive.positions.size();
    for (std::size_t i = 0; i + 2 < primitive.indices.size(); i += 3) {
      const std::uint32_t ia = primitive.indices[i], ib = primitive.indices[i + 1],
                          ic = primitive.indices[i + 2];
      if (ia >= n || ib >= n || ic >= n) {
        *error = "a triangle index points past the vertices";
        return false;
      }
      const Triangle tri{primitive.positions[ia], primitive.positions[ib], primitive.positions[ic]};
      triangles.push_back(tri);
      for (const glm::vec3& p : {tri.a, tri.b, tri.c}) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
      }
    }
  }
  if (triangles.empty()) {
    *error = "it holds no triangles to stand on";
    return false;
  }
  mesh_ = std::move(mesh);
  triangles_ = std::move(triangles);
  min_ = lo;
  max_ = hi;
  BuildBuckets();
  return true;
}

void Ground::BuildBuckets() {
  // About four triangles per bucket on an even mesh, at most 256 a side.
  const int side =
      std::clamp(static_cast<int>(std::sqrt(static_cast<double>(triangles_.size()) / 4.0)), 1, 256);
  buckets_x_ = buckets_z_ = side;
  const glm::vec2 extent(std::max(max_.x - min_.x, 1e-6f), std::max(max_.z - min_.z, 1e-6f));
  bucket_size_ = extent / static_cast<float>(side);
  const auto cell_range = [&](const Triangle& t, int* x0, int* x1, int* z0, int* z1) {
    const float lx = std::min({t.a.x, t.b.x, t.c.x}), hx = std::max({t.a.x, t.b.x, t.c.x});
    const float lz = std::min({t.a.z, t.b.z, t.c.z}), hz = std::max({t.a.z, t.b.z, t.c.z});
    *x0 = std::clamp(static_cast<int>((lx - min_.x) / bucket_size_.x), 0, side - 1);
    *x1 = std::clamp(static_cast<int>((hx - min_.x) / bucket_size_.x), 0, side - 1);
    *z0 = std::clamp(static_cast<int>((lz - min_.z) / bucket_size_.y), 0, side - 1);
    *z1 = std::clamp(static_cast<int>((hz - min_.z) / bucket_size_.y), 0, side - 1);
  };
  // Two passes (count, then fill) into one flat array.
  bucket_start_.assign(static_cast<std::size_t>(side) * side + 1, 0);
  int x0, x1, z0, z1;
  for (const Triangle& t : triangles_) {
    cell_range(t, &x0, &x1, &z0, &z1);
    for (int z = z0; z <= z1; ++z)
      for (int x = x0; x <= x1; ++x) ++bucket_start_[static_cast<std::size_t>(z) * side + x + 1];
  }
  for (std::size_t i = 1; i < bucket_start_.size(); ++i) bucket_start_[i] += bucket_start_[i - 1];
  bucket_items_.assign(static_cast<std::size_t>(bucket_start_.back()), 0);
  std::vector<int> fill(bucket_start_.begin(), bucket_start_.end() - 1);
  for (int i = 0; i < static_cast<int>(triangles_.size()); ++i) {
    cell_range(triangles_[i], &x0, &x1, &z0, &z1);
    for (int z = z0; z <= z1; ++z) {
      for (int x = x0; x <= x1; ++x)
        bucket_items_[fill[static_cast<std::size_t>(z) * side + x]++] = i;
    }
  }
}

int Ground::BucketOf(float x, float z) const {
  if (!(x >= min_.x && x <= max_.x && z >= min_.z && z <= max_.z)) return -1;
  const int bx = std::min(static_cast<int>((x - min_.x) / bucket_size_.x), buckets_x_ - 1);
  const int bz = std::min(static_cast<int>((z - min_.z) / bucket_size_.y), buckets_z_ - 1);
  return bz * buckets_x_ + bx;
}

namespace {

// The hit on triangle `t` at ray parameter `along`, its normal facing the
// ray's origin.
RayHit MakeHit(const glm::vec3& origin, const glm::vec3& unit_direction, float along,
               const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  RayHit hit;
  hit.distance = along;
  hit.point = origin + unit_direction * along;
  glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
  if (glm::dot(n, unit_direction) > 0.0f) n = -n;
  hit.normal = n;
  return hit;
}

}  // namespace

bool Ground::Raycast(const glm::vec3& origin, const glm::vec3& direction, float max_distance,
                     RayHit* hit) const {
  const float length = glm::length(direction);
  if (!(length > 0.0f) || !std::isfinite(length)) return false;
  const glm::vec3 unit = direction / length;
  float best = max_distance;
  int best_index = -1;
  const auto test = [&](int i) {
    const Triangle& tri = triangles_[i];
    float t;
    if (IntersectRayTriangle(origin, unit, tri.a, tri.b, tri.c, &t) && t <= best) {
      best = t;
      best_index = i;
    }
  };
  const bool vertical = unit.x == 0.0f && unit.z == 0.0f;
  if (vertical) {
    const int bucket = BucketOf(origin.x, origin.z);
    if (bucket < 0) return false;
    for (int k = bucket_start_[bucket]; k < bucket_start_[bucket + 1]; ++k) test(bucket_items_[k]);
  } else {
    for (int i = 0; i < static_cast<int>(triangles_.size()); ++i) test(i);
  }
  if (best_index < 0) return false;
  const Triangle& tri = triangles_[best_index];
  *hit = MakeHit(origin, unit, best, tri.a, tri.b, tri.c);
  return true;
}

bool Ground::ProbeDown(float x, float z, RayHit* hit) const {
  if (Empty()) return false;
  const float above = max_.y + 1.0f + 0.01f * (max_.y - min_.y);
  return Raycast(glm::vec3(x, above, z), glm::vec3(0.0f, -1.0f, 0.0f), above - min_.y + 1.0f, hit);
}

}  // namespace scene
