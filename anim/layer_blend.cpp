#include "anim/layer_blend.h"

#include <cmath>

namespace anim {

namespace {

float LayerWeight(const BlendLayer& layer, int joint) {
  float w = layer.weight;
  if (!(w > 0.0f)) return 0.0f;  // also rejects NaN
  if (layer.mask != nullptr) {
    const auto& mw = layer.mask->weights;
    w *= joint < static_cast<int>(mw.size()) ? mw[joint] : 0.0f;
  }
  return std::isfinite(w) ? w : 0.0f;
}

struct Accumulator {
  glm::vec3 translation{0.0f};
  glm::vec4 rotation{0.0f};  // (x, y, z, w) summed in one hemisphere
  glm::vec3 scale{0.0f};
  float weight = 0.0f;

  void Add(const Transform& t, float w) {
    glm::vec4 q(t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w);
    if (weight > 0.0f && glm::dot(q, rotation) < 0.0f) q = -q;
    translation += t.translation * w;
    rotation += q * w;
    scale += t.scale * w;
    weight += w;
  }
};

}  // namespace

void BlendLayers(Pose& out, std::span<const BlendLayer> layers, const Pose& rest, float threshold) {
  const int n = out.JointCount();
  for (int i = 0; i < n; ++i) {
    Accumulator acc;
    for (const BlendLayer& layer : layers) {
      if (layer.pose == nullptr) continue;
      const float w = LayerWeight(layer, i);
      if (w > 0.0f) acc.Add(layer.pose->Local(i), w);
    }
    if (acc.weight < threshold) acc.Add(rest.Local(i), threshold - acc.weight);
    if (!(acc.weight > 0.0f)) {  // threshold <= 0 and no layer: nothing to say but rest
      out.SetLocal(i, rest.Local(i));
      continue;
    }
    const float inv = 1.0f / acc.weight;
    Transform t;
    t.translation = acc.translation * inv;
    t.scale = acc.scale * inv;
    const float len = glm::length(acc.rotation);
    t.rotation = len > 0.0f ? glm::quat(acc.rotation.w / len, acc.rotation.x / len,
                                        acc.rotation.y / len, acc.rotation.z / len)
                            : rest.Local(i).rotation;
    out.SetLocal(i, t);
  }
}

}  // namespace anim
