#include "render/line_mesh.h"

#include <cstddef>

#include "render/buffer_offset.h"

namespace render {

LineMesh::~LineMesh() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
}

void LineMesh::Upload(std::span<const ColoredVertex> vertices) {
  if (vao_ == 0) {
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &buffer_);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, buffer_);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(ColoredVertex),
                          BufferOffset(offsetof(ColoredVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(ColoredVertex),
                          BufferOffset(offsetof(ColoredVertex, color)));
    glBindVertexArray(0);
  }
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  const auto bytes = static_cast<GLsizeiptr>(vertices.size_bytes());
  if (bytes > capacity_bytes_) {
    glBufferData(GL_ARRAY_BUFFER, bytes, vertices.data(), GL_DYNAMIC_DRAW);
    capacity_bytes_ = bytes;
  } else if (bytes > 0) {
    glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, vertices.data());
  }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  count_ = static_cast<GLsizei>(vertices.size());
}

void LineMesh::Draw(GLenum mode) const {
  if (vao_ == 0 || count_ == 0) return;
  glBindVertexArray(vao_);
  glDrawArrays(mode, 0, count_);
  glBindVertexArray(0);
}

}  // namespace render
