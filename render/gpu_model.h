// Everything of an anim::Model that the GPU draws: one GpuMesh per
// primitive and, per material, its base colour factor, texture and
// sidedness. Drawing sets the material uniforms of shaders/skinned.frag;
// the caller has bound the program and the palette.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"
#include "render/gpu_mesh.h"
#include "render/gpu_morph_targets.h"
#include "render/gpu_texture.h"
#include "render/shader_program.h"

namespace render {

class GpuModel {
 public:
  // Uploads every primitive; fails (naming the primitive) on inconsistent
  // data. Textures that cannot be uploaded are dropped (factor only).
  bool Upload(const anim::Model& model, std::string* error);
  // Every primitive with its material and its morph targets at
  // `morph_weights` (the character's whole weight array, Model::morph_channels;
  // empty: the model's default weights); `instances` > 1 draws that many
  // copies per primitive in one instanced call (shaders/crowd_skinned.vert),
  // each with its own weights when `morph_weights` holds `instances` whole
  // arrays one after another, else all with the one array.
  void Draw(const ShaderProgram& skinned_program, int instances = 1,
            std::span<const float> morph_weights = {}) const;
  bool Empty() const { return meshes_.empty(); }

  // For callers that feed the primitives their own vertices (the crowd's
  // CPU-skinning path): mesh i is model.primitives[i].
  int MeshCount() const { return static_cast<int>(meshes_.size()); }
  // GL textures made: one per image and sampler settings, however many
  // materials share them.
  int TextureCount() const { return static_cast<int>(textures_.size()); }
  // Sets mesh i's material uniforms (factor, texture) and face culling.
  void ApplyMaterial(const ShaderProgram& program, int mesh) const;
  // Mesh i's morph targets at `morph_weights` (as Draw takes them), on
  // texture units 2 and 3, and the uniforms of shaders/skinned.vert.
  void BindMorphTargets(const ShaderProgram& program, int mesh,
                        std::span<const float> morph_weights, int instances = 1) const;

  static constexpr int kMorphOffsetsUnit = 2;
  static constexpr int kMorphWeightsUnit = 3;

 private:
  struct GpuMaterial {
    glm::vec4 base_color_factor{1.0f};
    int texture = -1;  // index into textures_
    bool double_sided = false;
  };
  struct MeshMorph {
    GpuMorphTargets targets;
    int first_weight = 0;  // where its channel's weights start
  };
  std::vector<GpuMesh> meshes_;
  std::vector<MeshMorph> morphs_;  // one per mesh
  std::vector<float> default_morph_weights_;
  mutable std::vector<float> instance_weights_;  // BindMorphTargets' gather, reused
  std::vector<GpuMaterial> materials_;
  std::vector<GpuTexture> textures_;
};

}  // namespace render
