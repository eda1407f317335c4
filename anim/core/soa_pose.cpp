#include "anim/core/soa_pose.h"

#include <algorithm>
#include <cmath>

#include "anim/core/soa_vector.h"

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

SoaPose::SoaPose(std::span<const Transform> locals) { Load(locals); }

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

void SoaPose::Load(std::span<const Transform> locals) {
  const int n = static_cast<int>(locals.size());
  if (n != joint_count_) {
    joint_count_ = n;
    padded_ = SoaPadded(n);
    data_.assign(static_cast<std::size_t>(kSoaChannels) * padded_, 0.0f);
    FillIdentity(data_.data(), padded_, n);
  }
  for (int j = 0; j < n; ++j) SetLocal(j, locals[j]);
}

bool SoaPose::Store(std::span<Transform> locals) const {
  if (static_cast<int>(locals.size()) != joint_count_) return false;
  for (int j = 0; j < joint_count_; ++j) locals[j] = Local(j);
  return true;
}

void SoaPose::CopyFrom(const SoaPose& other) {
  joint_count_ = other.joint_count_;
  padded_ = other.padded_;
  data_ = other.data_;  // same size: std::vector reuses the storage
  morph_ = other.morph_;
}

}  // namespace anim
