#include "render/palette_buffer.h"

#include "render/dual_quaternion_skinning.h"

namespace render {

bool PaletteBuffer::Upload(std::span<const glm::mat4> palette, std::string* error) {
  const int joints = static_cast<int>(palette.size());
  if (joints > MaxJoints()) {
    *error = "skeleton has " + std::to_string(joints) + " joints, this OpenGL allows at most " +
             std::to_string(MaxJoints()) + " in a skinning palette";
    return false;
  }
  return matrices_.Upload(palette, {}, UploadMethod::kSubData, error);
}

bool PaletteBuffer::Upload(std::span<const glm::mat4> palette, anim::SkinningMethod method,
                           std::string* error) {
  if (method == anim::SkinningMethod::kLinearBlend) return Upload(palette, error);
  PackDualQuaternionPalette(palette, &packed_);
  return Upload(packed_, error);
}

}  // namespace render
