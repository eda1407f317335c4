#include "render/cpu_skinning.h"

#include <algorithm>

namespace render {

bool IsSkinned(const anim::MeshPrimitive& p) {
  return !p.joints.empty() && p.joints.size() == p.positions.size() &&
         p.weights.size() == p.positions.size();
}

SkinnedVertex MorphedVertex(const anim::MeshPrimitive& p, std::size_t v,
                            std::span<const float> weights) {
  const bool has_normals = p.normals.size() == p.positions.size();
  SkinnedVertex out{p.positions[v], has_normals ? p.normals[v] : glm::vec3(0.0f, 1.0f, 0.0f)};
  const std::size_t targets = std::min(weights.size(), p.morph_targets.size());
  for (std::size_t t = 0; t < targets; ++t) {
    if (weights[t] == 0.0f) continue;
    const anim::MorphTarget& target = p.morph_targets[t];
    if (v < target.positions.size()) out.position += weights[t] * target.positions[v];
    if (has_normals && v < target.normals.size()) out.normal += weights[t] * target.normals[v];
  }
  return out;
}

void SkinPrimitive(const anim::MeshPrimitive& p, std::span<const glm::mat4> palette,
                   std::span<SkinnedVertex> out, std::span<const float> morph_weights) {
  const std::size_t n = std::min(out.size(), p.positions.size());
  if (!IsSkinned(p)) {
    for (std::size_t v = 0; v < n; ++v) out[v] = MorphedVertex(p, v, morph_weights);
    return;
  }
  for (std::size_t v = 0; v < n; ++v) {
    const SkinnedVertex morphed = MorphedVertex(p, v, morph_weights);
    const glm::mat4 skin = VertexSkinMatrix(p, v, palette);
    out[v].position = glm::vec3(skin * glm::vec4(morphed.position, 1.0f));
    out[v].normal = glm::mat3(skin) * morphed.normal;
  }
}

}  // namespace render
