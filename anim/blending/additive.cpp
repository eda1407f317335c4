#include "anim/blending/additive.h"

#include <algorithm>
#include <cmath>

#include "anim/blending/blend_kernels.h"
#include "anim/blending/soa_additive.h"

namespace anim {

namespace {

const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);

glm::quat Normalized(const glm::quat& q) { return NormalizedOrIdentity(q); }

// in + weight * delta, with the rotation delta applied as in * delta^weight
// (approximated by nlerp from identity, exact at weight 0 and 1).
Transform ApplyDelta(const Transform& in, const glm::vec3& dt, const glm::quat& dr,
                     const glm::vec3& ds, float weight) {
  if (weight == 0.0f) return in;
  Transform out;
  out.translation = in.translation + dt * weight;
  out.rotation = Normalized(in.rotation * NlerpShortest(kIdentity, dr, weight));
  out.scale = in.scale + ds * weight;
  return out;
}

}  // namespace

SoaPose MakeAdditivePose(const Skeleton& skeleton, const Clip& clip) {
  return MakeAdditivePose(skeleton, clip, clip.StartTime());
}

SoaPose MakeAdditivePose(const Skeleton& skeleton, const Clip& clip, float time) {
  SoaPose pose = skeleton.RestPose();
  clip.Sample(pose, time, LoopMode::kClamp);
  return pose;
}

void kernels::Subtract(SoaPose& difference, const SoaPose& source, const SoaPose& reference) {
  const int n = difference.JointCount();
  for (int i = 0; i < n; ++i) {
    const Transform s = source.Local(i);
    const Transform r = reference.Local(i);
    difference.SetLocal(
        i, Transform{s.translation - r.translation,
                     Normalized(glm::inverse(r.rotation) * s.rotation), s.scale - r.scale});
  }
  // The weights' difference: source - reference (a zero `in`, weight 1).
  const std::span<float> d = difference.MorphWeights();
  if (source.MorphWeights().size() == d.size() && reference.MorphWeights().size() == d.size()) {
    for (std::size_t i = 0; i < d.size(); ++i) {
      d[i] = source.MorphWeights()[i] - reference.MorphWeights()[i];
    }
  }
}

SoaPose MakeZeroDifferencePose(const Skeleton& skeleton) {
  SoaPose zero = skeleton.RestPose();
  for (int j = 0; j < zero.JointCount(); ++j) {
    zero.SetLocal(j, Transform{glm::vec3(0.0f), kIdentity, glm::vec3(0.0f)});
  }
  std::fill(zero.MorphWeights().begin(), zero.MorphWeights().end(), 0.0f);
  return zero;
}

void kernels::AddDifference(SoaPose& out, const SoaPose& in, const SoaPose& difference,
                            float weight) {
  const int n = out.JointCount();
  for (int i = 0; i < n; ++i) {
    const Transform d = difference.Local(i);
    out.SetLocal(i, ApplyDelta(in.Local(i), d.translation, d.rotation, d.scale, weight));
  }
  // A difference's weights are a change already (its base is zero).
  const std::span<const float> change = difference.MorphWeights();
  if (change.size() == out.MorphWeights().size() && in.MorphWeights().size() == change.size()) {
    for (std::size_t i = 0; i < change.size(); ++i) {
      out.MorphWeights()[i] = in.MorphWeights()[i] + weight * change[i];
    }
  }
}

}  // namespace anim
