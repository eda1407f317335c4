#include "anim/soa_clip.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "anim/clip.h"
#include "anim/interpolation.h"

namespace anim {

namespace {

// The channels of each group: translation, rotation, scale.
constexpr int kGroupFirst[3] = {kTx, kQx, kSx};
constexpr int kGroupSize[3] = {3, 4, 3};
constexpr int ChannelGroup(int c) { return c < kQx ? 0 : c < kSx ? 1 : 2; }

// One key's value of a group as floats in SoA channel order.
void Components(const glm::vec3& v, float* out) {
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
}
void Components(const glm::quat& q, float* out) {
  out[0] = q.x;
  out[1] = q.y;
  out[2] = q.z;
  out[3] = q.w;
}

}  // namespace

SoaClipKeys::SoaClipKeys(std::span<const JointTracks> tracks, std::span<const float> times) {
  const int key_count = static_cast<int>(times.size());
  if (key_count < 2) return;
  int max_joint = -1;
  for (const JointTracks& jt : tracks) max_joint = std::max(max_joint, jt.joint);
  if (max_joint < 0) return;
  const int lanes = SoaPadded(max_joint + 1);
  // A joint driven by two entries would need the clip's track order between
  // them; such clips keep the per-track route.
  std::vector<unsigned char> seen(lanes, 0);
  for (const JointTracks& jt : tracks) {
    if (jt.joint >= 0 && seen[jt.joint]++) return;
  }

  const std::size_t key_stride = static_cast<std::size_t>(kSoaChannels) * lanes;
  keys_.assign(key_stride * key_count, 0.0f);
  // Unanimated lanes hold the identity, so their (discarded) results stay finite.
  for (int k = 0; k < key_count; ++k) {
    float* key = keys_.data() + k * key_stride;
    for (int c : {kQw, kSx, kSy, kSz}) std::fill_n(key + c * lanes, lanes, 1.0f);
  }
  masks_.assign(3 * static_cast<std::size_t>(lanes), 0);
  bool any_linear = false;
  for (std::size_t i = 0; i < tracks.size(); ++i) {
    const JointTracks& jt = tracks[i];
    if (jt.joint < 0) continue;
    auto add = [&](const auto& track, int group) {
      if (track.Empty()) return;
      if (track.GetInterpolation() != Interpolation::kLinear) {
        others_.push_back({static_cast<int>(i), group});
        return;
      }
      any_linear = true;
      masks_[group * lanes + jt.joint] = 1;
      float value[4];
      for (int k = 0; k < key_count; ++k) {
        Components(track.Values()[k], value);
        float* key = keys_.data() + k * key_stride;
        for (int c = 0; c < kGroupSize[group]; ++c) {
          key[(kGroupFirst[group] + c) * lanes + jt.joint] = value[c];
        }
      }
    };
    add(jt.translation, 0);
    add(jt.rotation, 1);
    add(jt.scale, 2);
  }
  if (!any_linear) {
    *this = SoaClipKeys();
    return;
  }
  block_groups_.assign(lanes / kSoaLanes, 0);
  for (int g = 0; g < 3; ++g) {
    for (int j = 0; j < lanes; ++j) {
      if (masks_[g * lanes + j]) block_groups_[j / kSoaLanes] |= 1u << g;
    }
  }
  hole_lanes_.assign(lanes / kSoaLanes, 0);
  hole_channels_.assign(lanes, 0);
  for (int c = 0; c < kSoaChannels; ++c) {
    const int g = ChannelGroup(c);
    for (int j = 0; j < lanes; ++j) {
      const int block = j / kSoaLanes;
      if ((block_groups_[block] & (1u << g)) && !masks_[g * lanes + j]) {
        hole_lanes_[block] |= 1u << (j % kSoaLanes);
        hole_channels_[j] |= static_cast<std::uint16_t>(1u << c);
      }
    }
  }
  lanes_ = lanes;
}

template <typename Write>
void SoaClipKeys::ForEachBlock(int k, float s, int lane_end, Write&& write) const {
  const int p = lanes_;
  const float* k0 = keys_.data() + static_cast<std::size_t>(k) * kSoaChannels * p;
  const float* k1 = k0 + static_cast<std::size_t>(kSoaChannels) * p;
  const float u = 1.0f - s;
  // interpolation::SlerpWeight's series for weights u (key k) and s (key
  // k + 1): the factors (t^2 - i^2) / (i (2i + 1)) depend only on the
  // fraction, which every joint shares, so they are worked out once here.
  constexpr float kInv[6] = {0.0f, 1.0f / 3.0f, 1.0f / 10.0f, 1.0f / 21.0f, 1.0f / 36.0f, 1.0f / 55.0f};
  float fa[6], fb[6];
  for (int i = 1; i <= 5; ++i) {
    fa[i] = (u * u - float(i * i)) * kInv[i];
    fb[i] = (s * s - float(i * i)) * kInv[i];
  }

  for (int j0 = 0; j0 < lane_end; j0 += kSoaLanes) {
    const unsigned groups = block_groups_[j0 / kSoaLanes];
    if (groups == 0) continue;
    float v[kSoaChannels][kSoaLanes];
    // Translation and scale: glm::mix's x * (1 - s) + y * s.
    auto lerp = [&](int c) {
      const float* a = k0 + c * p + j0;
      const float* b = k1 + c * p + j0;
      for (int l = 0; l < kSoaLanes; ++l) v[c][l] = a[l] * u + b[l] * s;
    };
    for (int c = kTx; c <= kTz; ++c) lerp(c);
    for (int c = kSx; c <= kSz; ++c) lerp(c);
    if (groups & 2u) {
      // interpolation::SlerpKeys lane by lane, without branches: shorter
      // arc, series weights, normalise. Lanes whose keys are more than
      // ~50 degrees apart are redone below by SlerpKeys itself.
      float a[4][kSoaLanes], b[4][kSoaLanes];
      for (int c = 0; c < 4; ++c) {
        for (int l = 0; l < kSoaLanes; ++l) {
          a[c][l] = k0[(kQx + c) * p + j0 + l];
          b[c][l] = k1[(kQx + c) * p + j0 + l];
        }
      }
      int far[kSoaLanes];
      for (int l = 0; l < kSoaLanes; ++l) {
        const float cos_theta =
            a[0][l] * b[0][l] + a[1][l] * b[1][l] + a[2][l] * b[2][l] + a[3][l] * b[3][l];
        const float sign = cos_theta < 0.0f ? -1.0f : 1.0f;
        const float near_cos = std::abs(cos_theta);
        far[l] = !(near_cos > 0.9f);
        const float d = std::min(near_cos - 1.0f, 0.0f);  // = min(near_cos, 1) - 1, branch-free
        // The five terms written out: a nested loop here would keep this
        // loop from vectorising.
        float ta = u, wa = u, tb = s, wb = s;
        ta *= d * fa[1], wa += ta, tb *= d * fb[1], wb += tb;
        ta *= d * fa[2], wa += ta, tb *= d * fb[2], wb += tb;
        ta *= d * fa[3], wa += ta, tb *= d * fb[3], wb += tb;
        ta *= d * fa[4], wa += ta, tb *= d * fb[4], wb += tb;
        ta *= d * fa[5], wa += ta, tb *= d * fb[5], wb += tb;
        wb *= sign;
        const float qx = a[0][l] * wa + b[0][l] * wb;
        const float qy = a[1][l] * wa + b[1][l] * wb;
        const float qz = a[2][l] * wa + b[2][l] * wb;
        const float qw = a[3][l] * wa + b[3][l] * wb;
        const float len = std::sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        const bool ok = len > 0.0f;
        // Divided unconditionally (div is never 0), then selected: a
        // conditional division would keep the loop from vectorising.
        const float div = ok ? len : 1.0f;
        const float nx = qx / div, ny = qy / div, nz = qz / div, nw = qw / div;
        v[kQx][l] = ok ? nx : a[0][l];
        v[kQy][l] = ok ? ny : a[1][l];
        v[kQz][l] = ok ? nz : a[2][l];
        v[kQw][l] = ok ? nw : a[3][l];
      }
      int any_far = 0;
      for (int l = 0; l < kSoaLanes; ++l) any_far |= far[l];
      if (any_far) {
        for (int l = 0; l < kSoaLanes; ++l) {
          if (!far[l]) continue;
          const glm::quat q = interpolation::SlerpKeys(glm::quat(a[3][l], a[0][l], a[1][l], a[2][l]),
                                                       glm::quat(b[3][l], b[0][l], b[1][l], b[2][l]), s);
          v[kQx][l] = q.x;
          v[kQy][l] = q.y;
          v[kQz][l] = q.z;
          v[kQw][l] = q.w;
        }
      }
    }
    write(j0, groups, v);
  }
}

void SoaClipKeys::SampleLinear(int k, float s, SoaPose& pose) const {
  ForEachBlock(k, s, std::min(lanes_, pose.PaddedCount()),
               [&](int j0, unsigned groups, float (&v)[kSoaChannels][kSoaLanes]) {
                 // Joints of this block that a group does not animate take
                 // the pose's own values first, so that every group present
                 // is then stored as whole blocks (plain vector copies).
                 const int block = j0 / kSoaLanes;
                 if (hole_lanes_[block]) {
                   const std::uint16_t* holes = hole_channels_.data() + j0;
                   for (int l = 0; l < kSoaLanes; ++l) {
                     if (!holes[l]) continue;
                     for (int c = 0; c < kSoaChannels; ++c) {
                       if (holes[l] & (1u << c)) v[c][l] = pose.Channel(c)[j0 + l];
                     }
                   }
                 }
                 if (groups == 7u) {  // the usual block: every channel
                   for (int c = 0; c < kSoaChannels; ++c) std::copy_n(v[c], kSoaLanes, pose.Channel(c) + j0);
                   return;
                 }
                 for (int g = 0; g < 3; ++g) {
                   if (!(groups & (1u << g))) continue;
                   for (int c = kGroupFirst[g]; c < kGroupFirst[g] + kGroupSize[g]; ++c) {
                     std::copy_n(v[c], kSoaLanes, pose.Channel(c) + j0);
                   }
                 }
               });
}

void SoaClipKeys::SampleLinear(int k, float s, Pose& pose) const {
  const int p = lanes_;
  const int n = pose.JointCount();
  std::span<Transform> locals = pose.Locals();
  ForEachBlock(k, s, std::min(p, SoaPadded(n)),
               [&](int j0, unsigned, float (&v)[kSoaChannels][kSoaLanes]) {
                 const int end = std::min(kSoaLanes, n - j0);
                 for (int l = 0; l < end; ++l) {
                   const int j = j0 + l;
                   Transform& t = locals[j];
                   if (masks_[j]) t.translation = glm::vec3(v[kTx][l], v[kTy][l], v[kTz][l]);
                   if (masks_[p + j]) t.rotation = glm::quat(v[kQw][l], v[kQx][l], v[kQy][l], v[kQz][l]);
                   if (masks_[2 * p + j]) t.scale = glm::vec3(v[kSx][l], v[kSy][l], v[kSz][l]);
                 }
               });
}

}  // namespace anim
