// Axis-aligned bounds of a model's mesh as the GPU will draw it: every
// vertex skinned on the CPU with a palette (the same linear-blend formula
// as shaders/skinned.vert). The viewer frames its camera and sizes its
// grid on the rest pose bounds, which do not change while a clip plays.
#pragma once

#include <span>

#include <glm/glm.hpp>

#include "model/model.h"

namespace render {

struct Bounds {
  glm::vec3 min{1e30f};
  glm::vec3 max{-1e30f};

  bool Empty() const { return min.x > max.x; }
  void Extend(const glm::vec3& p) {
    min = glm::min(min, p);
    max = glm::max(max, p);
  }
  glm::vec3 Center() const { return (min + max) * 0.5f; }
  glm::vec3 Size() const { return max - min; }
  // Radius of the sphere around Center() that holds the box.
  float Radius() const { return glm::length(Size()) * 0.5f; }
};

// Bounds of all primitives skinned with `palette` (one matrix per joint).
// Vertices of unskinned primitives are taken as they are; joint indices out
// of range count as identity. Empty when the model has no vertices.
Bounds SkinnedBounds(const anim::Model& model, std::span<const glm::mat4> palette);

// SkinnedBounds with the palette of the skeleton's rest pose.
Bounds RestPoseBounds(const anim::Model& model);

}  // namespace render
