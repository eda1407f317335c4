// A dynamic vertex array of coloured points, drawn as GL_LINES or
// GL_POINTS with shaders/lines.* or shaders/grid.*. Used for the ground
// grid and the skeleton overlay.
#pragma once

#include <span>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace render {

struct ColoredVertex {
  glm::vec3 position;
  glm::vec4 color;  // sRGB, alpha for blending
};

class LineMesh {
 public:
  LineMesh() = default;
  ~LineMesh();
  LineMesh(const LineMesh&) = delete;
  LineMesh& operator=(const LineMesh&) = delete;

  // Replaces the contents; the GPU buffer only grows.
  void Upload(std::span<const ColoredVertex> vertices);
  // mode: GL_LINES or GL_POINTS.
  void Draw(GLenum mode) const;

 private:
  GLuint vao_ = 0;
  GLuint buffer_ = 0;
  GLsizei count_ = 0;
  GLsizeiptr capacity_bytes_ = 0;
};

}  // namespace render
