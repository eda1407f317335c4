// The offline clip builder: any imported Clip (any key layout per channel,
// STEP, LINEAR and CUBICSPLINE, channels starting and ending at different
// times) into a CompressedClip whose model-space error (clip_error.h) stays
// within a tolerance in metres. The techniques, each of which can be turned
// off for comparison:
//   omission       constant channels stored once, channels equal to the
//                  rest pose not stored at all;
//   key reduction  keys that interpolating their neighbours reproduces
//                  within the channel's share of the tolerance are dropped;
//   quantisation   each track's components at the fewest bits (1 to 24)
//                  that keep its keys within its share, inside the track's
//                  own range (range reduction); rotations as smallest three.
// A joint's share of the tolerance follows its place in the hierarchy: a
// rotation error of a radians moves a point d metres away by a * d, d being
// the distance to the furthest virtual point of the joint's descendants,
// and errors add along a chain, so deeper chains split it. The builder then
// measures the result and halves the shares of every joint (and its
// ancestors) whose error exceeds the tolerance, until none does.
#pragma once

#include <cstddef>

#include "anim/clip.h"
#include "anim/compression/clip_error.h"
#include "anim/compression/compressed_clip.h"
#include "anim/skeleton.h"

namespace anim {

struct CompressionSettings {
  float tolerance = 1e-4f;  // metres, at the virtual points
  float point_distance = kVirtualPointDistance;
  bool omit_channels = true;  // constant channels once, rest-pose channels omitted
  bool reduce_keys = true;
  int bits = 0;           // 0: the fewest bits per track; 1..24: every track at this rate
  int cubic_samples = 4;  // LINEAR keys per CUBICSPLINE key interval, at least
  int max_passes = 16;    // measure-and-tighten passes
};

struct CompressionReport {
  std::size_t raw_bytes = 0;         // RawClipBytes
  std::size_t compressed_bytes = 0;  // CompressedClip::ByteSize
  ClipError error;                   // measured on the result
  int animated_tracks = 0;
  int constant_channels = 0;
  int omitted_channels = 0;
  int stored_keys = 0;  // keys of all animated tracks
  int source_keys = 0;  // LINEAR keys before reduction (STEP pairs and CUBICSPLINE samples counted)
  int passes = 0;
};

// The bytes of a raw clip's key data: every track's key times and values.
std::size_t RawClipBytes(const Clip& clip);

CompressedClip BuildCompressedClip(const Clip& clip, const Skeleton& skeleton,
                                   const CompressionSettings& settings = {},
                                   CompressionReport* report = nullptr);

}  // namespace anim
