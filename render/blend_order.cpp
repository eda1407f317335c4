#include "render/blend_order.h"

#include <algorithm>
#include <cmath>

namespace render {

PrimitiveAnchor AnchorOf(const anim::MeshPrimitive& primitive) {
  PrimitiveAnchor anchor;
  if (primitive.positions.empty()) return anchor;
  glm::dvec3 sum(0.0);
  for (const glm::vec3& p : primitive.positions) sum += glm::dvec3(p);
  anchor.centroid = glm::vec3(sum / static_cast<double>(primitive.positions.size()));
  // The joint with the largest total weight over the primitive's vertices.
  std::vector<double> weight_of;
  const auto add = [&](const glm::u16vec4& joints, const glm::vec4& weights) {
    for (int k = 0; k < 4; ++k) {
      if (weights[k] <= 0.0f) continue;
      if (joints[k] >= weight_of.size()) weight_of.resize(joints[k] + 1u, 0.0);
      weight_of[joints[k]] += weights[k];
    }
  };
  for (std::size_t v = 0; v < primitive.joints.size() && v < primitive.weights.size(); ++v) {
    add(primitive.joints[v], primitive.weights[v]);
    if (v < primitive.joints1.size() && v < primitive.weights1.size()) {
      add(primitive.joints1[v], primitive.weights1[v]);
    }
  }
  if (!weight_of.empty()) {
    anchor.joint =
        static_cast<int>(std::max_element(weight_of.begin(), weight_of.end()) - weight_of.begin());
  }
  return anchor;
}

glm::vec4 EyeOf(const glm::mat4& view_projection) {
  // Clip (0, 0, -1, 0) is the eye seen through a perspective projection
  // (any point on the line x = y = w = 0 is), and the near side at infinity
  // through an orthographic one.
  glm::vec4 eye = glm::inverse(view_projection) * glm::vec4(0.0f, 0.0f, -1.0f, 0.0f);
  const float scale = std::max({std::abs(eye.x), std::abs(eye.y), std::abs(eye.z)});
  if (std::abs(eye.w) > 1e-6f * scale) return eye / eye.w;
  return glm::vec4(glm::normalize(glm::vec3(eye)), 0.0f);
}

void SortBackToFront(std::span<const PrimitiveAnchor> anchors, std::span<const glm::mat4> palette,
                     const glm::mat4& world, const glm::vec4& eye, std::vector<int>* meshes) {
  const auto far_key = [&](int mesh) {
    const PrimitiveAnchor& anchor = anchors[mesh];
    glm::vec4 p(anchor.centroid, 1.0f);
    if (anchor.joint >= 0 && static_cast<std::size_t>(anchor.joint) < palette.size()) {
      p = palette[anchor.joint] * p;
    }
    const glm::vec3 at = glm::vec3(world * p);
    // Larger is farther: the squared distance to the eye, or how far the
    // anchor lies away from the viewer along an orthographic view.
    if (eye.w != 0.0f) {
      const glm::vec3 d = at - glm::vec3(eye) / eye.w;
      return glm::dot(d, d);
    }
    return -glm::dot(at, glm::vec3(eye));
  };
  // Keys are worked out again in each comparison instead of stored: a
  // model has a handful of blended primitives, and this way a frame
  // allocates nothing. Ties keep the model's order.
  std::sort(meshes->begin(), meshes->end(), [&](int a, int b) {
    const float ka = far_key(a), kb = far_key(b);
    return ka != kb ? ka > kb : a < b;
  });
}

}  // namespace render
