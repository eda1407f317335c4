// Everything of an anim::Model that the GPU draws: one GpuMesh per
// primitive and, per material, its factors, textures, alpha mode and
// sidedness. Drawing sets the material uniforms of shaders/skinned.frag;
// the caller has bound the program and the palette. Opaque and masked
// primitives are drawn first, then the blended ones (render/blend_order.h).
#pragma once

#include <array>
#include <map>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"
#include "render/blend_order.h"
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
  // `blend_order`: the blended primitives (BlendedMeshes) in the order to
  // draw them, farthest first; empty: the model's order.
  void Draw(const ShaderProgram& skinned_program, int instances = 1,
            std::span<const float> morph_weights = {}, std::span<const int> blend_order = {}) const;
  bool Empty() const { return meshes_.empty(); }

  // For callers that feed the primitives their own vertices (the crowd's
  // CPU-skinning path): mesh i is model.primitives[i].
  int MeshCount() const { return static_cast<int>(meshes_.size()); }
  // GL textures made: one per image and sampler settings, however many
  // materials share them.
  int TextureCount() const { return static_cast<int>(textures_.size()); }
  // The meshes whose material blends, in the model's order, and where each
  // mesh is (for sorting them).
  const std::vector<int>& BlendedMeshes() const { return blended_meshes_; }
  std::span<const PrimitiveAnchor> Anchors() const { return anchors_; }
  // Sets mesh i's material uniforms (factors, textures) and face culling;
  // the material values clips animate (Model::animated_material_values) are
  // read from `animated` (a character's whole array of animated floats, or
  // instances of it one after another: the first is used) when given.
  void ApplyMaterial(const ShaderProgram& program, int mesh,
                     std::span<const float> animated = {}) const;
  // Mesh i's morph targets at `morph_weights` (as Draw takes them), on
  // texture units 2 and 3, and the uniforms of shaders/skinned.vert.
  void BindMorphTargets(const ShaderProgram& program, int mesh,
                        std::span<const float> morph_weights, int instances = 1) const;

  static constexpr int kMorphOffsetsUnit = 2;
  static constexpr int kMorphWeightsUnit = 3;
  // Units of the material textures after base colour (0) and palette (1):
  // metallic-roughness, normal, occlusion, emissive.
  static constexpr int kFirstMaterialUnit = 4;

 private:
  struct GpuTextureSlot {
    int texture = -1;  // index into textures_
    glm::mat3 uv{1.0f};
  };
  struct GpuMaterial {
    anim::Material factors;                  // its textures' images are not used here; no name
    std::array<GpuTextureSlot, 5> textures;  // in anim::Material::Textures' order
    std::vector<int> animated;               // indices into animated_values_
  };
  // Uploads (or finds) the texture of `ref`; false with `error` set when GL
  // refuses it.
  bool UploadTexture(const anim::Model& model, const anim::TextureRef& ref, ColorEncoding encoding,
                     GpuTextureSlot* slot, std::string* error);
  void DrawMesh(const ShaderProgram& program, int mesh, int instances,
                std::span<const float> morph_weights) const;
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
  // One texture per image, sampler and encoding, however many materials
  // use it: a file whose hundred materials share one 8192x8192 picture must
  // not ask the GPU for a hundred copies of 256 MB.
  std::map<std::tuple<int, int, int, int, int, int>, int> uploaded_;
  std::vector<anim::AnimatedMaterialValue> animated_values_;
  std::vector<int> blended_meshes_;
  std::vector<PrimitiveAnchor> anchors_;
  std::vector<anim::NodeVisibility> node_visibility_;  // Model::node_visibility
  std::vector<int> mesh_visibility_;                   // per mesh, MeshPrimitive::visibility
  mutable std::vector<std::uint8_t> node_shown_;       // Draw's ShownNodes, reused
};

}  // namespace render
