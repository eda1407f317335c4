#include "model/morph_reach.h"

#include <algorithm>

#include "model/model.h"

namespace anim {

namespace {

bool AnyNonZero(const std::vector<glm::vec3>& offsets) {
  return std::any_of(offsets.begin(), offsets.end(),
                     [](const glm::vec3& d) { return d != glm::vec3(0.0f); });
}

}  // namespace

std::vector<bool> MorphTargetsThatChangeSomething(const Model& model) {
  std::vector<bool> changes(model.DefaultMorphWeights().size(), false);
  for (const MeshPrimitive& primitive : model.primitives) {
    const int c = primitive.morph_channel;
    if (c < 0 || c >= static_cast<int>(model.morph_channels.size())) continue;
    const MorphChannel& channel = model.morph_channels[c];
    for (std::size_t t = 0; t < primitive.morph_targets.size(); ++t) {
      const std::size_t w = static_cast<std::size_t>(channel.first_weight) + t;
      if (w >= changes.size() || t >= channel.target_names.size() || changes[w]) continue;
      const MorphTarget& target = primitive.morph_targets[t];
      changes[w] = AnyNonZero(target.positions) || AnyNonZero(target.normals);
    }
  }
  return changes;
}

std::vector<std::string> MorphChannelNotes(const Model& model, const std::vector<bool>& changes) {
  const std::size_t channels = model.morph_channels.size();
  std::vector<bool> drawn(channels, false);
  for (const MeshPrimitive& p : model.primitives) {
    if (p.morph_channel >= 0 && static_cast<std::size_t>(p.morph_channel) < channels)
      drawn[static_cast<std::size_t>(p.morph_channel)] = true;
  }
  std::vector<std::string> notes(channels);
  for (std::size_t c = 0; c < channels; ++c) {
    const MorphChannel& channel = model.morph_channels[c];
    bool changes_something = false;
    for (std::size_t t = 0; t < channel.target_names.size(); ++t) {
      const std::size_t w = static_cast<std::size_t>(channel.first_weight) + t;
      changes_something = changes_something || (w < changes.size() && changes[w]);
    }
    if (!changes_something)
      notes[c] = drawn[c] ? "its targets move no vertex" : "no drawn mesh uses its targets";
  }
  return notes;
}

}  // namespace anim
