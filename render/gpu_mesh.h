// One anim::MeshPrimitive on the GPU: a vertex array with position, normal,
// texcoord, colour, two sets of joints (integer attributes) and weights
// (eight influences), plus indices.
// Attribute locations match shaders/skinned.vert.
#pragma once

#include <string>

#include <glad/gl.h>

#include "model/model.h"

namespace render {

class GpuMesh {
 public:
  GpuMesh() = default;
  ~GpuMesh();
  GpuMesh(GpuMesh&& other) noexcept;
  GpuMesh& operator=(GpuMesh&& other) noexcept;

  // Validates and uploads. Fails (with a reason) when the arrays disagree in
  // length or an index points past the vertices, so bad data never reaches
  // the driver. `joint_count` bounds the joint indices.
  bool Upload(const anim::MeshPrimitive& primitive, int joint_count, std::string* error);

  // `instances` > 1 draws that many copies in one call (gl_InstanceID 0..n-1).
  void Draw(int instances = 1) const;
  // Every vertex once, in order, as a point: what transform feedback
  // captures to compare the vertex shader with a CPU reference.
  void DrawVerticesAsPoints() const;
  bool Skinned() const { return skinned_; }
  int Material() const { return material_; }

 private:
  void Release();

  GLuint vao_ = 0;
  GLuint buffers_[10] = {};  // 9 attributes + indices
  GLsizei index_count_ = 0;
  GLsizei vertex_count_ = 0;
  bool skinned_ = false;
  int material_ = -1;
};

}  // namespace render
