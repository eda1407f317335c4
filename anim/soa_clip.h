// SoaClipKeys: the LINEAR channels of a clip whose tracks share one key-time
// array (what glTF exporters write: one input accessor per clip), stored at
// load time as structure of arrays: for every key, one contiguous float
// array per channel (tx, ty, tz, qx, qy, qz, qw, sx, sy, sz) indexed by
// joint. Sampling interval k is then one loop over joints, four at a time
// as vectors (soa_vector.h), the same fraction for all of them: lerp for
// translation and scale, slerp (Eberly's series, interpolation.h) for
// rotation. Clip builds one for itself; its results agree with
// Track::Sample within 1e-6 (tests/anim/soa_test.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "anim/pose.h"
#include "anim/soa_pose.h"

namespace anim {

struct JointTracks;

class SoaClipKeys {
 public:
  SoaClipKeys() = default;
  // `times` is the key-time array every non-empty track of `tracks` uses.
  // Stays Empty() when there is nothing to gain or the tracks do not fit
  // (fewer than two keys, a joint animated by two entries, no LINEAR track).
  SoaClipKeys(std::span<const JointTracks> tracks, std::span<const float> times);

  bool Empty() const { return lanes_ == 0; }

  // Writes the LINEAR channels at fraction s of key interval k (0 <= s <= 1,
  // k + 1 < key count) into the pose; other channels are left untouched.
  // Joints outside the pose are skipped.
  void SampleLinear(int k, float s, Pose& pose) const;
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
  // Interval k at fraction s, four lanes at a time: write(j, v) gets the
  // values of every channel for lanes [j, j + 4) (soa_vector.h's F32x4).
  template <typename Write>
  void ForEachQuad(int k, float s, int lane_end, Write&& write) const;

  int lanes_ = 0;            // joints covered, padded to kSoaLanes
  std::vector<float> keys_;  // [key][channel][lane]
  std::vector<int> masks_;   // [group][lane]: 1 where the group's track is LINEAR here
  std::vector<unsigned char> block_groups_;  // [block]: bit g set when group g animates a lane
  // [lane / 4][channel][lane % 4]: all bits set where the joint has no
  // LINEAR track of that channel, so that sampling keeps the pose's value.
  std::vector<std::int32_t> keep_;
  std::vector<Other> others_;
};

}  // namespace anim
