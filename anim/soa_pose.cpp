#include "anim/soa_pose.h"

#include <algorithm>
#include <cmath>

#include "anim/jobs/kernels.h"
#include "anim/morph_weights.h"
#include "anim/soa_vector.h"

namespace anim {

namespace {

// Identity in every padding lane: finite values that keep blends and
// normalisations harmless there.
void FillIdentity(float* data, int padded, int from) {
  for (int c = 0; c < kSoaChannels; ++c) {
    const float v = c == kQw || c >= kSx ? 1.0f : 0.0f;
    for (int j = from; j < padded; ++j) data[c * padded + j] = v;
  }
}

}  // namespace

SoaPose::SoaPose(const Pose& pose) { Load(pose); }

Transform SoaPose::Local(int joint) const {
  const float* d = data_.data() + joint;
  const int p = padded_;
  Transform t;
  t.translation = glm::vec3(d[kTx * p], d[kTy * p], d[kTz * p]);
  t.rotation = glm::quat(d[kQw * p], d[kQx * p], d[kQy * p], d[kQz * p]);
  t.scale = glm::vec3(d[kSx * p], d[kSy * p], d[kSz * p]);
  return t;
}

void SoaPose::SetLocal(int joint, const Transform& t) {
  float* d = data_.data() + joint;
  const int p = padded_;
  d[kTx * p] = t.translation.x;
  d[kTy * p] = t.translation.y;
  d[kTz * p] = t.translation.z;
  d[kQx * p] = t.rotation.x;
  d[kQy * p] = t.rotation.y;
  d[kQz * p] = t.rotation.z;
  d[kQw * p] = t.rotation.w;
  d[kSx * p] = t.scale.x;
  d[kSy * p] = t.scale.y;
  d[kSz * p] = t.scale.z;
}

void SoaPose::Load(const Pose& pose) {
  const int n = pose.JointCount();
  if (n != joint_count_) {
    joint_count_ = n;
    padded_ = SoaPadded(n);
    data_.assign(static_cast<std::size_t>(kSoaChannels) * padded_, 0.0f);
    FillIdentity(data_.data(), padded_, n);
  }
  for (int j = 0; j < n; ++j) SetLocal(j, pose.Local(j));
}

bool SoaPose::Store(Pose& pose) const {
  if (pose.JointCount() != joint_count_) return false;
  std::span<Transform> locals = pose.Locals();
  for (int j = 0; j < joint_count_; ++j) locals[j] = Local(j);
  return true;
}

void SoaPose::CopyFrom(const SoaPose& other) {
  joint_count_ = other.joint_count_;
  padded_ = other.padded_;
  data_ = other.data_;  // same size: std::vector reuses the storage
  morph_ = other.morph_;
}

void kernels::Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t) {
  using namespace soa;
  if (t == 0.0f) {
    if (&out != &a) out.CopyFrom(a);
    return;
  }
  const int p = out.PaddedCount();
  const float u = 1.0f - t;
  // Mix's t = 1 is b exactly, its rotation on a's side.
  const bool whole = t == 1.0f;
  const float *ca[kSoaChannels], *cb[kSoaChannels];
  float* co[kSoaChannels];
  for (int c = 0; c < kSoaChannels; ++c) {
    ca[c] = a.Channel(c);
    cb[c] = b.Channel(c);
    co[c] = out.Channel(c);
  }
  // Four joints at a time, as vectors (soa_vector.h). Each group of four
  // lanes is read in full before it is written, so `out` may alias `a` or
  // `b`.
  for (int j = 0; j < p; j += 4) {
    // Translation and scale: glm::mix's x * (1 - t) + y * t (at t = 1, y).
    for (int c : {kTx, kTy, kTz, kSx, kSy, kSz}) {
      const F32x4 y = Load4(cb[c] + j);
      Store4(co[c] + j, whole ? y : Load4(ca[c] + j) * u + y * t);
    }
    // NlerpShortest (interpolation.h): b flipped to a's hemisphere, mixed,
    // normalised (a where the mix vanishes); at t = 1 the flipped b itself.
    const F32x4 ax = Load4(ca[kQx] + j), ay = Load4(ca[kQy] + j), az = Load4(ca[kQz] + j),
                aw = Load4(ca[kQw] + j);
    const F32x4 bx = Load4(cb[kQx] + j), by = Load4(cb[kQy] + j), bz = Load4(cb[kQz] + j),
                bw = Load4(cb[kQw] + j);
    const I32x4 flip = (ax * bx + ay * by + az * bz + aw * bw) < 0.0f;
    F32x4 rx, ry, rz, rw;
    if (whole) {
      rx = FlipSign(flip, bx);
      ry = FlipSign(flip, by);
      rz = FlipSign(flip, bz);
      rw = FlipSign(flip, bw);
    } else {
      const F32x4 st = FlipSign(flip, Splat4(t));  // t times the flip
      const F32x4 mx = ax * u + bx * st, my = ay * u + by * st, mz = az * u + bz * st,
                  mw = aw * u + bw * st;
      const F32x4 len = Sqrt4(mx * mx + my * my + mz * mz + mw * mw);
      const I32x4 ok = len > 0.0f;
      const F32x4 inv = 1.0f / Select(ok, len, Splat4(1.0f));  // one division, not four
      rx = Select(ok, mx * inv, ax);
      ry = Select(ok, my * inv, ay);
      rz = Select(ok, mz * inv, az);
      rw = Select(ok, mw * inv, aw);
    }
    Store4(co[kQx] + j, rx);
    Store4(co[kQy] + j, ry);
    Store4(co[kQz] + j, rz);
    Store4(co[kQw] + j, rw);
  }
  BlendMorphWeights(a.MorphWeights(), b.MorphWeights(), t, out.MorphWeights());
}

}  // namespace anim
