// Sampling a CompressedClip into a SoaPose, allocation-free, with a
// caller-owned context (the model is ozz-animation's SamplingJob::Context).
// Each track interpolates between two of its keys (a key every sample, or
// every 2, 4... samples of a segment: compressed_clip.h). The context keeps
// per track its two keys decoded (four lanes at a time, rotations and
// vectors as structure of arrays) and their sample numbers (their times),
// and a cursor into its keys in the segment (keys after the first are
// differences from a prediction: key_coding.h); for the segment play is
// in, how each track's keys decode (offsets, scales, Rice parameters,
// stride, where its first key and its residuals start), worked out from
// the clip's segment headers once as play enters the segment, so that a
// key costs three Rice codes, adds and three multiply-adds (or, for a
// crowd, read from one CompressedClipDecodings per clip that every context
// shares, so that each character keeps only its keys and cursors).
// Playback that moves forward a little each frame decodes a key only when
// a track crosses one, from its cursor; a seek, backward play or a loop's
// wrap decodes both keys of each track, from the segment's first key. The
// interpolation then runs over all tracks four lanes at a time, eight
// where the processor has AVX (soa_vector.h, soa_dispatch.h): slerp for
// rotations (soa_quaternion.h: the series of interpolation.h, the same as
// Track's), lerp for translations and scales. A context bound to decodings
// with every sample decoded (CompressedKeys::kSampled, below) decodes
// nothing and keeps no keys, cursors or segment state: it only interpolates
// two rows of that table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "anim/compression/compressed_clip.h"
#include "anim/core/soa_pose.h"
#include "anim/core/soa_vector.h"

namespace anim {

class CompressedClipContext;

namespace kernels {
// The kernel behind CompressedSamplingJob (compressed_sampling_job.h), without
// its checks: `context` must be bound to `clip` and `pose` sized for it.
void SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose);
}  // namespace kernels

// How every track's keys decode in every segment of one clip (what a
// context otherwise works out as play enters a segment and keeps per
// character), made once and shared by the contexts of a crowd's characters
// bound to it: in a crowd each context is out of the caches when its
// character's turn comes, and these lines are then read from the one table
// all characters use instead of from each character's context (Woman's
// Walking: 1,584 bytes a context fewer, a table of 3,224 bytes).
// With CompressedKeys::kSampled it also holds every track's value at every
// sample of the clip, decoded once (a track's own key, or its two keys
// interpolated there when the track keeps fewer: compressed_clip.h), one
// row per sample laid out as a context's keys (rotations [4][rotation
// lanes], then translations and scales [3][vector lanes]), and the
// contexts bound to it decode nothing and keep nothing per track: they
// interpolate rows k and k + 1 of every track at the clip's own fraction,
// four lanes per load, as raw clips do. The decoding of keys is most of
// what compressed clips cost over raw ones, and a crowd pays it per
// character, the table once per clip (Woman's Walking: 28 KB against 3.3 KB
// without the rows, beside its 4.6 KB clip; Woman's ten clips 614 KB
// against 1.55 MB of the raw clips' own sampling tables). A track keyed at
// every sample gives the coded contexts' values to the bit; one keyed every
// 2, 4... samples gives the same line (translations, scales) or arc
// (rotations) travelled at the same speed, within float rounding.
// Run-time memory beside the clip, not part of it (the clip's ByteSize does
// not count it). The clip must outlive it.
enum class CompressedKeys : std::uint8_t { kCoded, kSampled };
inline constexpr int kCompressedKeyKinds = 2;

class CompressedClipDecodings {
 public:
  explicit CompressedClipDecodings(const CompressedClip& clip,
                                   CompressedKeys keys = CompressedKeys::kCoded);
  bool For(const CompressedClip& clip) const { return clip_ == &clip; }
  // The clip they were made from (for messages naming it).
  const CompressedClip& Source() const { return *clip_; }
  bool HasSampledKeys() const { return !samples_.empty(); }
  std::size_t ByteSize() const;

 private:
  friend class CompressedClipContext;
  // Fills samples_ (kSampled) by walking a context on the decodings above
  // through every sample interval.
  void SampleKeys();
  const CompressedClip* clip_;
  // Per segment, over a context's lanes: first bits [lanes], residual bits
  // [lanes], layouts [lanes]; offsets [3 lanes], scales [3 lanes] (a
  // context's order, CompressedClipContext::ints_ and floats_).
  std::vector<std::int32_t> ints_;
  std::vector<float> floats_;
  // Per four rotation lanes whether their joints follow one another (a
  // property of the clip, here once for the contexts that share these
  // decodings rather than in each of them: a character's context bound to
  // every sample decoded then allocates nothing, and a crowd's frame does
  // not miss on it).
  std::vector<std::int32_t> consecutive_joints_;
  // kSampled only: [sample][a context's KeyFloats()], every track's value
  // at every sample (padding lanes: the identity rotation, zero vectors).
  std::vector<float> samples_;
};

