#include "anim/clips/morph_weights.h"

#include <algorithm>

namespace anim {

int MorphWeightsNeeded(std::span<const MorphWeightTracks> tracks) {
  int needed = 0;
  for (const MorphWeightTracks& m : tracks) {
    needed = std::max(needed, m.first_weight + static_cast<int>(m.targets.size()));
  }
  return needed;
}

bool SampleMorphWeights(std::span<const MorphWeightTracks> tracks, float sample_time,
                        std::span<float> weights) {
  if (static_cast<std::size_t>(MorphWeightsNeeded(tracks)) > weights.size()) return false;
  for (const MorphWeightTracks& m : tracks) {
    if (m.first_weight < 0) return false;
  }
  for (const MorphWeightTracks& m : tracks) {
    for (std::size_t t = 0; t < m.targets.size(); ++t) {
      if (!m.targets[t].Empty()) weights[m.first_weight + t] = m.targets[t].Sample(sample_time);
    }
  }
  return true;
}

bool BlendMorphWeights(std::span<const float> a, std::span<const float> b, float t,
                       std::span<float> out) {
  if (a.size() != b.size() || a.size() != out.size()) return false;
  const float u = 1.0f - t;
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = a[i] * u + b[i] * t;
  return true;
}

bool AddMorphChange(std::span<const float> in, std::span<const float> add,
                    std::span<const float> reference, float weight, std::span<float> out) {
  if (in.size() != out.size() || add.size() != out.size() || reference.size() != out.size()) {
    return false;
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = in[i] + weight * (add[i] - reference[i]);
  return true;
}

}  // namespace anim
