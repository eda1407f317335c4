#include "render/ground_grid.h"

#include <algorithm>
#include <cmath>

namespace render {

float NiceStep(float value) {
  const float power = std::pow(10.0f, std::floor(std::log10(value)));
  for (float m : {1.0f, 2.0f, 5.0f, 10.0f}) {
    // A little tolerance so 0.2 stays 0.2 despite float rounding of log10.
    if (m * power >= value * 0.9999f) return m * power;
  }
  return 10.0f * power;
}

GridLayout LayoutGridFor(const Bounds& bounds) {
  GridLayout layout;
  if (bounds.Empty()) return layout;
  const glm::vec3 size = bounds.Size();
  const float extent = std::max({size.x, size.y, size.z});
  if (!(extent > 0.0f) || !std::isfinite(extent)) return layout;
  layout.cell = NiceStep(extent / 10.0f);
  // About three model sizes in each direction, rounded up to whole majors.
  const int majors = static_cast<int>(std::ceil(3.0f * extent / (5.0f * layout.cell)));
  layout.half_cells = 5 * std::clamp(majors, 1, 40);
  const float major = 5.0f * layout.cell;
  const glm::vec3 c = bounds.Center();
  layout.center = glm::vec3(std::round(c.x / major) * major, 0.0f, std::round(c.z / major) * major);
  return layout;
}

std::vector<ColoredVertex> GridLines(const GridLayout& layout) {
  const glm::vec4 minor(0.42f, 0.43f, 0.46f, 0.55f);
  const glm::vec4 major(0.55f, 0.56f, 0.60f, 0.9f);
  const glm::vec4 x_axis(0.80f, 0.30f, 0.30f, 1.0f);
  const glm::vec4 z_axis(0.30f, 0.45f, 0.85f, 1.0f);
  const float half = layout.HalfExtent();
  std::vector<ColoredVertex> lines;
  lines.reserve(4 * (2 * static_cast<std::size_t>(layout.half_cells) + 1));
  for (int i = -layout.half_cells; i <= layout.half_cells; ++i) {
    const float offset = static_cast<float>(i) * layout.cell;
    const float x = layout.center.x + offset;
    const float z = layout.center.z + offset;
    const bool is_major = i % 5 == 0;
    // A line of constant x runs along Z; the one at x = 0 is the Z axis.
    const bool on_z_axis = std::abs(x) < 0.5f * layout.cell;
    const bool on_x_axis = std::abs(z) < 0.5f * layout.cell;
    const glm::vec4 cx = on_z_axis ? z_axis : (is_major ? major : minor);
    const glm::vec4 cz = on_x_axis ? x_axis : (is_major ? major : minor);
    lines.push_back({{x, 0.0f, layout.center.z - half}, cx});
    lines.push_back({{x, 0.0f, layout.center.z + half}, cx});
    lines.push_back({{layout.center.x - half, 0.0f, z}, cz});
    lines.push_back({{layout.center.x + half, 0.0f, z}, cz});
  }
  return lines;
}

}  // namespace render
