// Image-based lighting for the material look, computed on the CPU (no GL
// here): an environment given as a radiance function of direction is baked
// into a cube map whose mip levels are prefiltered for glTF's GGX specular
// lobe at growing roughness (the split-sum approximation, Karis, "Real
// Shading in Unreal Engine 4", 2013), and projected onto nine spherical
// harmonics for the diffuse irradiance (Ramamoorthi and Hanrahan, "An
// Efficient Representation for Irradiance Environment Maps", 2001).
// render/gpu_environment.h uploads the result; shaders/skinned.frag reads it.
#pragma once

#include <array>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

namespace render {

// Linear radiance arriving from `direction` (unit, world space, +Y up).
using RadianceFunction = std::function<glm::vec3(const glm::vec3& direction)>;

// The viewer's own environment, generated so that nothing is downloaded or
// shipped: a photographer's studio. A soft grey sky darker towards the
// zenith, a dark floor below the horizon, and three round soft boxes (a key
// above front-left, where the key light is, a rim behind right and a low fill
// at the right) whose reflections give metals their highlights.
glm::vec3 StudioRadiance(const glm::vec3& direction);

// The unit direction through the centre of texel (x, y) of cube face `face`
// (0..5: +X, -X, +Y, -Y, +Z, -Z) of `size` x `size` texels, in OpenGL's
// cube map convention (its specification, table 8.19); row y = 0 is the
// first row uploaded.
glm::vec3 CubeTexelDirection(int face, int size, int x, int y);

// A cube map's mip chain, linear RGB: levels[m] holds 6 faces of
// (size >> m)^2 texels each, face after face, rows as CubeTexelDirection
// numbers them. Level m is prefiltered for roughness m / (levels - 1), so
// level 0 is the environment itself.
struct EnvironmentMaps {
  int size = 0;
  std::vector<std::vector<glm::vec3>> levels;
  // Nine coefficients (bands 0..2) such that EvaluateIrradianceSh(sh, n) is
  // the irradiance on a surface facing n divided by pi: what a white
  // Lambertian surface shows (a constant radiance L gives L back).
  std::array<glm::vec3, 9> irradiance_sh{};

  int LevelCount() const { return static_cast<int>(levels.size()); }
  float MaxRoughnessLevel() const { return static_cast<float>(LevelCount() - 1); }
};

// The nine coefficients for `radiance`, integrated over the texels of a cube
// of `face_size` x `face_size` texels per face, each weighted by its solid
// angle.
std::array<glm::vec3, 9> IrradianceSh(const RadianceFunction& radiance, int face_size);

// Sum of the coefficients times the nine real spherical harmonics at unit
// `normal`: the CPU twin of shaders/skinned.frag's IrradianceOver.
glm::vec3 EvaluateIrradianceSh(const std::array<glm::vec3, 9>& sh, const glm::vec3& normal);

// The GGX-prefiltered radiance around `direction` for `roughness` (alpha =
// roughness^2), with the view along the normal (the split sum's
// assumption): `samples` half vectors from the Hammersley sequence, drawn
// from GGX's distribution, each reflected direction above the surface
// weighted by its cosine. Roughness 0 returns the radiance itself.
glm::vec3 PrefilteredRadiance(const RadianceFunction& radiance, const glm::vec3& direction,
                              float roughness, int samples);

// The whole bake: a cube of `size` (a power of two) with `levels` mip
// levels (at most log2(size) + 1), each texel of level m prefiltered with
// `samples` samples, and the irradiance harmonics.
EnvironmentMaps BakeEnvironment(const RadianceFunction& radiance, int size, int levels,
                                int samples);

}  // namespace render
