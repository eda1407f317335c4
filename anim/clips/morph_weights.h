// Morph-target (blend shape) weights: a face's smile, a horse's gallop
// stored as vertex offsets. A character's weights are one flat array of
// floats, each mesh's targets in a run of it (the model says where); a clip
// animates some of them with one ScalarTrack each (glTF's "weights"
// channels), sampled at the same clip time as the joints. Weights are not
// clamped: glTF allows any value.
#pragma once

#include <span>
#include <vector>

#include "anim/clips/track.h"

namespace anim {

// The tracks of one mesh's weights in a clip: targets[t] animates weight
// first_weight + t of the character's array; an empty track leaves that
// weight alone.
struct MorphWeightTracks {
  int first_weight = 0;
  std::vector<ScalarTrack> targets;
};

// The highest weight index the tracks write, plus one (0 without tracks).
int MorphWeightsNeeded(std::span<const MorphWeightTracks> tracks);

// Writes every weight the tracks animate at `sample_time` (a clip-local
// time, Clip::SampleTime), leaving the others as the caller set them (their
// defaults). Returns false, writing nothing, when `weights` is shorter than
// MorphWeightsNeeded(tracks). Allocates nothing.
bool SampleMorphWeights(std::span<const MorphWeightTracks> tracks, float sample_time,
                        std::span<float> weights);

// out[i] = a[i] * (1 - t) + b[i] * t (a at t = 0, b at t = 1 exactly): two
// poses' weights blended or cross-faded as their joints are. False,
// writing nothing, unless all three spans have the same size. `out` may
// alias `a` or `b`, as in each function below.
bool BlendMorphWeights(std::span<const float> a, std::span<const float> b, float t,
                       std::span<float> out);

// out[i] = in[i] + weight * (add[i] - reference[i]): an additive layer's change
// from its reference, added as the joints' is. False, writing nothing,
// unless all four spans have the same size.
bool AddMorphChange(std::span<const float> in, std::span<const float> add,
                    std::span<const float> reference, float weight, std::span<float> out);

}  // namespace anim
