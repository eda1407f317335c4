#include "anim/blending/joint_mask.h"

#include <algorithm>
#include <cmath>

namespace anim {

JointMask MakeMaskFromRoot(const Skeleton& skeleton, int root, int falloff_joints) {
  const int n = skeleton.JointCount();
  JointMask mask{std::vector<float>(n, 0.0f)};
  if (root < 0 || root >= n) return mask;
  // depth[i] = levels below root, -1 outside the subtree. One forward pass
  // suffices because parents come before children.
  std::vector<int> depth(n, -1);
  depth[root] = 0;
  for (int i = root + 1; i < n; ++i) {
    const int p = skeleton.Parent(i);
    if (p >= 0 && depth[p] >= 0) depth[i] = depth[p] + 1;
  }
  const int falloff = std::max(0, falloff_joints);
  for (int i = root; i < n; ++i) {
    if (depth[i] < 0) continue;
    mask.weights[i] = std::min(1.0f, float(depth[i] + 1) / float(falloff + 1));
  }
  return mask;
}

JointMask MakeMaskFromWeights(const Skeleton& skeleton, const std::vector<float>& weights) {
  JointMask mask{std::vector<float>(skeleton.JointCount(), 0.0f)};
  for (std::size_t i = 0; i < mask.weights.size() && i < weights.size(); ++i) {
    const float w = weights[i];
    mask.weights[i] = std::isnan(w) ? 0.0f : std::clamp(w, 0.0f, 1.0f);
  }
  return mask;
}

}  // namespace anim
