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

// parent_model * offset_local, where offset_local is a joint's offset times
// its local TRS: the cheaper affine product unless a general offset made
// the product general. The one place that rule is written.
inline glm::mat4 ChainToParent(const glm::mat4& parent_model, const glm::mat4& offset_local,
                               OffsetKind kind) {
  const bool is_affine = kind != OffsetKind::kGeneral || affine::IsAffine(offset_local);
  return is_affine ? affine::MultiplyAffine(parent_model, offset_local)
                   : parent_model * offset_local;
}

// The model matrix of a joint from its local matrix (a TRS, so affine), its
// offset and its parent's model matrix (null for a root).
inline glm::mat4 JointModelMatrix(OffsetKind kind, const glm::mat4& offset, glm::mat4 local,
                                  const glm::mat4* parent_model) {
  switch (kind) {
    case OffsetKind::kIdentity: break;  // offset * local == local
    case OffsetKind::kAffine: local = affine::MultiplyAffine(offset, local); break;
    case OffsetKind::kGeneral: local = offset * local; break;
  }
  if (parent_model == nullptr) return local;
  return ChainToParent(*parent_model, local, kind);
}

}  // namespace anim
