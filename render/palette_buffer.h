// The skinning palette on the GPU: a texture buffer of RGBA32F texels, four
// per joint (the columns of palette[i]), read in skinned.vert with
// texelFetch. Sized to the skeleton, so there is no small fixed joint limit:
// the cap is GL_MAX_TEXTURE_BUFFER_SIZE / 4 joints (at least 16384 in GL 3.3).
#pragma once

#include <span>
#include <string>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace render {

class PaletteBuffer {
 public:
  PaletteBuffer() = default;
  ~PaletteBuffer();
  PaletteBuffer(const PaletteBuffer&) = delete;
  PaletteBuffer& operator=(const PaletteBuffer&) = delete;

  // Most joints a palette may have on this GL implementation.
  static int MaxJoints();

  // Replaces the GPU palette with `palette` (one matrix per joint). Grows the
  // buffer when the skeleton is bigger than any before; otherwise only
  // uploads. Returns false (and says why) if the GL limit is exceeded.
  bool Upload(std::span<const glm::mat4> palette, std::string* error);

  // Binds the buffer texture to texture unit `unit`.
  void Bind(int unit) const;
  int JointCapacity() const { return capacity_; }

 private:
  GLuint buffer_ = 0;
  GLuint texture_ = 0;
  int capacity_ = 0;  // joints the buffer currently holds room for
};

}  // namespace render
