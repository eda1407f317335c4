// The compressed mode of 08 Crowd: the crowd's clips played in their
// compressed form (anim/compression/). Each clip is compressed once, at the
// builder's default tolerance, the first time a character (or, in graph
// mode, the graph's clip nodes) plays it, with one
// anim::CompressedClipDecodings made beside it and shared by every
// character's context (anim::CompressedClipSet); each character keeps only
// its own anim::Playback of the compressed form per clip it plays (its clock
// and its context), which anim::CrowdAnimator samples in place of the raw
// clips.
#pragma once

#include <cstddef>
#include <vector>

#include "anim/compression/playback.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/offline/compressed_clip_set.h"
#include "model/model.h"

namespace samples {

class CrowdCompression {
 public:
  // Forgets the previous model's compressed clips; room for `capacity`
  // characters' playbacks, reserved once so the crowd's pointers into them
  // stay valid.
  void Load(const anim::Model& model, int capacity);
  // Room for `capacity` characters' playbacks, made again (the crowd's
  // pointers into the previous ones are gone: start its characters again);
  // the compressed clips stay.
  void MakeRoom(int capacity);

  // Character k plays clip `clip` alone, compressed, from `phase` (0..1).
  void PlaySolo(anim::CrowdCharacter& character, int k, int clip, float phase);
  // Character k blends clips a and b at its weight, compressed and in step
  // as a SyncedBlend keeps them: both start at `phase`, each at the rate
  // that stretches its cycle to the blended one for that weight
  // (anim/clips/clock.h's BlendedCycleLength and SyncedRate).
  void PlaySynced(anim::CrowdCharacter& character, int k, int a, int b, float phase);
  // Which decodings the characters started from now on are bound to:
  // kSampled interpolates rows of a table of every sample decoded, made per
  // clip on first use, instead of decoding keys per character (faster,
  // smaller contexts, the table's memory more per clip).
  void SetKeys(anim::CompressedKeys keys) { keys_ = keys; }
  anim::CompressedKeys Keys() const { return keys_; }
  // The model's clips compressed on first use: what graph mode's clip nodes
  // are given (CrowdGraphs), the same ones the clip characters play.
  anim::CompressedClipSet& Clips() { return clips_; }

  // What the first `count` characters and the clips they play take, against
  // the same clips raw.
  struct Memory {
    int clips = 0;                     // compressed so far
    std::size_t compressed_bytes = 0;  // CompressedClip::ByteSize, summed
    std::size_t decodings_bytes = 0;   // the shared decodings (of the kind in use), summed
    std::size_t raw_bytes = 0;         // the same clips' raw keys (RawClipBytes)
    std::size_t raw_soa_bytes = 0;     // and their structure-of-arrays copies (SoaKeyBytes)
    double context_per_character = 0;  // bytes: its playbacks' contexts, averaged
    double raw_per_character = 0;      // bytes: a raw Playback and cursors per clip played
  };
  Memory Measure(int count) const;

 private:
  anim::Playback& Start(int k, int slot, int clip, float phase, float rate);

  const anim::Model* model_ = nullptr;
  anim::CompressedClipSet clips_;          // per model clip, built when first needed
  std::vector<anim::Playback> playbacks_;  // per character: a, then b
  std::vector<int> clips_played_;          // per playback: its model clip, or -1
  anim::CompressedKeys keys_ = anim::CompressedKeys::kCoded;
};

}  // namespace samples
