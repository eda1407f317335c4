#include "render/skeleton_overlay.h"

#include <algorithm>

namespace render {

void BuildSkeletonOverlay(std::span<const glm::mat4> joint_model_matrices,
                          std::span<const int> parents, const glm::mat4& world,
                          std::span<const glm::vec4> joint_colors,
                          std::vector<ColoredVertex>* bones, std::vector<ColoredVertex>* joints) {
  const glm::vec4 bone_color(1.0f, 0.78f, 0.25f, 1.0f);
  const glm::vec4 joint_color(1.0f, 0.35f, 0.2f, 1.0f);
  bones->clear();
  joints->clear();
  const std::size_t n = std::min(joint_model_matrices.size(), parents.size());
  const bool custom = joint_colors.size() == n;
  for (std::size_t i = 0; i < n; ++i) {
    const glm::vec3 p = glm::vec3(world * joint_model_matrices[i][3]);
    joints->push_back({p, custom ? joint_colors[i] : joint_color});
    const int parent = parents[i];
    if (parent >= 0 && static_cast<std::size_t>(parent) < n) {
      const glm::vec4 color = custom ? joint_colors[i] : bone_color;
      bones->push_back({glm::vec3(world * joint_model_matrices[parent][3]), color});
      bones->push_back({p, color});
    }
  }
}

}  // namespace render
