// The ground a character stands on: a static triangle mesh in world space,
// with the ray casts foot IK asks of it. Kept outside anim/ (which takes the
// ground as a caller's query and knows no meshes) and outside render/ (which
// only draws it). The triangles are also an anim::Model, so the renderer
// draws the ground as it draws any unskinned mesh.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"

namespace scene {

struct RayHit {
  glm::vec3 point{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  // unit, facing the ray's origin
  float distance = 0.0f;               // along the (unit) direction
};

// Möller-Trumbore ray/triangle intersection ("Fast, Minimum Storage
// Ray/Triangle Intersection", Möller and Trumbore 1997), both faces.
// `direction` need not be unit: `t` is in multiples of it. False when the
// ray misses, runs parallel to the triangle or the triangle is degenerate.
bool IntersectRayTriangle(const glm::vec3& origin, const glm::vec3& direction, const glm::vec3& a,
                          const glm::vec3& b, const glm::vec3& c, float* t);

class Ground {
 public:
  // Takes every triangle of `mesh`'s primitives (positions in world space;
  // joints and weights are dropped: the ground does not move). False, with
  // `error`, when it holds no triangle or a position is not finite.
  bool Set(anim::Model mesh, std::string* error);

  // The nearest hit along the ray within `max_distance` (direction need not
  // be unit). False when it hits nothing.
  bool Raycast(const glm::vec3& origin, const glm::vec3& direction, float max_distance,
               RayHit* hit) const;
  // The highest surface under or over (x, z), found by a vertical ray cast
  // down from above the whole mesh. False off the mesh's edge.
  bool ProbeDown(float x, float z, RayHit* hit) const;

  const anim::Model& Drawable() const { return mesh_; }
  bool Empty() const { return triangles_.empty(); }
  glm::vec3 Min() const { return min_; }
  glm::vec3 Max() const { return max_; }

 private:
  struct Triangle {
    glm::vec3 a, b, c;
  };
  // Vertical rays only meet the triangles whose XZ bounds contain them: a
  // grid of buckets over XZ lists those per cell, so a probe tests a few
  // triangles instead of all of them.
  void BuildBuckets();
  int BucketOf(float x, float z) const;

  anim::Model mesh_;
  std::vector<Triangle> triangles_;
  glm::vec3 min_{0.0f}, max_{0.0f};
  int buckets_x_ = 1, buckets_z_ = 1;
  glm::vec2 bucket_size_{1.0f};
  std::vector<int> bucket_start_;  // buckets_x_ * buckets_z_ + 1 offsets into bucket_items_
  std::vector<int> bucket_items_;  // triangle indices
};

}  // namespace scene
