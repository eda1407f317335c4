#include "anim/soa_layer_blend.h"

#include <cassert>
#include <cmath>

#include "anim/interpolation.h"

namespace anim {

namespace {

// One block of kSoaLanes joints' sums: translation, rotation (x, y, z, w),
// scale and weight, as layer_blend.cpp's Accumulator per joint.
struct BlockSums {
  float c[kSoaChannels][kSoaLanes] = {};
  float weight[kSoaLanes] = {};

  // Adds joints [j, j + kSoaLanes) of `pose` with weights w (0: nothing
  // added; the sums are unchanged by adding zeros).
  void Add(const SoaPose& pose, int j, const float* w) {
    const float* ch[kSoaChannels];
    for (int k = 0; k < kSoaChannels; ++k) ch[k] = pose.Channel(k) + j;
    for (int l = 0; l < kSoaLanes; ++l) {
      // glm::dot's order: (x * x' + y * y') + (z * z' + w * w').
      const float dot = (ch[kQx][l] * c[kQx][l] + ch[kQy][l] * c[kQy][l]) +
                        (ch[kQz][l] * c[kQz][l] + ch[kQw][l] * c[kQw][l]);
      const float sign = weight[l] > 0.0f && dot < 0.0f ? -1.0f : 1.0f;
      for (int k : {kTx, kTy, kTz, kSx, kSy, kSz}) c[k][l] += ch[k][l] * w[l];
      for (int k : {kQx, kQy, kQz, kQw}) c[k][l] += (sign * ch[k][l]) * w[l];
      weight[l] += w[l];
    }
  }
};

float LayerWeight(const SoaBlendLayer& layer, int joint) {
  float w = layer.weight;
  if (!(w > 0.0f)) return 0.0f;  // also rejects NaN
  if (!layer.joint_weights.empty()) {
    w *= joint < static_cast<int>(layer.joint_weights.size()) ? layer.joint_weights[joint] : 0.0f;
  }
  return std::isfinite(w) ? w : 0.0f;
}

}  // namespace

void BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                 float threshold) {
  assert(out.PaddedCount() == rest.PaddedCount());
  const int n = out.JointCount();
  for (int j = 0; j < out.PaddedCount(); j += kSoaLanes) {
    BlockSums sums;
    float w[kSoaLanes];
    for (const SoaBlendLayer& layer : layers) {
      if (layer.pose == nullptr) continue;
      for (int l = 0; l < kSoaLanes; ++l) w[l] = j + l < n ? LayerWeight(layer, j + l) : 0.0f;
      sums.Add(*layer.pose, j, w);
    }
    for (int l = 0; l < kSoaLanes; ++l) {
      w[l] = sums.weight[l] < threshold ? threshold - sums.weight[l] : 0.0f;
    }
    sums.Add(rest, j, w);
    for (int l = 0; l < kSoaLanes; ++l) {
      const int joint = j + l;
      if (!(sums.weight[l] > 0.0f)) {  // threshold <= 0 and no layer (or padding): rest
        for (int k = 0; k < kSoaChannels; ++k) out.Channel(k)[joint] = rest.Channel(k)[joint];
        continue;
      }
      const float inv = 1.0f / sums.weight[l];
      for (int k : {kTx, kTy, kTz, kSx, kSy, kSz}) out.Channel(k)[joint] = sums.c[k][l] * inv;
      const float x = sums.c[kQx][l], y = sums.c[kQy][l], z = sums.c[kQz][l], qw = sums.c[kQw][l];
      const float len = std::sqrt((x * x + y * y) + (z * z + qw * qw));
      if (len > 0.0f) {
        out.Channel(kQx)[joint] = x / len;
        out.Channel(kQy)[joint] = y / len;
        out.Channel(kQz)[joint] = z / len;
        out.Channel(kQw)[joint] = qw / len;
      } else {
        for (int k : {kQx, kQy, kQz, kQw}) out.Channel(k)[joint] = rest.Channel(k)[joint];
      }
    }
  }
}

void BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                   std::span<const float> weights) {
  assert(out.JointCount() == a.JointCount() && a.JointCount() == b.JointCount());
  assert(static_cast<int>(weights.size()) == out.JointCount());
  const int n = out.JointCount();
  for (int i = 0; i < n; ++i) out.SetLocal(i, Mix(a.Local(i), b.Local(i), t * weights[i]));
}

}  // namespace anim
