// The builder's choice of a precision (step code, key_coding.h) per
// component per track per segment, against the model-space error
// (clip_error.h's metric) rather than a per-track share of the tolerance
// (the idea of N. Frechette's Animation Compression Library): every track
// of a segment starts fine; then, one step at a time and joint after joint
// from the leaves, each track's steps are made coarser (and the samples
// between its keys doubled) while the virtual points of every joint below
// it stay within the target at every sample of the segment. Coarser steps
// mean smaller prediction residuals, so fewer bits in their Rice codes.
// Only the moved joint's subtree is recomputed per trial.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "anim/compression/compressed_clip.h"
#include "anim/core/skeleton.h"
#include "anim/core/transform.h"

namespace anim {

// One animated track before it is written: its header (clip range,
// joint, channel, largest) and per sample its three stored components and
// (rotations) the index of the dropped one.
struct TrackSamples {
  CompressedTrack header{};
  std::vector<std::array<float, 3>> stored;
  std::vector<std::uint8_t> largest;
};

// One segment's choice for one track: its components' headers and the
// samples between its keys (1 << stride_code).
struct TrackSegment {
  std::array<SegmentComponent, 3> c{};
  int stride_code = 0;
};

// The choice of step code `step` for one component over the keys among
// samples [first, last) at stride 1 << stride_code (step 0: their
// midpoint as a 16-bit value; a component that never changes over the
// clip takes step 0 at the clip's value).
SegmentComponent FitSegmentComponent(const TrackSamples& track, int component, int first, int last,
                                     int step, int stride_code);
// `value` as its code under `decoding` (step 0: the choice's value).
std::uint32_t QuantizeComponent(float value, const SegmentComponent& choice,
                                const ComponentDecoding& decoding);
// How each of `track`'s components decodes under `segment`.
std::array<ComponentDecoding, 3> TrackDecodings(const TrackSamples& track,
                                                const TrackSegment& segment);
// Sample `sample` of `track` as the sampler decodes it as a key under
// `segment` (whose TrackDecodings are `decodings`).
void DecodeTrackKey(const TrackSamples& track, const TrackSegment& segment,
                    const std::array<ComponentDecoding, 3>& decodings, int sample, float out[4]);

// Joint updates per sample that one round of trials over a segment's
// tracks may cost: tracks whose trials would take it past this keep their
// start (SearchSegmentBits), so no trial touches more joints than this.
inline constexpr std::size_t kSearchJointVisits = std::size_t{1} << 12;

struct BitRateSearchInput {
  const Skeleton* skeleton = nullptr;
  float point_distance = 0.03f;
  // Per sample: the reference local pose (every source channel's value)
  // and the compressed clip's pose without its tracks (rest pose and
  // constants).
  const std::vector<std::vector<Transform>>* reference = nullptr;
  const std::vector<std::vector<Transform>>* base = nullptr;
  std::vector<TrackSamples>* tracks = nullptr;
  const std::vector<float>* times = nullptr;  // the sample times
  // Closed-loop quantisation: each rotation track below the root stores the
  // local rotation that takes its joint to the reference's model-space
  // orientation from its parent as decoded (not as the reference has it),
  // so an ancestor's orientation error is undone at every joint below it
  // instead of turning the whole subtree; only positions keep it (a joint's
  // error moves its children by the error times the bone's length). The
  // search rewrites the rotation tracks' samples in the segment it searches
  // (`tracks` must be writable and their clip ranges wide enough).
  bool compensate = false;
  // Per track, metres at the virtual points per unit of a stored component:
  // the search starts every track at the step that gives it an equal share
  // of the target, the largest share that meets it, before lowering tracks
  // one at a time (empty: it starts every track at the finest steps).
  const std::vector<float>* sensitivity = nullptr;
  bool strides = true;  // keys further apart than a sample where that holds
};

// The choice for every track of the segment of samples [first, last): the
// coarsest steps found whose largest error at those samples stays within
// `target` metres. Also returns that error in *error.
std::vector<TrackSegment> SearchSegmentBits(const BitRateSearchInput& in, int first, int last,
                                            float target, float* error);
// The largest error over the samples [first, last) and every joint with
// `choice` for every track, worked out from scratch (compensating each
// rotation track below the root, so `in.tracks` is rewritten there and the
// compensated tracks' step-0 values in `choice` refitted, as
// SearchSegmentBits does): what the search's own bookkeeping must agree with.
float SegmentError(const BitRateSearchInput& in, int first, int last,
                   std::vector<TrackSegment>* choice);
// Every track's changing components at step code 4 * `bits` (a step of
// 2^-bits of the clip range; components that never change: 0).
std::vector<TrackSegment> FixedSegmentBits(const BitRateSearchInput& in, int first, int last,
                                           int bits);

}  // namespace anim
