#include "samples/crowd_compression.h"

#include "anim/clips/clock.h"
#include "anim/compression/playback.h"
#include "anim/offline/clip_builder.h"

namespace samples {

void CrowdCompression::Load(const anim::Model& model, int capacity) {
  model_ = &model;
  clips_.Reset(model.clips, model.skeleton);
  // The playbacks point to the clips just dropped: start them afresh.
  MakeRoom(capacity);
}

void CrowdCompression::MakeRoom(int capacity) {
  playbacks_.clear();
  playbacks_.resize(2 * static_cast<std::size_t>(capacity));
  clips_played_.assign(playbacks_.size(), -1);
}

anim::Playback& CrowdCompression::Start(int k, int slot, int clip, float phase, float rate) {
  const std::size_t i = 2 * static_cast<std::size_t>(k) + static_cast<std::size_t>(slot);
  const anim::CompressedClipRef c = clips_.Get(clip, keys_);
  anim::Playback& p = playbacks_[i];
  // Decodings made from this very clip: Bind cannot refuse them. The raw
  // clip gives the morph weights.
  p.Start({&model_->clips[static_cast<std::size_t>(clip)], c}, anim::LoopMode::kLoop, rate);
  p.SetTime(c.clip->TimeAtPhase(phase));
  clips_played_[i] = clip;
  return p;
}

void CrowdCompression::PlaySolo(anim::CrowdCharacter& character, int k, int clip, float phase) {
  character.a = &Start(k, 0, clip, phase, 1.0f);
  character.b = nullptr;
  clips_played_[2 * static_cast<std::size_t>(k) + 1] = -1;
}

void CrowdCompression::PlaySynced(anim::CrowdCharacter& character, int k, int a, int b,
                                  float phase) {
  const float la = model_->clips[static_cast<std::size_t>(a)].Duration();
  const float lb = model_->clips[static_cast<std::size_t>(b)].Duration();
  const float blended = anim::BlendedCycleLength(la, lb, character.weight);
  character.a = &Start(k, 0, a, phase, anim::SyncedRate(la, blended));
  character.b = &Start(k, 1, b, phase, anim::SyncedRate(lb, blended));
}

CrowdCompression::Memory CrowdCompression::Measure(int count) const {
  Memory m;
  for (int clip = 0; clip < clips_.ClipCount(); ++clip) {
    const anim::CompressedClipRef c = clips_.Built(clip);
    if (c.clip == nullptr) continue;
    ++m.clips;
    m.compressed_bytes += c.clip->ByteSize();
    // The decodings of the crowd's kind where they were made for the clip,
    // else (a clip only graph nodes play, or not played since) the coded
    // decodings every clip has.
    const anim::CompressedClipDecodings* in_use = clips_.Built(clip, keys_).decodings;
    m.decodings_bytes += (in_use != nullptr ? in_use : c.decodings)->ByteSize();
    const anim::Clip& raw = model_->clips[static_cast<std::size_t>(clip)];
    m.raw_bytes += anim::RawClipBytes(raw);
    m.raw_soa_bytes += raw.SoaKeyBytes();
  }
  if (count <= 0) return m;
  std::size_t contexts = 0, raw = 0;
  anim::Playback playback;  // a raw playback of the same clip, for comparison
  for (std::size_t i = 0; i < 2 * static_cast<std::size_t>(count); ++i) {
    if (clips_played_[i] < 0) continue;
    contexts += playbacks_[i].context.ByteSize();
    playback.Start(&model_->clips[static_cast<std::size_t>(clips_played_[i])]);
    // Its cursors' count, not capacity (ByteSize): the one playback is
    // reused for every clip and keeps its largest cursors.
    raw += sizeof(anim::Playback) + playback.cursor.keys.size() * sizeof(anim::TrackCursor);
  }
  m.context_per_character = static_cast<double>(contexts) / count;
  m.raw_per_character = static_cast<double>(raw) / count;
  return m;
}

}  // namespace samples
