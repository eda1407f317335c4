// CompressedClipSet: a model's clips in their compressed form, each built
// (BuildCompressedClip, with one CompressedClipDecodings beside it) the
// first time someone asks for it (and the decodings with every sample
// decoded, CompressedKeys::kSampled, the first time someone asks for
// those), and
// kept for everyone who plays it: a
// crowd's characters, a graph's clip nodes (CompressedClipRef, the form
// they are given). Building is offline work (milliseconds to a second per
// clip): ask outside the frame loop.
//
// Ownership: the set owns the compressed clips and their decodings, which
// stay where they are until the next Reset (or the set's end): what it hands
// out points into it. The raw clips and the skeleton are the caller's and
// must outlive the set.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "anim/clips/clip.h"
#include "anim/compression/compressed_clip.h"
#include "anim/compression/compressed_clip_sampler.h"
#include "anim/core/skeleton.h"
#include "anim/offline/clip_builder.h"

namespace anim {

class CompressedClipSet {
 public:
  CompressedClipSet() = default;
  CompressedClipSet(std::span<const Clip> clips, const Skeleton& skeleton,
                    const CompressionSettings& settings = {}) {
    Reset(clips, skeleton, settings);
  }
  CompressedClipSet(const CompressedClipSet&) = delete;  // handed-out forms point into it
  CompressedClipSet& operator=(const CompressedClipSet&) = delete;

  // Forgets every compressed clip (what was handed out dangles), then
  // serves `clips` (a model's, say) for `skeleton` with `settings`.
  void Reset(std::span<const Clip> clips, const Skeleton& skeleton,
             const CompressionSettings& settings = {});

  int ClipCount() const { return static_cast<int>(clips_.size()); }
  // Clip `index`'s compressed form, built on the first call, with the
  // decodings of kind `keys` (made on the first call that asks for them;
  // every kind made stays); {} for an index out of range.
  CompressedClipRef Get(int index, CompressedKeys keys = CompressedKeys::kCoded);
  // The compressed form of `clip` when it is one of the set's clips (the
  // same object, not an equal copy), as Get gives it; {} for any other clip.
  CompressedClipRef For(const Clip& clip, CompressedKeys keys = CompressedKeys::kCoded);
  // Clip `index`'s compressed form if it has been built, else {}, with the
  // decodings of kind `keys` if they have been made, else null (builds
  // nothing).
  CompressedClipRef Built(int index, CompressedKeys keys = CompressedKeys::kCoded) const;

 private:
  struct Entry {
    CompressedClip clip;
    // Per CompressedKeys kind, once asked for (kCoded with the clip); they
    // point to `clip`: entries never move.
    std::unique_ptr<CompressedClipDecodings> decodings[kCompressedKeyKinds];
  };
  std::span<const Clip> clips_;
  const Skeleton* skeleton_ = nullptr;
  CompressionSettings settings_;
  std::vector<std::unique_ptr<Entry>> built_;  // per clip, null until asked for
};

}  // namespace anim
