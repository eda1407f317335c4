#include "anim/blending.h"

#include <cassert>

#include "anim/interpolation.h"
#include "anim/soa_layer_blend.h"

namespace anim {

bool IsInHierarchy(const Pose& pose, int root, int joint) {
  if (root < 0 || joint < 0) return false;
  // Parents come before children, so every ancestor of a descendant of
  // `root` has an index >= root: once the walk drops below root it can stop.
  for (int j = joint; j >= root; j = pose.Parent(j)) {
    if (j == root) return true;
  }
  return false;
}

bool IsInHierarchy(const Skeleton& skeleton, int root, int joint) {
  return IsInHierarchy(skeleton.RestPose(), root, joint);
}

void Blend(Pose& out, const Pose& a, const Pose& b, float t, int root) {
  assert(out.JointCount() == a.JointCount() && a.JointCount() == b.JointCount());
  const int n = out.JointCount();
  if (root < 0) {
    // The whole skeleton: a tight loop over the arrays with Mix inlined.
    std::span<Transform> o = out.Locals();
    std::span<const Transform> la = a.Locals(), lb = b.Locals();
    for (int i = 0; i < n; ++i) o[i] = interpolation::Mix(la[i], lb[i], t);
    return;
  }
  for (int i = 0; i < n; ++i) {
    if (!IsInHierarchy(out, root, i)) {
      out.SetLocal(i, a.Local(i));
      continue;
    }
    out.SetLocal(i, Mix(a.Local(i), b.Local(i), t));
  }
}

namespace {

// BlendWeighted for both pose layouts: joint by joint through Local/SetLocal.
template <typename PoseT>
void BlendWeightedJoints(PoseT& out, const PoseT& a, const PoseT& b, float t,
                         std::span<const float> weights) {
  assert(out.JointCount() == a.JointCount() && a.JointCount() == b.JointCount());
  assert(static_cast<int>(weights.size()) == out.JointCount());
  const int n = out.JointCount();
  for (int i = 0; i < n; ++i) out.SetLocal(i, Mix(a.Local(i), b.Local(i), t * weights[i]));
}

}  // namespace

void BlendWeighted(Pose& out, const Pose& a, const Pose& b, float t,
                   std::span<const float> weights) {
  BlendWeightedJoints(out, a, b, t, weights);
}

void BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights) {
  BlendWeightedJoints(out, a, b, t, weights);
}

}  // namespace anim