// A compressed clip with the decodings its players share, both owned by
// the caller (what a graph's clip nodes are given to play in place of their
// raw clip). decodings null: each context keeps its own.
struct CompressedClipRef {
  const CompressedClip* clip = nullptr;
  const CompressedClipDecodings* decodings = nullptr;
};

class CompressedClipContext {
 public:
  CompressedClipContext() = default;
  explicit CompressedClipContext(const CompressedClip& clip,
                                 const CompressedClipDecodings* shared = nullptr) {
    Bind(clip, shared);
  }

  // Sizes the context for `clip` and forgets what it decoded. Allocates only
  // when the clip has more tracks than any clip bound before: a context
  // bound to a smaller clip, or to sampled keys (which need no arrays), keeps
  // its arrays' capacity for the next clip, and ByteSize counts it. With `shared`
  // (made from `clip`, kept alive by the caller) the context reads each
  // segment's decodings from it instead of keeping its own. Returns "" or,
  // for decodings made from another clip, the problem naming both clips
  // (the context is then left unbound, which CompressedSamplingJob refuses).
  std::string Bind(const CompressedClip& clip, const CompressedClipDecodings* shared = nullptr);
  bool BoundTo(const CompressedClip& clip) const { return clip_ == &clip; }
  // The shared decodings it reads (null: its own).
  const CompressedClipDecodings* SharedDecodings() const { return shared_; }
  // The memory it holds (the object and its arrays).
  std::size_t ByteSize() const;

  // Keys decoded since Bind (for tests of the cache: forward play decodes a
  // track's key only when it crosses one, a seek two per track).
  long DecodedKeys() const { return decoded_keys_; }

 private:
  // The kernel behind CompressedSamplingJob (declared above).
  friend void kernels::SampleCompressedClip(const CompressedClip& clip, float time,
                                            CompressedClipContext& context, SoaPose& pose);
  friend class CompressedClipDecodings;
  // How one track's keys decode in one segment, worked out from the clip's
  // header when play enters the segment, so that a key costs its Rice codes,
  // adds and three multiply-adds instead of the header's step table: per
  // component value = offset + q * scale (DecodingOf), and where the
  // track's keys lie and how they are laid out.
  struct TrackDecoding {
    float offset[3];
    float scale[3];
    TrackCoding coding;
  };
  // Track `track`'s decoding in segment `segment`, its keys at `coding`
  // (the one place that turns a segment header into one).
  static TrackDecoding DecodingIn(const CompressedClip& clip, int segment, int track,
                                  const TrackCoding& coding);
  // Works out every track's decoding in `segment` into its lane of the
  // arrays (rotation_lanes and vector_lanes lanes, as a context's):
  // `codings` first bits [lanes], residual bits [lanes], layouts [lanes].
  static void DecodeSegment(const CompressedClip& clip, int segment, int rotation_lanes,
                            int vector_lanes, std::int32_t* codings, float* offsets, float* scales);
  // Makes `segment` the one whose decodings MoveLanes reads.
  void EnterSegment(int segment);
  // The decodings in segment_: the shared table's, or the context's own.
  struct Decodings {
    const std::int32_t* first_bit;
    const std::int32_t* residual_bit;
    const std::int32_t* layout;
    const float* offsets;  // [3][rotation lanes] then [3][vector lanes]
    const float* scales;
  };
  Decodings SegmentDecodings() const;
  // Moves every track whose keys no longer surround sample interval `k`.
  void MoveTracks(int k);
  // SampleCompressedClip's steps: the sample interval at `time` (the tracks
  // moved when it changes), then the rotation lanes slerped and the vector
  // lanes lerped into the pose.
  void Seek(float time);
  // Lanes [begin, end) of each kind, V's lanes at a time (soa::F32x4, or
  // F32x8 in code built for AVX).
  template <typename V>
  void InterpolateRotations(float time, float fraction, int begin, int end, SoaPose& pose);
  template <typename V>
  void InterpolateVectors(float time, float fraction, int begin, int end, SoaPose& pose);
#if ANIM_SOA_WIDE
  // Both, eight lanes at a time, where soa::WideKernels() says so.
  ANIM_SOA_WIDE_TARGET void InterpolateWide(float time, float fraction, SoaPose& pose);
#endif
  // Where `time` lies in the clip's sample interval [key_, key_ + 1], in [0, 1].
  float IntervalFraction(float time) const;
  // The fractions at `time` of the key intervals of V's lanes from `lane`
  // on (`count` of them tracks, the others padding).
  template <typename V>
  V KeyFractions(int lane, int count, float time) const;
  // MoveTracks for the rotation lanes or the vector lanes, four at a time,
  // in steps: a group of four lanes stepping forward by one key together
  // (StepGroup), else each moved lane's keys decoded (DecodeMovedLanes, the
  // next segment's first key by DecodeNextSegmentKey) and stored four lanes
  // at once (StoreMovedLanes).
  struct Move;
  struct LaneGroup;
  struct MovedCodes;
  template <bool kRotation>
  void MoveLanes(Move& move);
  template <bool kRotation>
  bool StepGroup(const Move& move, const LaneGroup& group);
  void DecodeMovedLanes(Move& move, const LaneGroup& group, MovedCodes& codes);
  void DecodeNextSegmentKey(Move& move, int track, int lane, int largest, const float* offsets,
                            const float* scales, int lanes, MovedCodes& codes);
  template <bool kRotation>
  void StoreMovedLanes(const LaneGroup& group, const MovedCodes& codes);
  // The two keys of V's lanes for interpolation (see the definition).
  template <typename V>
  void GroupKeys(int kind_lanes, int key_at, int components, V (&a)[4], V (&b)[4]);

