// Draws copies of one skinned model, each with its own world matrix, palette
// and skinning method (linear blend or dual quaternion), lit like the
// character (shaders/skinned.vert + skinned.frag), into whatever framebuffer
// is bound, without clearing: for meshes a sample generates itself, drawn
// after SceneRenderer has cleared and drawn the grid.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "model/model.h"
#include "render/gpu_model.h"
#include "render/palette_buffer.h"
#include "render/scene_renderer.h"
#include "render/shader_program.h"

namespace render {

struct SkinnedCopy {
  glm::mat4 world{1.0f};
  std::span<const glm::mat4> palette;
  anim::SkinningMethod skinning = anim::SkinningMethod::kLinearBlend;
};

class SkinnedCopiesRenderer {
 public:
  bool Init(std::string* error);  // needs a current GL context
  // On failure the previous model stays.
  bool SetModel(const anim::Model& model, std::string* error);
  // Fails only if a palette exceeds the GL limit.
  bool Draw(std::span<const SkinnedCopy> copies, const glm::mat4& view_projection,
            const Lighting& lighting, Shading shading, bool wireframe, std::string* error);

 private:
  ShaderProgram program_;
  GpuModel model_;
  PaletteBuffer palette_;
};

}  // namespace render
