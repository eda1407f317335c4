#include "anim/blending/soa_additive.h"

#include "anim/blending/blend_kernels.h"
#include "anim/clips/morph_weights.h"
#include "anim/core/soa_vector.h"

namespace anim {

namespace {

using namespace soa;

// Four quaternions as their components.
struct Quat4 {
  F32x4 x, y, z, w;
};

// glm's quaternion product p * q, term for term.
Quat4 Multiply(const Quat4& p, const Quat4& q) {
  return {
      p.w * q.x + p.x * q.w + p.y * q.z - p.z * q.y, p.w * q.y + p.y * q.w + p.z * q.x - p.x * q.z,
      p.w * q.z + p.z * q.w + p.x * q.y - p.y * q.x, p.w * q.w - p.x * q.x - p.y * q.y - p.z * q.z};
}

// glm::dot of quaternions: (w w + x x) + (y y + z z).
F32x4 Dot(const Quat4& a, const Quat4& b) {
  return (a.w * b.w + a.x * b.x) + (a.y * b.y + a.z * b.z);
}

// q / |q|, the identity where |q| is 0 (additive.cpp's Normalized).
Quat4 Normalized(const Quat4& q) {
  const F32x4 len = Sqrt4(Dot(q, q));
  const I32x4 ok = len > 0.0f;
  const F32x4 div = Select(ok, len, Splat4(1.0f));
  const F32x4 zero = Splat4(0.0f);
  return {Select(ok, q.x / div, zero), Select(ok, q.y / div, zero), Select(ok, q.z / div, zero),
          Select(ok, q.w / div, Splat4(1.0f))};
}

}  // namespace

void kernels::Add(SoaPose& out, const SoaPose& in, const SoaPose& add, const SoaPose& reference,
                  float weight) {
  if (weight == 0.0f) {
    if (&out != &in) out.CopyFrom(in);
    return;
  }
  const int p = out.PaddedCount();
  const float* ci[kSoaChannels];
  const float* ca[kSoaChannels];
  const float* cb[kSoaChannels];
  float* co[kSoaChannels];
  for (int c = 0; c < kSoaChannels; ++c) {
    ci[c] = in.Channel(c);
    ca[c] = add.Channel(c);
    cb[c] = reference.Channel(c);
    co[c] = out.Channel(c);
  }
  const float u = 1.0f - weight;
  // Four joints at a time, each group read in full before it is written
  // (so `out` may alias `in`).
  for (int j = 0; j < p; j += 4) {
    for (int c : {kTx, kTy, kTz, kSx, kSy, kSz}) {
      Store4(co[c] + j, Load4(ci[c] + j) + (Load4(ca[c] + j) - Load4(cb[c] + j)) * weight);
    }
    auto quat = [&](const float* const* ch) {
      return Quat4{Load4(ch[kQx] + j), Load4(ch[kQy] + j), Load4(ch[kQz] + j), Load4(ch[kQw] + j)};
    };
    const Quat4 in_r = quat(ci), add_r = quat(ca), reference_r = quat(cb);
    // glm::inverse(reference) = conjugate(reference) / dot(reference, reference).
    const F32x4 reference_dot = Dot(reference_r, reference_r);
    const Quat4 inverse_reference = {-reference_r.x / reference_dot, -reference_r.y / reference_dot,
                                     -reference_r.z / reference_dot, reference_r.w / reference_dot};
    const Quat4 delta = Multiply(inverse_reference, add_r);
    // NlerpShortest(identity, delta, weight): delta on the identity's side
    // (its w not negative), mixed with the identity, normalised (the
    // identity where the mix vanishes); at weight 1 that delta itself.
    const I32x4 flip = delta.w < 0.0f;
    const Quat4 near = {FlipSign(flip, delta.x), FlipSign(flip, delta.y), FlipSign(flip, delta.z),
                        FlipSign(flip, delta.w)};
    Quat4 scaled = near;
    if (weight != 1.0f) {
      const Quat4 mix = {near.x * weight, near.y * weight, near.z * weight, u + near.w * weight};
      const F32x4 len = Sqrt4(Dot(mix, mix));
      const I32x4 ok = len > 0.0f;
      const F32x4 inv = 1.0f / Select(ok, len, Splat4(1.0f));
      const F32x4 zero = Splat4(0.0f);
      scaled = {Select(ok, mix.x * inv, zero), Select(ok, mix.y * inv, zero),
                Select(ok, mix.z * inv, zero), Select(ok, mix.w * inv, Splat4(1.0f))};
    }
    const Quat4 r = Normalized(Multiply(in_r, scaled));
    Store4(co[kQx] + j, r.x);
    Store4(co[kQy] + j, r.y);
    Store4(co[kQz] + j, r.z);
    Store4(co[kQw] + j, r.w);
  }
  AddMorphChange(in.MorphWeights(), add.MorphWeights(), reference.MorphWeights(), weight,
                 out.MorphWeights());
}

}  // namespace anim
