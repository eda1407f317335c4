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
    made->decodings = std::make_unique<CompressedClipDecodings>(made->clip);
    entry = std::move(made);
  }
  if (keys == CompressedKeys::kCoded) return {&entry->clip, entry->decodings.get()};
  if (entry->decoded == nullptr) {
    entry->decoded = std::make_unique<CompressedClipDecodings>(entry->clip, keys);
  }
  return {&entry->clip, entry->decoded.get()};
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
  return {&entry->clip,
          keys == CompressedKeys::kCoded ? entry->decodings.get() : entry->decoded.get()};
}

}  // namespace anim
