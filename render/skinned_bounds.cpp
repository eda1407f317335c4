#include "render/skinned_bounds.h"

#include <vector>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/skeleton.h"
#include "render/cpu_skinning.h"

namespace render {

Bounds SkinnedBounds(const anim::Model& model, std::span<const glm::mat4> palette) {
  Bounds bounds;
  for (const anim::MeshPrimitive& p : model.primitives) {
    const bool skinned = IsSkinned(p);
    for (std::size_t v = 0; v < p.positions.size(); ++v) {
      const glm::mat4 skin = skinned ? VertexSkinMatrix(p, v, palette) : glm::mat4(1.0f);
      bounds.Extend(glm::vec3(skin * glm::vec4(p.positions[v], 1.0f)));
    }
  }
  return bounds;
}

Bounds RestPoseBounds(const anim::Model& model) {
  const anim::Skeleton& skeleton = model.skeleton;
  const auto n = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> model_matrices(n), palette(n);
  if (n > 0) anim::ComputePalette(skeleton, skeleton.RestPose(), model_matrices, palette);
  return SkinnedBounds(model, palette);
}

}  // namespace render
