#include "render/dual_quaternion_skinning.h"

#include <algorithm>

namespace render {

glm::mat4 PackDualQuaternionJoint(const anim::DualQuaternionJoint& joint) {
  const glm::quat& r = joint.rigid.real;
  const glm::quat& d = joint.rigid.dual;
  const glm::mat3& s = joint.stretch;
  return glm::mat4(glm::vec4(r.x, r.y, r.z, r.w), glm::vec4(d.x, d.y, d.z, d.w),
                   glm::vec4(s[0][0], s[1][0], s[2][0], s[1][1]),
                   glm::vec4(s[2][1], s[2][2], 0.0f, 0.0f));
}

anim::DualQuaternionJoint UnpackDualQuaternionJoint(const glm::mat4& packed) {
  anim::DualQuaternionJoint joint;
  const glm::vec4 r = packed[0], d = packed[1], a = packed[2], b = packed[3];
  joint.rigid.real = glm::quat(r.w, r.x, r.y, r.z);
  joint.rigid.dual = glm::quat(d.w, d.x, d.y, d.z);
  joint.stretch = glm::mat3(a.x, a.y, a.z,  // column 0: s00 s10 s20
                            a.y, a.w, b.x,  // column 1: s01 s11 s21
                            a.z, b.x, b.y);
  return joint;
}

void PackDualQuaternionPalette(std::span<const glm::mat4> palette, std::vector<glm::mat4>* packed) {
  packed->resize(palette.size());
  for (std::size_t j = 0; j < palette.size(); ++j) {
    (*packed)[j] = PackDualQuaternionJoint(anim::SplitPaletteMatrix(palette[j]));
  }
}

anim::DualQuaternionJoint VertexDualQuaternion(const anim::MeshPrimitive& p, std::size_t v,
                                               std::span<const anim::DualQuaternionJoint> palette) {
  if (v < p.joints1.size() && v < p.weights1.size()) {
    return anim::BlendDualQuaternionJoints(palette, p.joints[v], p.weights[v], p.joints1[v],
                                           p.weights1[v]);
  }
  return anim::BlendDualQuaternionJoints(palette, p.joints[v], p.weights[v]);
}

void SkinPrimitiveDualQuaternion(const anim::MeshPrimitive& p,
                                 std::span<const anim::DualQuaternionJoint> palette,
                                 std::span<SkinnedVertex> out,
                                 std::span<const float> morph_weights) {
  if (!IsSkinned(p)) {
    SkinPrimitive(p, {}, out, morph_weights);  // the (morphed) copy of an unskinned primitive
    return;
  }
  const std::size_t n = std::min(out.size(), p.positions.size());
  for (std::size_t v = 0; v < n; ++v) {
    const SkinnedVertex morphed = MorphedVertex(p, v, morph_weights);
    const anim::DualQuaternionJoint blended = VertexDualQuaternion(p, v, palette);
    out[v].position = anim::SkinPoint(blended, morphed.position);
    out[v].normal = anim::SkinNormal(blended, morphed.normal);
  }
}

void SkinPrimitiveWith(anim::SkinningMethod method, const anim::MeshPrimitive& p,
                       std::span<const glm::mat4> palette,
                       std::vector<anim::DualQuaternionJoint>* scratch,
                       std::span<SkinnedVertex> out, std::span<const float> morph_weights) {
  if (method == anim::SkinningMethod::kLinearBlend) {
    SkinPrimitive(p, palette, out, morph_weights);
    return;
  }
  scratch->resize(palette.size());
  anim::BuildDualQuaternionPalette(palette, *scratch);
  SkinPrimitiveDualQuaternion(p, *scratch, out, morph_weights);
}

}  // namespace render
