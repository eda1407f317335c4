#include "anim/offline/compressed_clip_set.h"

namespace anim {

void CompressedClipSet::Reset(std::span<const Clip> clips, const Skeleton& skeleton,
                              const CompressionSettings& settings) {
  clips_ = clips;
  skeleton_ = &skeleton;
  settings_ = settings;
  built_.clear();
  built_.resize(clips.size());
}

CompressedClipRef CompressedClipSet::Get(int index, CompressedKeys keys) {
  if (index < 0 || index >= ClipCount()) return {};
  std::unique_ptr<Entry>& entry = built_[static_cast<std::size_t>(index)];
  if (entry == nullptr) {
    auto made = std::make_unique<Entry>();
    made->clip =
        BuildCompressedClip(clips_[static_cast<std::size_t>(index)], *skeleton_, settings_);
    made->decodings[0] = std::make_unique<CompressedClipDecodings>(made->clip);
    entry = std::move(made);
  }
  std::unique_ptr<CompressedClipDecodings>& decodings =
      entry->decodings[static_cast<std::size_t>(keys)];
  if (decodings == nullptr)
    decodings = std::make_unique<CompressedClipDecodings>(entry->clip, keys);
  return {&entry->clip, decodings.get()};
}

CompressedClipRef CompressedClipSet::For(const Clip& clip, CompressedKeys keys) {
  for (int i = 0; i < ClipCount(); ++i) {
    if (&clips_[static_cast<std::size_t>(i)] == &clip) return Get(i, keys);
  }
  return {};
}

CompressedClipRef CompressedClipSet::Built(int index, CompressedKeys keys) const {
  if (index < 0 || index >= ClipCount()) return {};
  const Entry* entry = built_[static_cast<std::size_t>(index)].get();
  if (entry == nullptr) return {};
  return {&entry->clip, entry->decodings[static_cast<std::size_t>(keys)].get()};
}

}  // namespace anim
