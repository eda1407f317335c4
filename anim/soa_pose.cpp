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
  // Mix's t = 1: b exactly, its rotation on a's side.
  const float lerp_a = t == 1.0f ? 0.0f : u;
  // kSoaLanes joints at a time. Each compute loop reads the inputs and
  // writes a local array, which is then copied out: `out` may alias `a` or
  // `b`, and loops that write only locals vectorise without proving
  // anything about aliasing. Values are computed and selected, never
  // branched on, for the same reason.
  for (int j0 = 0; j0 < p; j0 += kSoaLanes) {
    float r[kSoaChannels][kSoaLanes];
    // Translation and scale: glm::mix's x * (1 - t) + y * t (at t = 1,
    // 0 * x + y, which is y).
    auto lerp = [&](int c) {
      const float* ca = a.Channel(c) + j0;
      const float* cb = b.Channel(c) + j0;
      for (int l = 0; l < kSoaLanes; ++l) r[c][l] = ca[l] * lerp_a + cb[l] * t;
    };
    for (int c = kTx; c <= kTz; ++c) lerp(c);
    for (int c = kSx; c <= kSz; ++c) lerp(c);
    // NlerpShortest (interpolation.h): b flipped to a's hemisphere, mixed,
    // normalised (a where the mix vanishes); at t = 1 the flipped b itself.
    const float* ax = a.Channel(kQx) + j0;
    const float* ay = a.Channel(kQy) + j0;
    const float* az = a.Channel(kQz) + j0;
    const float* aw = a.Channel(kQw) + j0;
    const float* bx = b.Channel(kQx) + j0;
    const float* by = b.Channel(kQy) + j0;
    const float* bz = b.Channel(kQz) + j0;
    const float* bw = b.Channel(kQw) + j0;
    const bool whole = t == 1.0f;
    for (int l = 0; l < kSoaLanes; ++l) {
      const float dot = ax[l] * bx[l] + ay[l] * by[l] + az[l] * bz[l] + aw[l] * bw[l];
      const float sign = dot < 0.0f ? -1.0f : 1.0f;
      const float nbx = bx[l] * sign, nby = by[l] * sign, nbz = bz[l] * sign, nbw = bw[l] * sign;
      const float mx = ax[l] * u + nbx * t, my = ay[l] * u + nby * t, mz = az[l] * u + nbz * t,
                  mw = aw[l] * u + nbw * t;
      const float len = std::sqrt(mx * mx + my * my + mz * mz + mw * mw);
      const bool ok = len > 0.0f;
      const float div = ok ? len : 1.0f;
      const float nx = mx / div, ny = my / div, nz = mz / div, nw = mw / div;
      r[kQx][l] = whole ? nbx : ok ? nx : ax[l];
      r[kQy][l] = whole ? nby : ok ? ny : ay[l];
      r[kQz][l] = whole ? nbz : ok ? nz : az[l];
      r[kQw][l] = whole ? nbw : ok ? nw : aw[l];
    }
    for (int c = 0; c < kSoaChannels; ++c) std::copy_n(r[c], kSoaLanes, out.Channel(c) + j0);
  }
}

}  // namespace anim
