// Skin weights. Each joint has a blend zone where the surface hands over from
// the parent bone to the joint's bone: a slab across the bone at the joint,
// `radius` thick each side, crossed with a smoothstep. The weights are a
// function of position only, so two overlapping shapes (a thigh's end cap and
// the shin's start) deform identically and never crack apart. Ball joints
// are rigid: a sphere turning about its own centre keeps its shape.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "shapes.h"

namespace mannequin {

struct SkinWeights {
  std::array<std::uint8_t, 4> joints{};  // distinct where weighted, 0 where unused
  std::array<float, 4> weights{};        // sum to 1, largest first
};

std::vector<SkinWeights> ComputeSkinWeights(const Mesh& mesh);

}  // namespace mannequin
