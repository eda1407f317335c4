// The ground grid on the plane Y = 0, sized to the model: the cell size is
// a "nice" length (1, 2 or 5 times a power of ten, in the model's own
// units) near a tenth of the model's largest extent, with a stronger line
// every fifth cell, so a 1.7 m character gets 20 cm cells and a 170-unit
// one gets 20-unit cells.
#pragma once

#include <vector>

#include "render/line_mesh.h"
#include "render/skinned_bounds.h"

namespace render {

struct GridLayout {
  float cell = 1.0f;       // spacing of the fine lines
  int half_cells = 10;     // cells from the centre to the edge
  glm::vec3 center{0.0f};  // on Y = 0, a multiple of 5 cells
  float HalfExtent() const { return cell * static_cast<float>(half_cells); }
};

// Smallest of 1, 2, 5 x 10^k that is >= value (value > 0).
float NiceStep(float value);

GridLayout LayoutGridFor(const Bounds& bounds);

// Line vertices (pairs) of the grid; the X and Z axes through the origin
// are tinted red and blue when they lie inside it.
std::vector<ColoredVertex> GridLines(const GridLayout& layout);

}  // namespace render