  const CompressedClip* clip_ = nullptr;
  const CompressedClipDecodings* shared_ = nullptr;
  int tracks_ = 0;
  int rotation_lanes_ = 0;  // rotation tracks, padded to 4
  int vector_lanes_ = 0;    // translation and scale tracks, padded to 4
  int key_ = -1;            // the clip's sample interval [key_, key_ + 1], -1: none yet
  float interval_t0_ = 0.0f, interval_t1_ = 0.0f;
  // The segment whose decodings the lanes hold (-1: none).
  int segment_ = -1;
  // Bound to decodings holding every sample (kSampled): the lanes' keys are
  // rows key_ and key_ + 1 of that table, and the context keeps no keys.
  bool sampled_ = false;
  // Everything per lane (rotation lanes, then vector lanes; rotation track
  // i is lane i, vector track i lane rotation_lanes_ + i - rotations) in
  // two blocks (one allocation each, so a crowd's contexts are few
  // contiguous runs of memory):
  //   ints_   per lane the samples of its two keys (PackKeys; none when
  //           sampled_); without a shared table, per four rotation lanes
  //           whether their joints follow one another (else the shared
  //           table's) and per lane its first key bit, first residual bit
  //           and layout in segment_;
  //   floats_ (none when sampled_) the two keys (a, b), each rotations
  //           [4][rotation lanes] then translations and scales
  //           [3][vector lanes]; without a shared table, the decodings in
  //           segment_, offsets then scales, each [3][rotation lanes] then
  //           [3][vector lanes].
  // (The keys' times come from their samples, PackKeys.)
  std::vector<std::int32_t> ints_;
  std::vector<float> floats_;
  // Per track, where its keys in segment_ are decoded up to (keys after
  // the first are differences from the ones before: key_coding.h); empty
  // when bound to sampled keys.
  std::vector<KeyCursor> cursors_;
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
  // Rotation tracks four at a time whose joints follow one another (within
  // the pose's padded arrays), written with one store per channel: 1 or 0
  // per four rotation tracks into `flags`.
  static void FindConsecutiveJoints(const CompressedClip& clip, std::int32_t* flags);
  const std::int32_t* ConsecutiveJoints() const {
    return shared_ != nullptr ? shared_->consecutive_joints_.data() : ints_.data() + Lanes();
  }
  std::int32_t* OwnCodings() { return ints_.data() + Lanes() + rotation_lanes_ / 4; }
  float* A() { return floats_.data(); }
  float* B() { return floats_.data() + KeyFloats(); }
  float* OwnOffsets() { return floats_.data() + 2 * KeyFloats(); }
  float* OwnScales() { return OwnOffsets() + 3 * Lanes(); }
  long decoded_keys_ = 0;
};

// Writes the clip's channels at clip-local `time` (seconds; outside
// [StartTime, EndTime] it holds the first or last value) into `pose`, which
// has the clip's JointCount(). Omitted channels keep what the pose holds, so
// start from the rest pose. A context bound to another clip is re-bound
// first (which may allocate); otherwise nothing is allocated. Returns false,
// writing nothing, when the pose's joint count is not the clip's: the
// convenience form of CompressedSamplingJob (anim/compression/compressed_sampling_job.h),
// which refuses a context bound elsewhere instead of re-binding it.
bool SampleCompressedClip(const CompressedClip& clip, float time, CompressedClipContext& context,
                          SoaPose& pose);

}  // namespace anim
