#include "anim/blending/blending.h"

namespace anim {

bool IsInHierarchy(std::span<const int> parents, int root, int joint) {
  if (root < 0 || joint < 0 || joint >= static_cast<int>(parents.size())) return false;
  // Parents come before children, so every ancestor of a descendant of
  // `root` has an index >= root: once the walk drops below root it can stop.
  for (int j = joint; j >= root; j = parents[j]) {
    if (j == root) return true;
  }
  return false;
}

bool IsInHierarchy(const Skeleton& skeleton, int root, int joint) {
  return IsInHierarchy(skeleton.Parents(), root, joint);
}

}  // namespace anim
