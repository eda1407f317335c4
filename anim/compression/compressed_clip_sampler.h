// Sampling a CompressedClip into a SoaPose, allocation-free, with a
// caller-owned context that keeps a cursor per track (the model is
// ozz-animation's SamplingJob::Context): each track remembers its key
// interval and holds that interval's two keys decoded, so playback that moves
// forward a little each frame decodes a key only when a track crosses one
// (amortised O(1) per track); a seek, backward play or a loop's wrap finds
// its interval by binary search over the fixed-width key records. The
// interpolation then runs over all tracks four lanes at a time
// (soa_vector.h): slerp for rotations (the series of interpolation.h, the
// same as Track's), lerp for translations and scales.
#pragma once

#include <cstddef>
#include <vector>

#include "anim/compression/compressed_clip.h"
#include "anim/jobs/kernels.h"
#include "anim/soa_pose.h"

namespace anim {

class CompressedClipContext {
 public:
  CompressedClipContext() = default;
  explicit CompressedClipContext(const CompressedClip& clip) { Bind(clip); }

  // Sizes the context for `clip` and forgets every cursor. Allocates only
  // when the clip has more tracks than any clip bound before.
  void Bind(const CompressedClip& clip);
  bool BoundTo(const CompressedClip& clip) const { return clip_ == &clip; }
  // The memory it holds (the object and its arrays).
  std::size_t ByteSize() const;

 private:
  // The kernel behind CompressedSamplingJob (anim/jobs/kernels.h).
  friend void kernels::SampleCompressedClip(const CompressedClip& clip, float time,
                                            CompressedClipContext& context, SoaPose& pose);

  const CompressedClip* clip_ = nullptr;
  int rotation_lanes_ = 0;  // rotation tracks, padded to 4
  int vector_lanes_ = 0;    // translation and scale tracks, padded to 4
  std::vector<int> key_;    // per track: the interval's first key, -1 before the first sample
  // The interval's key times per lane (rotation lanes, then vector lanes)
  // and its keys as structure of arrays: rotations [4][rotation lanes],
  // then translations and scales [3][vector lanes].
  std::vector<float> t0_, t1_;
  std::vector<float> a_, b_;
};

// Writes the clip's channels at clip-local `time` (seconds; outside
// [StartTime, EndTime] it holds the first or last value) into `pose`, which
// has the clip's JointCount(). Omitted channels keep what the pose holds, so
// start from the rest pose. A context bound to another clip is re-bound
// first (which may allocate); otherwise nothing is allocated. Returns false,
// writing nothing, when the pose's joint count is not the clip's: the
// convenience form of CompressedSamplingJob (anim/jobs/compressed_sampling_job.h),
// which refuses a context bound elsewhere instead of re-binding it.
bool SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose);

}  // namespace anim
