// Sampling a compressed clip as a job (after ozz-animation's SamplingJob):
// the clip with its context (compressed_clip_sampler.h) into a SoaPose.
// Plain fields in; Validate() names the first field that does not fit;
// Run() writes nothing unless Validate() passes. SampleCompressedClip is
// this job in one call (re-binding the context first).
#pragma once

#include <string>

#include "anim/compression/compressed_clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/soa_pose.h"

namespace anim {

// SampleCompressedClip's kernel: the clip at clip-local `time` (held at the
// first or last value outside it), the context keeping each track's keys
// between calls (compressed_clip_sampler.h).
struct CompressedSamplingJob {
  const CompressedClip* clip = nullptr;
  float time = 0.0f;
  CompressedClipContext* context = nullptr;  // bound to `clip` (context.Bind(clip))
  SoaPose* output = nullptr;                 // the clip's JointCount()

  std::string Validate() const;
  bool Run() const;
};

}  // namespace anim
