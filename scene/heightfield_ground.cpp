#include "scene/heightfield_ground.h"

#include <algorithm>
#include <cmath>

namespace scene {

float HeightfieldHeight(const HeightfieldOptions& options, float x, float z) {
  const float k = 3.14159265f / std::max(options.bump_spacing, 1e-3f);
  return options.slope_x * x + options.slope_z * z +
         options.bump_height * std::sin(k * x) * std::sin(k * z * 0.8f);
}

anim::Model MakeHeightfieldGround(const HeightfieldOptions& options) {
  const int cells = std::clamp(
      static_cast<int>(std::ceil(2.0f * options.half_extent / std::max(options.cell, 1e-3f))), 1,
      1024);
  const float step = 2.0f * options.half_extent / static_cast<float>(cells);
  const float u = options.units_per_metre;
  const int side = cells + 1;
  anim::MeshPrimitive p;
  p.positions.reserve(static_cast<std::size_t>(side) * side);
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      const float x = -options.half_extent + step * static_cast<float>(i);
      const float z = -options.half_extent + step * static_cast<float>(j);
      p.positions.emplace_back(x * u, HeightfieldHeight(options, x, z) * u, z * u);
      // Normal from central differences of the height function.
      const float d = 0.5f * step;
      const float dx =
          (HeightfieldHeight(options, x + d, z) - HeightfieldHeight(options, x - d, z)) /
          (2.0f * d);
      const float dz =
          (HeightfieldHeight(options, x, z + d) - HeightfieldHeight(options, x, z - d)) /
          (2.0f * d);
      p.normals.push_back(glm::normalize(glm::vec3(-dx, 1.0f, -dz)));
      // A 1 m checker of two earthy greys, linear RGB.
      const bool dark =
          (static_cast<int>(std::floor(x)) + static_cast<int>(std::floor(z))) % 2 != 0;
      p.colors.push_back(dark ? glm::vec4(0.16f, 0.17f, 0.13f, 1.0f)
                              : glm::vec4(0.24f, 0.25f, 0.19f, 1.0f));
    }
  }
  for (int j = 0; j < cells; ++j) {
    for (int i = 0; i < cells; ++i) {
      const auto at = [&](int di, int dj) {
        return static_cast<std::uint32_t>((j + dj) * side + i + di);
      };
      // Counter-clockwise seen from above (+Y): front faces up.
      p.indices.insert(p.indices.end(),
                       {at(0, 0), at(0, 1), at(1, 1), at(0, 0), at(1, 1), at(1, 0)});
    }
  }
  anim::Model model;
  model.source_path = "generated bumpy sloped ground";
  p.material = 0;
  model.primitives.push_back(std::move(p));
  model.materials.push_back(anim::Material::Dielectric("ground", 0.9f));
  return model;
}

HeightfieldOptions BumpySlopedGround(float units_per_metre) {
  HeightfieldOptions options;
  options.slope_x = 0.22f;
  options.slope_z = 0.05f;
  options.bump_height = 0.06f;
  options.bump_spacing = 1.6f;
  options.units_per_metre = units_per_metre;
  return options;
}

}  // namespace scene
