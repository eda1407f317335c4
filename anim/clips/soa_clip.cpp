#include "anim/clips/soa_clip.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "anim/clips/clip.h"
#include "anim/core/interpolation.h"
#include "anim/core/soa_dispatch.h"
#include "anim/core/soa_quaternion.h"
#include "anim/core/soa_vector.h"

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
  // [group][lane]: 1 where the group's track is LINEAR there. Read only
  // while the tables below are made, so not kept.
  std::vector<unsigned char> masks(3 * static_cast<std::size_t>(lanes), 0);
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
      masks[group * lanes + jt.joint] = 1;
      // A track keyed at `times` is copied; one with fewer keys is
      // interpolated at the others (its cursor walks forward with k).
      const bool own_times =
          std::equal(times.begin(), times.end(), track.Times().begin(), track.Times().end());
      TrackCursor cursor;
      float value[4];
      for (int k = 0; k < key_count; ++k) {
        Components(own_times ? track.Values()[k] : track.Sample(times[k], &cursor), value);
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
  quad_groups_.assign(lanes / 4, 0);
  full_groups_.assign(lanes / 4, 0b111);
  for (int g = 0; g < 3; ++g) {
    for (int j = 0; j < lanes; ++j) {
      if (masks[g * lanes + j]) {
        quad_groups_[j / 4] |= 1u << g;
      } else {
        full_groups_[j / 4] &= ~(1u << g);
      }
    }
  }
  keep_.assign(static_cast<std::size_t>(kSoaChannels) * lanes, 0);
  for (int c = 0; c < kSoaChannels; ++c) {
    const int g = ChannelGroup(c);
    for (int j = 0; j < lanes; ++j) {
      if (!masks[g * lanes + j]) keep_[static_cast<std::size_t>(c) * lanes + j] = -1;
    }
  }
  lanes_ = lanes;
}

std::vector<float> SoaClipKeys::SharedTimes(std::span<const JointTracks> tracks) {
  std::span<const float> shared;
  for (const JointTracks& jt : tracks) {
    for (std::span<const float> times :
         {jt.translation.Times(), jt.rotation.Times(), jt.scale.Times()}) {
      if (times.empty()) continue;
      if (shared.empty()) {
        shared = times;
      } else if (!std::equal(times.begin(), times.end(), shared.begin(), shared.end())) {
        return {};
      }
    }
  }
  return {shared.begin(), shared.end()};
}

std::vector<float> SoaClipKeys::MergedLinearTimes(std::span<const JointTracks> tracks) {
  std::vector<float> merged;
  auto add = [&](const auto& track) {
    if (track.GetInterpolation() != Interpolation::kLinear) return;
    merged.insert(merged.end(), track.Times().begin(), track.Times().end());
  };
  for (const JointTracks& jt : tracks) {
    add(jt.translation);
    add(jt.rotation);
    add(jt.scale);
  }
  std::sort(merged.begin(), merged.end());
  merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
  return merged;
}

std::size_t SoaClipKeys::TableBytes(int key_count, int highest_joint) {
  if (highest_joint < 0) return 0;
  return static_cast<std::size_t>(key_count) * kSoaChannels * SoaPadded(highest_joint + 1) *
         sizeof(float);
}

std::size_t SoaClipKeys::ByteSize() const {
  return sizeof(*this) + keys_.capacity() * sizeof(float) + quad_groups_.capacity() +
         full_groups_.capacity() + keep_.capacity() * sizeof(std::int32_t) +
         others_.capacity() * sizeof(Other);
}

namespace {

// One key interval of an SoaClipKeys: keys k (k0) and k + 1 (k1), each
// [channel][lane] with `stride` lanes per channel, mixed at fraction s
// (u = 1 - s), for vectors V (soa::F32x4, or F32x8 in code built for AVX).
// va and vb are interpolation::SlerpWeight's series coefficients for
// weights u and s: they depend on the fraction alone, which every joint
// shares, so they are worked out once per interval.
template <typename V>
struct KeyInterval {
  const float* k0;
  const float* k1;
  int stride;
  V s;
  V u;
  V va[6];
  V vb[6];

