// The skinning palette on the GPU: a texture buffer of RGBA32F texels, four
// per joint (the columns of palette[i]), read in skinned.vert with
// texelFetch. Sized to the skeleton, so there is no small fixed joint limit:
// the cap is GL_MAX_TEXTURE_BUFFER_SIZE / 4 joints (at least 16384 in GL 3.3).
// One character's case of the crowd's CrowdMatrixBuffer, which it wraps.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glad/gl.h>
#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "render/crowd_matrix_buffer.h"

namespace render {

class PaletteBuffer {
 public:
  // Most joints a palette may have on this GL implementation.
  static int MaxJoints() { return static_cast<int>(CrowdMatrixBuffer::MaxMatrices()); }

  // Replaces the GPU palette with `palette` (one matrix per joint). Grows the
  // buffer when the skeleton is bigger than any before; otherwise only
  // uploads. Returns false (and says why) if the GL limit is exceeded.
  bool Upload(std::span<const glm::mat4> palette, std::string* error);
  // As above, for `method`: dual-quaternion skinning uploads the palette
  // packed as render/dual_quaternion_skinning.h describes.
  bool Upload(std::span<const glm::mat4> palette, anim::SkinningMethod method, std::string* error);

  // Binds the buffer texture to texture unit `unit`.
  void Bind(int unit) const { matrices_.Bind(unit); }

 private:
  CrowdMatrixBuffer matrices_;
  std::vector<glm::mat4> packed_;  // the dual-quaternion palette, reused
};

}  // namespace render
