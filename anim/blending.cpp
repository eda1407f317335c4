#include "anim/blending.h"

namespace anim {

bool IsInHierarchy(const Skeleton& skeleton, int root, int joint) {
  if (root < 0 || joint < 0 || joint >= skeleton.JointCount()) return false;
  // Parents come before children, so every ancestor of a descendant of
  // `root` has an index >= root: once the walk drops below root it can stop.
  for (int j = joint; j >= root; j = skeleton.Parent(j)) {
    if (j == root) return true;
  }
  return false;
}

}  // namespace anim
