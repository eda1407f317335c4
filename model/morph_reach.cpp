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

std::string MorphChannelNote(const Model& model, int channel, const std::vector<bool>& changes) {
  if (channel < 0 || channel >= static_cast<int>(model.morph_channels.size())) return "";
  const MorphChannel& c = model.morph_channels[channel];
  for (std::size_t t = 0; t < c.target_names.size(); ++t) {
    const std::size_t w = static_cast<std::size_t>(c.first_weight) + t;
    if (w < changes.size() && changes[w]) return "";
  }
  const bool drawn =
      std::any_of(model.primitives.begin(), model.primitives.end(),
                  [&](const MeshPrimitive& p) { return p.morph_channel == channel; });
  return drawn ? "its targets move no vertex" : "no drawn mesh uses its targets";
}

}  // namespace anim
