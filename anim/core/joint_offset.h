// A joint's offset: the fixed matrix an importer keeps between a joint and
// its parent (a static node between two joints, an armature's transform),
// applied as parent_model * offset * local. The runtime's kernels and the
// offline Pose compose model matrices through these two functions, so the
// rule exists once.
#pragma once

#include <glm/glm.hpp>

#include "anim/core/affine.h"

namespace anim {

// What an offset is, worked out once per skeleton so the per-frame loop
// skips identity offsets and uses the cheaper affine product where it can.
enum class OffsetKind : unsigned char { kIdentity, kAffine, kGeneral };

inline OffsetKind ClassifyOffset(const glm::mat4& offset) {
  if (offset == glm::mat4(1.0f)) return OffsetKind::kIdentity;
  return affine::IsAffine(offset) ? OffsetKind::kAffine : OffsetKind::kGeneral;
}

// The model matrix of a joint from its local matrix (a TRS, so affine), its
// offset and its parent's model matrix (null for a root).
inline glm::mat4 JointModelMatrix(OffsetKind kind, const glm::mat4& offset, glm::mat4 local,
                                  const glm::mat4* parent_model) {
  bool is_affine = true;
  switch (kind) {
    case OffsetKind::kIdentity: break;  // offset * local == local
    case OffsetKind::kAffine: local = affine::MultiplyAffine(offset, local); break;
    case OffsetKind::kGeneral:
      local = offset * local;
      is_affine = affine::IsAffine(local);
      break;
  }
  if (parent_model == nullptr) return local;
  return is_affine ? affine::MultiplyAffine(*parent_model, local) : *parent_model * local;
}

}  // namespace anim
