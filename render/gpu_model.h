// Everything of an anim::Model that the GPU draws: one GpuMesh per
// primitive and, per material, its base colour factor, texture and
// sidedness. Drawing sets the material uniforms of shaders/skinned.frag;
// the caller has bound the program and the palette.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/import/model.h"
#include "render/gpu_mesh.h"
#include "render/gpu_texture.h"
#include "render/shader_program.h"

namespace render {

class GpuModel {
 public:
  // Uploads every primitive; fails (naming the primitive) on inconsistent
  // data. Textures that cannot be uploaded are dropped (factor only).
  bool Upload(const anim::Model& model, std::string* error);
  void Draw(const ShaderProgram& skinned_program) const;
  bool Empty() const { return meshes_.empty(); }

 private:
  struct GpuMaterial {
    glm::vec4 base_color_factor{1.0f};
    int texture = -1;  // index into textures_
    bool double_sided = false;
  };
  std::vector<GpuMesh> meshes_;
  std::vector<GpuMaterial> materials_;
  std::vector<GpuTexture> textures_;
};

}  // namespace render
