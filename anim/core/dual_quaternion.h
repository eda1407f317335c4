// Dual quaternions for skinning (Kavan, Collins, Zara, O'Sullivan, "Geometric
// Skinning with Approximate Dual Quaternion Blending", 2008). A unit dual
// quaternion real + eps * dual holds a rigid transform: real is the rotation,
// dual = 0.5 * (0, t) * real carries the translation t. Blending them
// (weighted sum, then division by the real part's length) gives a rigid
// transform again, so a twisted joint keeps its volume where linear blend
// skinning's averaged matrices shrink it towards the axis ("candy wrapper").
//
// A skinning palette matrix may also scale or shear. As the paper does, that
// part is split off and applied first: palette = rigid * stretch, with
// stretch the symmetric factor of the polar decomposition of the upper 3x3
// (so it holds every scale and shear and nothing that rotates). Stretches
// blend linearly, the rigid parts as dual quaternions.
#pragma once

#include <span>
#include <string_view>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_precision.hpp>

namespace anim {

// How a mesh is skinned: linear blend (weighted sum of palette matrices) or
// dual quaternion blend.
enum class SkinningMethod { kLinearBlend, kDualQuaternion };

// "lbs" / "dqs": the names the command line and the panels use.
std::string_view SkinningMethodName(SkinningMethod method);
bool ParseSkinningMethod(std::string_view text, SkinningMethod* method);

struct DualQuaternion {
  glm::quat real{1.0f, 0.0f, 0.0f, 0.0f};
  glm::quat dual{0.0f, 0.0f, 0.0f, 0.0f};
};

// The unit dual quaternion of "rotate by `rotation` (unit), then translate".
DualQuaternion MakeDualQuaternion(const glm::quat& rotation, const glm::vec3& translation);
// The translation of a unit dual quaternion: the vector part of 2 * dual * conj(real).
glm::vec3 TranslationOf(const DualQuaternion& q);
glm::vec3 TransformPoint(const DualQuaternion& q, const glm::vec3& p);

// One palette entry ready for dual-quaternion skinning: palette matrix =
// translate * rotate (rigid) * stretch (symmetric 3x3, applied first).
struct DualQuaternionJoint {
  DualQuaternion rigid;
  glm::mat3 stretch{1.0f};
};

// Splits an affine palette matrix (last row 0 0 0 1). A mirroring matrix
// (negative determinant) puts the mirror into the stretch; a degenerate one
// (a zero scale) gets the identity rotation and keeps no NaN.
DualQuaternionJoint SplitPaletteMatrix(const glm::mat4& m);
// SplitPaletteMatrix for every joint; `out` as long as `palette`.
void BuildDualQuaternionPalette(std::span<const glm::mat4> palette,
                                std::span<DualQuaternionJoint> out);

// Blends up to eight influences, `joints`/`weights` and the optional second
// set `more_joints`/`more_weights` (glTF JOINTS_1/WEIGHTS_1); joints past the
// palette count as identity:
// the stretches by their weights, the dual quaternions by their weights after
// flipping each into the hemisphere of the heaviest influence's rotation (q
// and -q are the same rotation; summing them would cancel), then normalised
// by the real part's length. Weights are used as given (they sum to 1 for
// glTF meshes).
DualQuaternionJoint BlendDualQuaternionJoints(std::span<const DualQuaternionJoint> palette,
                                              const glm::u16vec4& joints, const glm::vec4& weights,
                                              const glm::u16vec4& more_joints = glm::u16vec4(0),
                                              const glm::vec4& more_weights = glm::vec4(0.0f));

// Skins a point and a normal with a blended joint: the stretch first, then
// the rigid part. Normals go through the stretch's cofactor matrix
// (determinant x inverse transpose: right for non-uniform scale and shear;
// under a mirror it flips the normal as the mirrored triangle's winding
// flips) and are not renormalised, like the linear path's.
glm::vec3 SkinPoint(const DualQuaternionJoint& blended, const glm::vec3& p);
glm::vec3 SkinNormal(const DualQuaternionJoint& blended, const glm::vec3& n);

}  // namespace anim
