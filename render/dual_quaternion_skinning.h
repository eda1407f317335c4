// Dual-quaternion skinning (anim/core/dual_quaternion.h) for the renderer: the
// CPU reference that tests and the crowd's CPU path use, and the packing of
// a palette into the layout shaders/skinned.vert and crowd_skinned.vert read
// when u_dual_quaternion is set. The packed palette keeps the matrix
// palette's shape (four RGBA32F texels per joint), so the same buffers carry
// either kind:
//   texel 0: rotation quaternion (x, y, z, w)
//   texel 1: dual part (x, y, z, w)
//   texel 2: stretch s00, s01, s02, s11
//   texel 3: stretch s12, s22, 0, 0   (the stretch is symmetric)
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "model/model.h"
#include "render/cpu_skinning.h"

namespace render {

// The vertex shader object holding the GLSL side, linked beside skinned.vert
// and crowd_skinned.vert (ShaderProgram::Build's vertex_library).
inline constexpr std::string_view kSkinningLibraryShader = "skinning_library.vert";

// The packed form of one joint (see above) and back.
glm::mat4 PackDualQuaternionJoint(const anim::DualQuaternionJoint& joint);
anim::DualQuaternionJoint UnpackDualQuaternionJoint(const glm::mat4& packed);

// Splits and packs every matrix of `palette` into `packed` (resized to match).
void PackDualQuaternionPalette(std::span<const glm::mat4> palette, std::vector<glm::mat4>* packed);

// Vertex v's influences (both sets when `p` has eight per vertex) blended.
anim::DualQuaternionJoint VertexDualQuaternion(const anim::MeshPrimitive& p, std::size_t v,
                                               std::span<const anim::DualQuaternionJoint> palette);

// Skins every vertex of `p` with dual quaternions into `out` (as SkinPrimitive
// does with matrices: unskinned primitives are copied, nothing is allocated).
// Morph targets at `morph_weights` come first, as for SkinPrimitive.
void SkinPrimitiveDualQuaternion(const anim::MeshPrimitive& p,
                                 std::span<const anim::DualQuaternionJoint> palette,
                                 std::span<SkinnedVertex> out,
                                 std::span<const float> morph_weights = {});

// Either method from a matrix palette; `scratch` holds the split palette
// between calls so that steady use allocates nothing.
void SkinPrimitiveWith(anim::SkinningMethod method, const anim::MeshPrimitive& p,
                       std::span<const glm::mat4> palette,
                       std::vector<anim::DualQuaternionJoint>* scratch,
                       std::span<SkinnedVertex> out, std::span<const float> morph_weights = {});

}  // namespace render
