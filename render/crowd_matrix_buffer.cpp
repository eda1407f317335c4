#include "render/crowd_matrix_buffer.h"

#include <cstring>

namespace render {

CrowdMatrixBuffer::~CrowdMatrixBuffer() {
  if (texture_ != 0) glDeleteTextures(1, &texture_);
  if (buffer_ != 0) glDeleteBuffers(1, &buffer_);
}

long CrowdMatrixBuffer::MaxMatrices() {
  GLint texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &texels);
  return texels / 4;
}

bool CrowdMatrixBuffer::Upload(std::span<const glm::mat4> palettes,
                               std::span<const glm::mat4> worlds, UploadMethod method,
                               std::string* error) {
  const long count = static_cast<long>(palettes.size() + worlds.size());
  if (count > MaxMatrices()) {
    *error = "a crowd of " + std::to_string(worlds.size()) + " instances needs " +
             std::to_string(count) + " matrices, this OpenGL allows at most " +
             std::to_string(MaxMatrices()) + " in a texture buffer";
    return false;
  }
  if (buffer_ == 0) {
    glGenBuffers(1, &buffer_);
    glGenTextures(1, &texture_);
  }
  glBindBuffer(GL_TEXTURE_BUFFER, buffer_);
  if (count > capacity_ || capacity_ == 0) {
    capacity_ = count > 0 ? count : 1;
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(capacity_ * sizeof(glm::mat4)), nullptr,
                 GL_STREAM_DRAW);
    glBindTexture(GL_TEXTURE_BUFFER, texture_);
    glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffer_);
    glBindTexture(GL_TEXTURE_BUFFER, 0);
  }
  world_offset_ = static_cast<int>(palettes.size());
  // glm::mat4 is four column vec4s: exactly the texel layout the shader reads.
  const auto palette_bytes = static_cast<GLsizeiptr>(palettes.size_bytes());
  const auto world_bytes = static_cast<GLsizeiptr>(worlds.size_bytes());
  bool ok = true;
  if (method == UploadMethod::kSubData) {
    if (palette_bytes > 0) glBufferSubData(GL_TEXTURE_BUFFER, 0, palette_bytes, palettes.data());
    if (world_bytes > 0) {
      glBufferSubData(GL_TEXTURE_BUFFER, palette_bytes, world_bytes, worlds.data());
    }
  } else if (palette_bytes + world_bytes > 0) {
    // Invalidating lets the driver hand out fresh memory instead of waiting
    // for draws still reading last frame's matrices.
    void* target = glMapBufferRange(GL_TEXTURE_BUFFER, 0, palette_bytes + world_bytes,
                                    GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
    if (target == nullptr) {
      *error = "glMapBufferRange failed for the crowd's matrices";
      ok = false;
    } else {
      if (palette_bytes > 0) {
        std::memcpy(target, palettes.data(), static_cast<std::size_t>(palette_bytes));
      }
      if (world_bytes > 0) {
        std::memcpy(static_cast<char*>(target) + palette_bytes, worlds.data(),
                    static_cast<std::size_t>(world_bytes));
      }
      ok = glUnmapBuffer(GL_TEXTURE_BUFFER) == GL_TRUE;
      if (!ok) *error = "the crowd's matrix buffer was lost while mapped";
    }
  }
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  return ok;
}

void CrowdMatrixBuffer::Bind(int unit) const {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
}

}  // namespace render
