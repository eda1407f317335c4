#include "render/skinned_bounds.h"

#include <vector>

#include "anim/skeleton.h"

namespace render {

Bounds SkinnedBounds(const anim::Model& model, std::span<const glm::mat4> palette) {
  Bounds bounds;
  const int joints = static_cast<int>(palette.size());
  for (const anim::MeshPrimitive& p : model.primitives) {
    const bool skinned = !p.joints.empty() && p.joints.size() == p.positions.size() &&
                         p.weights.size() == p.positions.size();
    for (std::size_t v = 0; v < p.positions.size(); ++v) {
      glm::mat4 skin(1.0f);
      if (skinned) {
        skin = glm::mat4(0.0f);
        for (int k = 0; k < 4; ++k) {
          const int j = p.joints[v][k];
          skin += p.weights[v][k] * (j < joints ? palette[j] : glm::mat4(1.0f));
        }
      }
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
