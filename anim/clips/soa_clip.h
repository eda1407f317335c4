// SoaClipKeys: the LINEAR channels of a clip stored at load time as
// structure of arrays on one key-time array: for every key, one contiguous
// float array per channel (tx, ty, tz, qx, qy, qz, qw, sx, sy, sz) indexed
// by joint. Sampling interval k is then one loop over joints, four at a
// time as vectors (soa_vector.h), the same fraction for all of them: lerp
// for translation and scale, slerp (Eberly's series, interpolation.h) for
// rotation. The key times are the ones every track shares (what glTF
// exporters write: one input accessor per clip) or, when the channels keep
// their own keys (what key-reducing exporters and optimisers write), every
// time any LINEAR channel has a key: a channel is then taken to the times
// it lacks by its own interpolation, which adds no error, since between two
// of its keys a LINEAR channel is one lerp (or one slerp arc, travelled at
// constant speed) and any two points of it interpolate back to it. Clip
// builds one for itself; its results agree with Track::Sample within 1e-6
// (tests/anim/soa_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "anim/core/soa_pose.h"
#include "anim/core/soa_vector.h"

namespace anim {

struct JointTracks;

class SoaClipKeys {
 public:
  SoaClipKeys() = default;
  // `times`: strictly increasing, and holding every key time of every
  // LINEAR track of `tracks` (SharedTimes or MergedLinearTimes). Stays
  // Empty() when there is nothing to gain or the tracks do not fit (fewer
  // than two keys, a joint animated by two entries, no LINEAR track).
  SoaClipKeys(std::span<const JointTracks> tracks, std::span<const float> times);

  // The key times every non-empty track uses when they all use the same
  // ones; empty when they differ (or there are no tracks).
  static std::vector<float> SharedTimes(std::span<const JointTracks> tracks);
  // Every key time of every LINEAR track, sorted, each once.
  static std::vector<float> MergedLinearTimes(std::span<const JointTracks> tracks);
  // The table's bytes for `key_count` keys of joints [0, highest_joint]: what
  // a clip weighs before building one (Clip keeps the table only where it
  // stays within a few times its tracks' own bytes).
  static std::size_t TableBytes(int key_count, int highest_joint);

  bool Empty() const { return lanes_ == 0; }
  std::size_t ByteSize() const;

  // Writes the LINEAR channels at fraction s of key interval k (0 <= s <= 1,
  // k + 1 < key count) into the pose; other channels are left untouched.
  // Joints outside the pose are skipped.
  void SampleLinear(int k, float s, SoaPose& pose) const;

  // Tracks (index into the clip's tracks, channel group 0 = translation,
  // 1 = rotation, 2 = scale) that are not LINEAR and are left to Track's
  // own sampling, in the clip's track order.
  struct Other {
    int track;
    int group;
  };
  std::span<const Other> Others() const { return others_; }

 private:
  // Interval k at fraction s over lanes [0, lane_end), as many at a time as
  // V holds (soa::F32x4, or F32x8 in code built for AVX): write(j, v) gets
  // the values of every channel for lanes [j, j + lanes of V).
  template <typename V, typename Write>
  void ForEachLanes(int k, float s, int lane_end, Write&& write) const;
  template <typename V>
  void SampleLinearLanes(int k, float s, int lane_end, SoaPose& pose) const;
#if ANIM_SOA_WIDE
  // SampleLinear on eight lanes at a time, where soa::WideKernels() says so.
  ANIM_SOA_WIDE_TARGET void SampleLinearWide(int k, float s, int lane_end, SoaPose& pose) const;
#endif
  unsigned AnimatedGroups(int j, int lanes) const;
  unsigned FullGroups(int j, int lanes) const;

  int lanes_ = 0;            // joints covered, padded to kSoaLanes
  std::vector<float> keys_;  // [key][channel][lane]
  // Per four lanes (the sampling step): bit g set when group g animates a
  // lane of them (none set: the step is skipped), and when it animates all
  // four (that group's channels are then stored whole, with no select).
  std::vector<unsigned char> quad_groups_;
  std::vector<unsigned char> full_groups_;
  // [channel][lane]: all bits set where the joint has no LINEAR track of
  // that channel, so that sampling keeps the pose's value.
  std::vector<std::int32_t> keep_;
  std::vector<Other> others_;
};

}  // namespace anim
