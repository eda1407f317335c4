#include "anim/blending/soa_layer_blend.h"

#include <cmath>

#include "anim/blending/blend_kernels.h"
#include "anim/clips/morph_weights.h"
#include "anim/core/soa_dispatch.h"
#include "anim/core/soa_quaternion.h"
#include "anim/core/soa_vector.h"
#include "anim/core/transform.h"

namespace anim {

namespace {

using soa::F32x4;
using soa::I32x4;
using soa::Load4;
using soa::Store4;

constexpr int kTranslationAndScale[] = {kTx, kTy, kTz, kSx, kSy, kSz};
constexpr int kRotation[] = {kQx, kQy, kQz, kQw};

// Four joints' sums of translation, rotation (x, y, z, w) and scale, and
// their weight, four joints at a time.
struct QuadSums {
  F32x4 c[kSoaChannels] = {};
  F32x4 weight = {};

  // Adds joints [j, j + 4) of `pose` with weights w (a lane with weight 0
  // adds zeros, which leaves its sums as they were).
  void Add(const SoaPose& pose, int j, const F32x4& w) {
    const F32x4 qx = Load4(pose.Channel(kQx) + j), qy = Load4(pose.Channel(kQy) + j),
                qz = Load4(pose.Channel(kQz) + j), qw = Load4(pose.Channel(kQw) + j);
    // glm::dot's order: (x * x' + y * y') + (z * z' + w * w'); the rotation
    // joins the hemisphere of what is summed so far.
    const F32x4 dot = (qx * c[kQx] + qy * c[kQy]) + (qz * c[kQz] + qw * c[kQw]);
    const I32x4 flip = (weight > 0.0f) & (dot < 0.0f);
    for (int k : kTranslationAndScale) c[k] += Load4(pose.Channel(k) + j) * w;
    c[kQx] += soa::FlipSign(flip, qx) * w;
    c[kQy] += soa::FlipSign(flip, qy) * w;
    c[kQz] += soa::FlipSign(flip, qz) * w;
    c[kQw] += soa::FlipSign(flip, qw) * w;
    weight += w;
  }
};

float CleanWeight(float w) { return std::isfinite(w) && w > 0.0f ? w : 0.0f; }

// The layer's weight on joints [j, j + 4): 0 past the last joint.
F32x4 LayerWeights(const SoaBlendLayer& layer, int j, int joint_count) {
  const float w = CleanWeight(layer.weight);
  F32x4 out = {};
  if (w == 0.0f) return out;
  // joint_weights is empty or has one weight per joint (LayerBlendJob).
  const bool per_joint = !layer.joint_weights.empty();
  for (int l = 0; l < 4; ++l) {
    const int joint = j + l;
    if (joint >= joint_count) break;
    out[l] = per_joint ? CleanWeight(w * layer.joint_weights[joint]) : w;
  }
  return out;
}

// The layers' morph weights by the layers' morph weights (their weight
// unless set; a per-joint mask does not apply), the rest pose's filling
// what is below `threshold`; nothing unless every pose carries as many as
// `out`.
void BlendLayerMorphWeights(SoaPose& out, std::span<const SoaBlendLayer> layers,
                            const SoaPose& rest, float threshold) {
  const std::span<float> m = out.MorphWeights();
  if (rest.MorphWeights().size() != m.size()) return;
  for (const SoaBlendLayer& layer : layers) {
    if (layer.pose->MorphWeights().size() != m.size()) return;
  }
  auto weight_of = [](const SoaBlendLayer& layer) {
    return CleanWeight(layer.morph_weight >= 0.0f ? layer.morph_weight : layer.weight);
  };
  float total = 0.0f;
  for (const SoaBlendLayer& layer : layers) total += weight_of(layer);
  const float fill = total < threshold ? threshold - total : 0.0f;
  const float scale = total + fill > 0.0f ? 1.0f / (total + fill) : 0.0f;
  for (std::size_t i = 0; i < m.size(); ++i) {
    float sum = fill * rest.MorphWeights()[i];
    for (const SoaBlendLayer& layer : layers)
      sum += weight_of(layer) * layer.pose->MorphWeights()[i];
    m[i] = scale > 0.0f ? sum * scale : rest.MorphWeights()[i];
  }
}

}  // namespace

void kernels::BlendLayers(SoaPose& out, std::span<const SoaBlendLayer> layers, const SoaPose& rest,
                          float threshold) {
  const int n = out.JointCount();
  for (int j = 0; j < out.PaddedCount(); j += 4) {
    QuadSums sums;
    for (const SoaBlendLayer& layer : layers) sums.Add(*layer.pose, j, LayerWeights(layer, j, n));
    // Below the threshold the rest pose fills in what is missing.
    const F32x4 missing = soa::Splat4(threshold) - sums.weight;
    sums.Add(rest, j, soa::Select(sums.weight < threshold, missing, F32x4{}));
    // No weight at all (threshold <= 0 and no layer, or padding): rest.
    const I32x4 valid = sums.weight > 0.0f;
    const F32x4 inv = 1.0f / soa::Select(valid, sums.weight, soa::Splat4(1.0f));
    for (int k : kTranslationAndScale) {
      Store4(out.Channel(k) + j, soa::Select(valid, sums.c[k] * inv, Load4(rest.Channel(k) + j)));
    }
    const F32x4 x = sums.c[kQx], y = sums.c[kQy], z = sums.c[kQz], w = sums.c[kQw];
    const F32x4 len = soa::Sqrt4((x * x + y * y) + (z * z + w * w));
    const I32x4 unit = valid & (len > 0.0f);
    const F32x4 safe_len = soa::Select(unit, len, soa::Splat4(1.0f));
    for (int k : kRotation) {
      Store4(out.Channel(k) + j,
             soa::Select(unit, sums.c[k] / safe_len, Load4(rest.Channel(k) + j)));
    }
  }
  BlendLayerMorphWeights(out, layers, rest, threshold);
}

// Joint by joint: Mix (transform.h) with each joint's weight.
void kernels::BlendWeighted(SoaPose& out, const SoaPose& a, const SoaPose& b, float t,
                            std::span<const float> weights) {
  const int n = out.JointCount();
  for (int i = 0; i < n; ++i) out.SetLocal(i, Mix(a.Local(i), b.Local(i), t * weights[i]));
  BlendMorphWeights(a.MorphWeights(), b.MorphWeights(), t, out.MorphWeights());
}

namespace {

// The channels of the two poses and the output of Blend, and its weights.
struct BlendChannels {
  const float* a[kSoaChannels];
  const float* b[kSoaChannels];
  float* out[kSoaChannels];
  float t;
  float u;     // 1 - t
  bool whole;  // t == 1
};

// Blend over lanes [0, lanes), as many at a time as V holds (soa::F32x4,
// or F32x8 in code built for AVX). Each group of lanes is read in full
// before it is written, so `out` may alias `a` or `b`.
template <typename V>
ANIM_SOA_ALWAYS_INLINE void BlendLanes(const BlendChannels& ch, int lanes) {
  using namespace soa;
  const float t = ch.t, u = ch.u;
  for (int j = 0; j < lanes; j += kLanesOf<V>) {
    // Translation and scale: glm::mix's x * (1 - t) + y * t (at t = 1, y).
    for (int c : {kTx, kTy, kTz, kSx, kSy, kSz}) {
      const V y = Load<V>(ch.b[c] + j);
      Store(ch.out[c] + j, ch.whole ? y : Load<V>(ch.a[c] + j) * u + y * t);
    }
    // NlerpShortest (interpolation.h): b flipped to a's hemisphere, mixed,
    // normalised (a where the mix vanishes); at t = 1 the flipped b itself.
    const V qa[4] = {Load<V>(ch.a[kQx] + j), Load<V>(ch.a[kQy] + j), Load<V>(ch.a[kQz] + j),
                     Load<V>(ch.a[kQw] + j)};
    const V qb[4] = {Load<V>(ch.b[kQx] + j), Load<V>(ch.b[kQy] + j), Load<V>(ch.b[kQz] + j),
                     Load<V>(ch.b[kQw] + j)};
    const MaskOf<V> flip = (qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3]) < 0.0f;
    V r[4];
    if (ch.whole) {
      for (int c = 0; c < 4; ++c) r[c] = FlipSign(flip, qb[c]);
    } else {
      const V st = FlipSign(flip, Splat<V>(t));  // t times the flip
      for (int c = 0; c < 4; ++c) r[c] = qa[c] * u + qb[c] * st;
      NormaliseOr(r, qa);
    }
    for (int c = 0; c < 4; ++c) Store(ch.out[kQx + c] + j, r[c]);
  }
}

#if ANIM_SOA_WIDE
// Eight lanes at a time (the lanes are padded to kSoaLanes, soa_pose.h).
static_assert(kSoaLanes % 8 == 0);
ANIM_SOA_WIDE_TARGET void BlendWide(const BlendChannels& ch, int lanes) {
  BlendLanes<soa::F32x8>(ch, lanes);
}
#endif

}  // namespace

void kernels::Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t) {
  if (t == 0.0f) {
    if (&out != &a) out.CopyFrom(a);
    return;
  }
  // Mix's t = 1 is b exactly, its rotation on a's side.
  BlendChannels ch{};
  ch.t = t;
  ch.u = 1.0f - t;
  ch.whole = t == 1.0f;
  for (int c = 0; c < kSoaChannels; ++c) {
    ch.a[c] = a.Channel(c);
    ch.b[c] = b.Channel(c);
    ch.out[c] = out.Channel(c);
  }
  const int lanes = out.PaddedCount();
#if ANIM_SOA_WIDE
  if (soa::WideKernels()) {
    BlendWide(ch, lanes);
  } else {
    BlendLanes<F32x4>(ch, lanes);
  }
#else
  BlendLanes<F32x4>(ch, lanes);
#endif
  BlendMorphWeights(a.MorphWeights(), b.MorphWeights(), t, out.MorphWeights());
}

}  // namespace anim
