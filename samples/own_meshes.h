// What a sample that brings its own mesh hands the viewer (Sample::OwnMesh):
// a skinned model it generated and the copies of it to draw, each with its
// own placement, palette and skinning method, instead of the character.
// Plain data (glm and anim types), so samples/ stays free of GL.
#pragma once

#include <span>

#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "model/model.h"

namespace samples {

struct OwnMeshCopy {
  glm::mat4 world{1.0f};               // model space -> world space
  std::span<const glm::mat4> palette;  // one matrix per joint of the model's skeleton
  anim::SkinningMethod skinning = anim::SkinningMethod::kLinearBlend;
};

struct OwnMeshes {
  const anim::Model* model = nullptr;  // outlives the frame
  std::span<const OwnMeshCopy> copies;
  // World box holding every copy in every pose: what the camera frames.
  glm::vec3 bounds_min{0.0f};
  glm::vec3 bounds_max{0.0f};
};

}  // namespace samples
