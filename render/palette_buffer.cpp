#include "render/palette_buffer.h"

namespace render {

PaletteBuffer::~PaletteBuffer() {
  if (texture_ != 0) glDeleteTextures(1, &texture_);
  if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
}

int PaletteBuffer::MaxJoints() {
  GLint texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
  return texels / 4;
}

bool PaletteBuffer::Upload(std::span<const glm::mat4> palette, std::string* error) {
  const int joints = static_cast<int>(palette.size());
  if (joints > MaxJoints()) {
    *error = "skeleton has " + std::to_string(joints) + " joints, this OpenGL allows at most " +
             std::to_string(MaxJoints()) + " in a skinning palette";
    return false;
  }
  if (buffer_ == 0) {
    glGenBuffers(1, &buffer_);
    glGenTextures(1, &texture_);
  }
  // glm::mat4 is four column vec4s: exactly the texel layout the shader reads.
  const auto bytes = static_cast<GLsizeiptr>(palette.size_bytes());
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
  if (joints > capacity_ || capacity_ == 0) {
    const int capacity = joints > 0 ? joints : 1;
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(capacity * sizeof(glm::mat4)),
                 nullptr, GL_STREAM_DRAW);
    capacity_ = capacity;
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer_);
  }
  if (bytes > 0) glBufferSubData(GL_TEXTURE_BUFFER, 0, bytes, palette.data());
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  return true;
}

void PaletteBuffer::Bind(int unit) const {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
}

}  // namespace render
