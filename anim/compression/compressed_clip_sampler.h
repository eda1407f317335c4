// Sampling a CompressedClip into a SoaPose, allocation-free, with a
// caller-owned context (the model is ozz-animation's SamplingJob::Context).
// Each track interpolates between two of its keys (a key every sample, or
// every 2, 4... samples of a segment: compressed_clip.h). The context keeps
// per track its two keys decoded (four lanes at a time, rotations and
// vectors as structure of arrays) and their sample numbers (their times);
// for the segment play is in, how each track's keys decode (offsets,
// scales, bit rates, stride, where they start), worked out from the clip's
// segment headers once as play enters the segment, so that a key costs a
// load, shifts and three multiply-adds. Playback that moves forward a
// little each frame decodes a key only when a track crosses one; a seek,
// backward play or a loop's wrap decodes both keys of each track. The
// interpolation then runs over all tracks four lanes at a time
// (soa_vector.h): slerp for rotations (the series of interpolation.h, the
// same as Track's), lerp for translations and scales.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "anim/compression/compressed_clip.h"
#include "anim/soa_pose.h"
#include "anim/soa_vector.h"

namespace anim {

class CompressedClipContext {
 public:
  CompressedClipContext() = default;
  explicit CompressedClipContext(const CompressedClip& clip) { Bind(clip); }

  // Sizes the context for `clip` and forgets what it decoded. Allocates only
  // when the clip has more tracks than any clip bound before.
  void Bind(const CompressedClip& clip);
  bool BoundTo(const CompressedClip& clip) const { return clip_ == &clip; }
  // The memory it holds (the object and its arrays).
  std::size_t ByteSize() const;

  // Keys decoded since Bind (for tests of the cache: forward play decodes a
  // track's key only when it crosses one, a seek two per track).
  long DecodedKeys() const { return decoded_keys_; }

 private:
  friend void SampleCompressedClip(const CompressedClip& clip, float time,
                                   CompressedClipContext& context, SoaPose& pose);
  // How one track's keys decode in one segment, worked out from the clip's
  // header when play enters the segment, so that a key costs a load, shifts
  // and three multiply-adds instead of the header's rate table and ranges:
  // per component value = offset + q * scale (DecodingOf), and where the
  // track's keys start and how they are laid out.
  struct TrackDecoding {
    float offset[3];
    float scale[3];
    std::uint32_t first_bit;  // the track's first key, in bits past the headers
    std::uint32_t layout;     // PackLayout (compressed_clip_sampler.cpp)
  };
  // Track `track`'s decoding in segment `segment`, its keys starting at
  // `first_bit` (the one place that turns a segment header into one).
  static TrackDecoding DecodingIn(const CompressedClip& clip, int segment, int track,
                                  std::uint32_t first_bit);
  // Works out every track's decoding in `segment` into its lane.
  void EnterSegment(int segment);
  // Moves every track whose keys no longer surround sample interval `k`.
  void MoveTracks(int k);
  // The fractions at `time` of lanes [lane, lane + 4)'s key intervals
  // (`count` of them tracks, the others padding).
  soa::F32x4 KeyFractions(int lane, int count, float time) const;
  // MoveTracks for the rotation lanes or the vector lanes, four at a time.
  struct Move;
  template <bool kRotation>
  void MoveLanes(Move& move);

  const CompressedClip* clip_ = nullptr;
  int tracks_ = 0;
  int rotation_lanes_ = 0;  // rotation tracks, padded to 4
  int vector_lanes_ = 0;    // translation and scale tracks, padded to 4
  int key_ = -1;            // the clip's sample interval [key_, key_ + 1], -1: none yet
  float interval_t0_ = 0.0f, interval_t1_ = 0.0f;
  // The segment whose decodings the lanes hold (-1: none).
  int segment_ = -1;
  // Everything per lane (rotation lanes, then vector lanes; rotation track
  // i is lane i, vector track i lane rotation_lanes_ + i - rotations) in
  // two blocks (one allocation each, so a crowd's contexts are few
  // contiguous runs of memory):
  //   ints_   per lane the samples of its two keys (PackKeys), its first
  //           key bit and layout in segment_; per four rotation lanes
  //           whether their joints follow one another;
  //   floats_ the two keys (a, b), each rotations [4][rotation lanes]
  //           then translations and scales [3][vector lanes]; the
  //           decodings in segment_, offsets then scales, each [3][rotation
  //           lanes] then [3][vector lanes].
  // (The keys' times come from their samples, PackKeys.)
  std::vector<std::int32_t> ints_;
  std::vector<float> floats_;
  // A track's two keys in one word, as its second key's sample times 128
  // plus the samples between them (at most 1 << kMaxStrideCode, below 128),
  // so the test of whether a track moves reads 4 bytes per track.
  // kNoKeys (-1: keys -128 and -1) holds no sample. Samples below
  // kMaxSampleCount (compressed_clip.h) fit.
  static constexpr std::int32_t kNoKeys = -1;
  static std::int32_t PackKeys(int a, int b) { return b * 128 + (b - a); }
  static int KeyBOf(std::int32_t packed) { return packed >> 7; }
  static int KeyGapOf(std::int32_t packed) { return packed & 127; }
  int Lanes() const { return rotation_lanes_ + vector_lanes_; }
  int KeyFloats() const { return 4 * rotation_lanes_ + 3 * vector_lanes_; }
  std::int32_t* Keys() { return ints_.data(); }
  std::int32_t* FirstBit() { return ints_.data() + Lanes(); }
  std::int32_t* Layout() { return ints_.data() + 2 * Lanes(); }
  std::int32_t* ConsecutiveJoints() { return ints_.data() + 3 * Lanes(); }
  float* A() { return floats_.data(); }
  float* B() { return floats_.data() + KeyFloats(); }
  float* Offsets() { return floats_.data() + 2 * KeyFloats(); }
  float* Scales() { return Offsets() + 3 * Lanes(); }
  long decoded_keys_ = 0;
};

// Writes the clip's channels at clip-local `time` (seconds; outside
// [StartTime, EndTime] it holds the first or last value) into `pose`, which
// has the clip's JointCount(). Omitted channels keep what the pose holds, so
// start from the rest pose. A context bound to another clip is re-bound
// first (which may allocate); otherwise nothing is allocated.
void SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose);

}  // namespace anim
