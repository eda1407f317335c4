// The offline clip builder: any imported Clip (any key layout per channel,
// STEP, LINEAR and CUBICSPLINE, channels starting and ending at different
// times) into a CompressedClip (compressed_clip.h) whose model-space error
// (clip_error.h) stays within a tolerance in metres. Every channel is first
// taken to the clip's sample times (every key time of every channel, as
// LINEAR keys: STEP jumps become two samples at one time, CUBICSPLINE is
// sampled more densely where it bends). The techniques, each of which can be
// turned off or changed for comparison:
//   omission        constant channels stored once, channels equal to the
//                   rest pose not stored at all;
//   range reduction each track's components inside their range over the
//                   clip;
//   segments        the samples cut into runs of `segment_length`, each with
//                   its own step per component per track;
//   key strides     per track per segment, keys every 1, 2, 4... samples
//                   where interpolating between them stays within the
//                   tolerance (key reduction whose times need no bits);
//   steps           chosen per segment against the model-space error
//                   (bit_rate_search.h), or one fixed precision for every
//                   track; rotations as smallest three;
//   compensation    closed-loop quantisation: each rotation track below the
//                   root stores what takes its joint to the raw clip's
//                   model-space orientation from its parent as decoded, so
//                   a joint's rotation error turns only its own bone, not
//                   everything below it (the decoder is the same);
//   residuals       each segment's keys after its first as differences
//                   from a linear prediction, in Rice codes (key_coding.h).
// The builder then measures the result at every sample time and the
// midpoints between (the sampler itself against Clip::Sample) and searches
// the segments around any time over the tolerance again with a lower
// target, until none is.
#pragma once

#include <cstddef>
#include <functional>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip.h"
#include "anim/core/skeleton.h"
#include "anim/offline/clip_error.h"

namespace anim {

struct CompressionSettings {
  float tolerance = 1e-4f;  // metres, at the virtual points
  float point_distance = kVirtualPointDistance;
  bool omit_channels = true;  // constant channels once, rest-pose channels omitted
  int segment_length = 32;    // samples per segment; 0: the whole clip is one segment
  bool key_strides = true;    // keys further apart than a sample where the error allows
  bool compensate = true;     // rotations stored against their parents as decoded
  int bits = 0;  // 0: the step search; 1..kMaxComponentBits: every changing component at steps of
                 // 2^-bits of its clip range
  int cubic_samples = 4;  // LINEAR keys per CUBICSPLINE key interval, at least
  // CUBICSPLINE channels at this many samples a second (at least one per
  // key interval) instead of subdivided until within 1e-5 of the curve;
  // below 0: subdivided only; 0: the builder tries both (subdivided, and
  // each of kCubicRates) and keeps the smallest result within the tolerance.
  float cubic_rate = 0.0f;
  int max_passes = 16;  // measure-and-tighten passes
  // Threads that search segments at once, the calling one among them (0:
  // std::thread::hardware_concurrency()). Segments are searched
  // independently, so the clip is the same byte for byte at any count.
  int threads = 1;
  // Asked before each segment's search and each measurement: true stops the
  // build there (a newer request replaces it, a window closes), and
  // BuildCompressedClip returns an empty clip with report->cancelled set.
  // With several threads it may be asked from several at once.
  std::function<bool()> cancelled;
};

// The CUBICSPLINE sample rates the builder tries (samples a second).
inline constexpr float kCubicRates[] = {30.0f, 60.0f, 120.0f, 240.0f};

struct CompressionReport {
  std::size_t raw_bytes = 0;         // RawClipBytes
  std::size_t compressed_bytes = 0;  // CompressedClip::ByteSize
  ClipError error;                   // measured on the result
  int animated_tracks = 0;
  int constant_channels = 0;
  int omitted_channels = 0;
  int stored_keys = 0;  // values of all animated tracks: tracks times samples
  int source_keys = 0;  // the channels' LINEAR keys (STEP pairs and CUBICSPLINE samples counted)
  int samples = 0;      // sample times
  int segments = 0;
  int passes = 0;
  float cubic_rate = 0.0f;  // the CUBICSPLINE rate chosen (0: subdivided)
  // Where compressed_bytes go (the rest: the stream's samples, the object,
  // its name and the stream's padding).
  std::size_t constant_bytes = 0;
  std::size_t time_bytes = 0;            // 0 for uniform times
  std::size_t track_bytes = 0;           // clip ranges, joints, channels
  std::size_t segment_header_bytes = 0;  // per segment per track, with the segments' offsets
  bool cancelled = false;                // settings.cancelled stopped the build: no clip
};

// The threads a build with `settings` searches segments on
// (CompressionSettings::threads, 0 resolved to the machine's cores).
std::size_t CompressionThreads(const CompressionSettings& settings);

// The bytes of a raw clip's key data: every track's key times and values.
std::size_t RawClipBytes(const Clip& clip);

// The bytes BuildCompressedClip holds at its peak for `clip` (the pose of
// every joint at every sample time, twice, and per thread one segment's
// search state: poses and model matrices of every joint), found without
// building it, so
// a caller can refuse a clip of a huge rig before it takes the memory. It
// gathers the clip's sample times, so it costs about the clip's keys.
std::size_t CompressionWorkingBytes(const Clip& clip, const Skeleton& skeleton,
                                    const CompressionSettings& settings = {});

CompressedClip BuildCompressedClip(const Clip& clip, const Skeleton& skeleton,
                                   const CompressionSettings& settings = {},
                                   CompressionReport* report = nullptr);

}  // namespace anim