  ANIM_SOA_ALWAYS_INLINE KeyInterval(const float* key0, int lanes, float fraction)
      : k0(key0),
        k1(key0 + static_cast<std::size_t>(kSoaChannels) * lanes),
        stride(lanes),
        s(soa::Splat<V>(fraction)),
        u(soa::Splat<V>(1.0f - fraction)) {
    // On every lane (the same operations as on one float, so the same
    // values): splatting six scalars each took an insert per lane.
    interpolation::SlerpSeriesCoefficients(u, va);
    interpolation::SlerpSeriesCoefficients(s, vb);
  }
};

// Lanes [j, j + lanes of V) into v: every channel of the interval. Returns
// the lanes whose rotation keys are too far apart for the series (all bits
// set there): those are left to RedoFarLanes. always_inline (GCC and
// Clang): at -O2 GCC called it instead, passing v through memory.
template <typename V>
ANIM_SOA_ALWAYS_INLINE soa::MaskOf<V> SampleLanes(const KeyInterval<V>& in, int j,
                                                  V (&v)[kSoaChannels]) {
  using soa::Load;
  const float* k0 = in.k0;
  const float* k1 = in.k1;
  const int p = in.stride;
  // Translation and scale: glm::mix's x * (1 - s) + y * s.
  for (int c : {kTx, kTy, kTz, kSx, kSy, kSz}) {
    v[c] = Load<V>(k0 + c * p + j) * in.u + Load<V>(k1 + c * p + j) * in.s;
  }
  // Rotation: SlerpKeys on every lane.
  const V a[4] = {Load<V>(k0 + kQx * p + j), Load<V>(k0 + kQy * p + j), Load<V>(k0 + kQz * p + j),
                  Load<V>(k0 + kQw * p + j)};
  const V b[4] = {Load<V>(k1 + kQx * p + j), Load<V>(k1 + kQy * p + j), Load<V>(k1 + kQz * p + j),
                  Load<V>(k1 + kQw * p + j)};
  V q[4];
  const soa::MaskOf<V> far = soa::SlerpSeriesLanes(a, b, in.va, in.vb, q);
  for (int c = 0; c < 4; ++c) v[kQx + c] = q[c];
  return far;
}

// The rotations of the `far` lanes of [j, j + lanes of V) again, with the
// scalar interpolation::SlerpKeys (soa::RedoFarLanes), which is exact at
// any angle.
template <typename V>
void RedoFarLanes(const KeyInterval<V>& in, int j, const soa::MaskOf<V>& far,
                  V (&v)[kSoaChannels]) {
  const int p = in.stride;
  V a[4], b[4], q[4];
  for (int c = 0; c < 4; ++c) {
    a[c] = soa::Load<V>(in.k0 + (kQx + c) * p + j);
    b[c] = soa::Load<V>(in.k1 + (kQx + c) * p + j);
    q[c] = v[kQx + c];
  }
  soa::RedoFarLanes(a, b, in.s, far, q);
  for (int c = 0; c < 4; ++c) v[kQx + c] = q[c];
}

}  // namespace

// The groups of channels (bit g: group g) that animate some lane of
// [j, j + lanes), and those that animate every lane of it.
unsigned SoaClipKeys::AnimatedGroups(int j, int lanes) const {
  unsigned any = 0;
  for (int i = j / 4; i < (j + lanes) / 4; ++i) any |= quad_groups_[i];
  return any;
}

unsigned SoaClipKeys::FullGroups(int j, int lanes) const {
  unsigned all = 0b111;
  for (int i = j / 4; i < (j + lanes) / 4; ++i) all &= full_groups_[i];
  return all;
}

