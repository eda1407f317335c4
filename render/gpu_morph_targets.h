// One primitive's morph targets on the GPU, as glTF viewers keep them: every
// target's position and normal offsets in one RGBA32F texture buffer (texel
// 2 (t n + v) the position offset of vertex v in target t, the next texel its
// normal offset), and the weights in an R32F texture buffer of one texel per
// target, rewritten before each draw. shaders/skinned.vert adds the weighted
// offsets before skinning, so any number of targets fits, up to
// GL_MAX_TEXTURE_BUFFER_SIZE texels.
#pragma once

#include <span>
#include <string>

#include <glad/gl.h>

#include "model/model.h"

namespace render {

class GpuMorphTargets {
 public:
  GpuMorphTargets() = default;
  ~GpuMorphTargets();
  GpuMorphTargets(GpuMorphTargets&& other) noexcept;
  GpuMorphTargets& operator=(GpuMorphTargets&& other) noexcept;

  // Uploads the offsets (nothing for a primitive without targets). Fails,
  // naming the limit, when they exceed the texture buffer size.
  bool Upload(const anim::MeshPrimitive& primitive, std::string* error);
  int TargetCount() const { return targets_; }
  int VertexCount() const { return vertices_; }

  // Writes the weights (one per target, missing ones 0; or one run of
  // TargetCount() per instance, instance k's at k * TargetCount(), for the
  // crowd's instanced draw) and binds both buffers to texture units
  // `offsets_unit` and `weights_unit` (the caller sets the shader's
  // u_morph_targets, u_morph_vertices and u_morph_instance_stride).
  void Bind(std::span<const float> weights, int offsets_unit, int weights_unit) const;

 private:
  void Release();
  GLuint buffers_[2] = {};   // offsets, weights
  GLuint textures_[2] = {};  // their texture-buffer views
  int targets_ = 0;
  int vertices_ = 0;
  mutable std::size_t weight_capacity_ = 0;  // floats the weights buffer holds
};

}  // namespace render
