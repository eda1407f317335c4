#include "anim/soa_pose.h"

#include <algorithm>
#include <cassert>
#include <cmath>

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

void SoaPose::Store(Pose& pose) const {
  assert(pose.JointCount() == joint_count_);
  std::span<Transform> locals = pose.Locals();
  for (int j = 0; j < joint_count_; ++j) locals[j] = Local(j);
}

void SoaPose::CopyFrom(const SoaPose& other) {
  assert(other.joint_count_ == joint_count_);
  data_ = other.data_;  // same size: std::vector reuses the storage
}

void Blend(SoaPose& out, const SoaPose& a, const SoaPose& b, float t) {
  assert(out.PaddedCount() == a.PaddedCount() && a.PaddedCount() == b.PaddedCount());
  if (t == 0.0f) {
    if (&out != &a) out.CopyFrom(a);
    return;
  }
  const int p = out.PaddedCount();
  const float u = 1.0f - t;
  const bool whole = t == 1.0f;  // Mix's exact b (rotation: b on a's side)
  // kSoaLanes joints at a time, through local arrays: `out` may alias `a`
  // or `b`, and the compute loops, reading and writing only locals, are
  // straight loops the compiler vectorises without proving anything about
  // aliasing. Every value is computed and then selected, never branched on,
  // for the same reason.
  for (int j0 = 0; j0 < p; j0 += kSoaLanes) {
    float va[kSoaChannels][kSoaLanes], vb[kSoaChannels][kSoaLanes], vo[kSoaChannels][kSoaLanes];
    for (int c = 0; c < kSoaChannels; ++c) {
      std::copy_n(a.Channel(c) + j0, kSoaLanes, va[c]);
      std::copy_n(b.Channel(c) + j0, kSoaLanes, vb[c]);
    }
    // NlerpShortest (interpolation.h): b flipped to a's hemisphere, mixed,
    // normalised (a where the mix vanishes).
    for (int l = 0; l < kSoaLanes; ++l) {
      const float ax = va[kQx][l], ay = va[kQy][l], az = va[kQz][l], aw = va[kQw][l];
      const float dot = ax * vb[kQx][l] + ay * vb[kQy][l] + az * vb[kQz][l] + aw * vb[kQw][l];
      const float sign = dot < 0.0f ? -1.0f : 1.0f;
      const float bx = vb[kQx][l] * sign, by = vb[kQy][l] * sign, bz = vb[kQz][l] * sign,
                  bw = vb[kQw][l] * sign;
      const float mx = ax * u + bx * t, my = ay * u + by * t, mz = az * u + bz * t,
                  mw = aw * u + bw * t;
      const float len = std::sqrt(mx * mx + my * my + mz * mz + mw * mw);
      const bool ok = len > 0.0f;
      const float div = ok ? len : 1.0f;
      const float nx = mx / div, ny = my / div, nz = mz / div, nw = mw / div;
      vo[kQx][l] = whole ? bx : ok ? nx : ax;
      vo[kQy][l] = whole ? by : ok ? ny : ay;
      vo[kQz][l] = whole ? bz : ok ? nz : az;
      vo[kQw][l] = whole ? bw : ok ? nw : aw;
    }
    // Translation and scale: glm::mix's x * (1 - t) + y * t.
    for (int c : {kTx, kTy, kTz, kSx, kSy, kSz}) {
      for (int l = 0; l < kSoaLanes; ++l) {
        const float m = va[c][l] * u + vb[c][l] * t;
        vo[c][l] = whole ? vb[c][l] : m;
      }
    }
    for (int c = 0; c < kSoaChannels; ++c) std::copy_n(vo[c], kSoaLanes, out.Channel(c) + j0);
  }
}

}  // namespace anim
