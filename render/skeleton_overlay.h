// The skeleton drawn over the mesh: a line from every joint to its parent
// and a dot on every joint, built from the joints' model-space matrices
// (their translation column is the joint position).
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "render/line_mesh.h"

namespace render {

// Appends line pairs (joint -> parent) and joint points; the vectors are
// cleared first and reuse their capacity from frame to frame. A joint's dot
// (and the bone ending at it) takes joint_colors[joint] when that span has
// one colour per joint (sRGB; a sample can show its blend mask that way),
// else the default orange.
void BuildSkeletonOverlay(std::span<const glm::mat4> joint_model_matrices,
                          std::span<const int> parents, const glm::mat4& world,
                          std::span<const glm::vec4> joint_colors,
                          std::vector<ColoredVertex>* bones, std::vector<ColoredVertex>* joints);

}  // namespace render
