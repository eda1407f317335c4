#include "render/cpu_skinning.h"

#include <algorithm>

namespace render {

bool IsSkinned(const anim::MeshPrimitive& p) {
  return !p.joints.empty() && p.joints.size() == p.positions.size() &&
         p.weights.size() == p.positions.size();
}

void SkinPrimitive(const anim::MeshPrimitive& p, std::span<const glm::mat4> palette,
                   std::span<SkinnedVertex> out) {
  const std::size_t n = std::min(out.size(), p.positions.size());
  const bool has_normals = p.normals.size() == p.positions.size();
  if (!IsSkinned(p)) {
    for (std::size_t v = 0; v < n; ++v) {
      out[v] = {p.positions[v], has_normals ? p.normals[v] : glm::vec3(0.0f, 1.0f, 0.0f)};
    }
    return;
  }
  for (std::size_t v = 0; v < n; ++v) {
    const glm::mat4 skin = BlendedSkinMatrix(p.joints[v], p.weights[v], palette);
    out[v].position = glm::vec3(skin * glm::vec4(p.positions[v], 1.0f));
    out[v].normal = has_normals ? glm::mat3(skin) * p.normals[v] : glm::vec3(0.0f, 1.0f, 0.0f);
  }
}

}  // namespace render