template <typename V, typename Write>
ANIM_SOA_ALWAYS_INLINE void SoaClipKeys::ForEachLanes(int k, float s, int lane_end,
                                                      Write&& write) const {
  using Mask = soa::MaskOf<V>;
  constexpr int kLanes = soa::kLanesOf<V>;
  const std::size_t key_stride = static_cast<std::size_t>(kSoaChannels) * lanes_;
  const KeyInterval<V> in(keys_.data() + k * key_stride, lanes_, s);

  // Rotations more than ~50 degrees apart between two keys are rare in
  // sampled animation: the loop only gathers where they are, and such
  // groups of lanes are sampled again afterwards with SlerpKeys on the far
  // lanes (looking at each lane inside the loop cost more than the rest
  // of the rotation).
  constexpr int kMaxGroups = 64;
  Mask far_groups[kMaxGroups];
  Mask any_far = Mask{} & 0;
  for (int j = 0, g = 0; j < lane_end; j += kLanes, ++g) {
    if (AnimatedGroups(j, kLanes) == 0) {  // nothing animated here
      if (g < kMaxGroups) far_groups[g] = Mask{} & 0;
      continue;
    }
    V v[kSoaChannels];
    const Mask far = SampleLanes(in, j, v);
    write(j, v);
    if (g < kMaxGroups) far_groups[g] = far;
    any_far |= far;
  }
  if (!soa::Any(any_far)) return;
  for (int j = 0, g = 0; j < lane_end; j += kLanes, ++g) {
    if (AnimatedGroups(j, kLanes) == 0) continue;
    if (g < kMaxGroups && !soa::Any(far_groups[g])) continue;
    V v[kSoaChannels];
    const Mask far = SampleLanes(in, j, v);
    if (!soa::Any(far)) continue;
    RedoFarLanes(in, j, far, v);
    write(j, v);
  }
}

// Every channel of lanes [0, lane_end) into the pose, each lane
// selected with a bit mask: the pose keeps its value where the joint has no
// track of that channel. (Real rigs have such holes in nearly every block of
// four joints, so patching them lane by lane would run nearly everywhere.) A
// block whose every lane a group animates is stored as it is, with no select
// (most blocks, on a rig whose joints are mostly keyed).
template <typename V>
ANIM_SOA_ALWAYS_INLINE void SoaClipKeys::SampleLinearLanes(int k, float s, int lane_end,
                                                           SoaPose& pose) const {
  float* channels[kSoaChannels];
  for (int c = 0; c < kSoaChannels; ++c) channels[c] = pose.Channel(c);
  ForEachLanes<V>(k, s, lane_end, [&](int j, const V(&v)[kSoaChannels]) {
    const unsigned full = FullGroups(j, soa::kLanesOf<V>);
    for (int c = 0; c < kSoaChannels; ++c) {
      if (full & (1u << ChannelGroup(c))) {
        soa::Store(channels[c] + j, v[c]);
        continue;
      }
      soa::MaskOf<V> keep;
      std::memcpy(&keep, keep_.data() + static_cast<std::size_t>(c) * lanes_ + j, sizeof(keep));
      soa::Store(channels[c] + j, soa::Select(keep, soa::Load<V>(channels[c] + j), v[c]));
    }
  });
}

#if ANIM_SOA_WIDE
// Eight lanes at a time (the lanes are padded to kSoaLanes, soa_pose.h).
static_assert(kSoaLanes % 8 == 0);
ANIM_SOA_WIDE_TARGET void SoaClipKeys::SampleLinearWide(int k, float s, int lane_end,
                                                        SoaPose& pose) const {
  SampleLinearLanes<soa::F32x8>(k, s, lane_end, pose);
}
#endif

void SoaClipKeys::SampleLinear(int k, float s, SoaPose& pose) const {
  const int lane_end = std::min(lanes_, pose.PaddedCount());
#if ANIM_SOA_WIDE
  if (soa::WideKernels()) {
    SampleLinearWide(k, s, lane_end, pose);
    return;
  }
#endif
  SampleLinearLanes<soa::F32x4>(k, s, lane_end, pose);
}

}  // namespace anim
