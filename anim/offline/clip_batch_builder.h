// Building many clips at once (a model's, when a tool reports on all of
// them): whole clips spread over the threads, each clip searched on one,
// the costliest first. A clip's segments are few (Woman.gltf's Idle has 3),
// so spreading each clip's segments over the threads leaves most of them
// waiting on its last segment; spreading the clips keeps them all busy.
// The clips are the same byte for byte as BuildCompressedClip's.
#pragma once

#include <cstddef>
#include <exception>
#include <span>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip.h"
#include "anim/core/skeleton.h"
#include "anim/offline/clip_builder.h"

namespace anim {

struct BatchBuildResult {
  CompressedClip clip;
  CompressionReport report;
  double seconds = 0.0;  // the clip's own build, on the thread that built it
};

// What BuildCompressedClips throws when a clip's build throws (out of
// memory, on a huge rig): which clip (an index into its `clips`) and what
// the build threw, so that the caller can say which clip failed.
struct ClipBuildFailure {
  std::size_t clip = 0;
  std::exception_ptr cause;
};

// Every one of `clips` built with `settings` (their results in the same
// order) on CompressionThreads(settings) threads. A clip starts only while
// the working memory of the clips in flight (CompressionWorkingBytes on one
// thread) stays within `max_bytes`, or when none is in flight (0: no
// limit), so building at once takes no more memory than the caller allows.
std::vector<BatchBuildResult> BuildCompressedClips(std::span<const Clip* const> clips,
                                                   const Skeleton& skeleton,
                                                   const CompressionSettings& settings,
                                                   std::size_t max_bytes = 0);

}  // namespace anim
