#include "render/environment_map.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace render {
namespace {

constexpr float kPi = 3.14159265358979f;

float SmoothStep(float edge0, float edge1, float x) {
  const float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

// A round soft box: `radiance` within `radius` radians of `center`, fading
// to nothing over `edge` radians (soft edges keep the prefiltered levels
// free of the ringing a hard edge gives with few samples).
glm::vec3 SoftBox(const glm::vec3& direction, const glm::vec3& center, float radius, float edge,
                  const glm::vec3& radiance) {
  const float c = glm::dot(direction, glm::normalize(center));
  return radiance * SmoothStep(std::cos(radius + edge), std::cos(radius - edge), c);
}

// The area of the spherical projection of the cube face rectangle from the
// face's centre to (x, y) in [-1, 1]^2 (face at distance 1): texel solid
// angles follow by inclusion and exclusion.
float AreaElement(float x, float y) { return std::atan2(x * y, std::sqrt(x * x + y * y + 1.0f)); }

float TexelSolidAngle(int size, int x, int y) {
  const float inv = 1.0f / static_cast<float>(size);
  const float x0 = 2.0f * x * inv - 1.0f, x1 = 2.0f * (x + 1) * inv - 1.0f;
  const float y0 = 2.0f * y * inv - 1.0f, y1 = 2.0f * (y + 1) * inv - 1.0f;
  return AreaElement(x0, y0) - AreaElement(x0, y1) - AreaElement(x1, y0) + AreaElement(x1, y1);
}

// The nine real spherical harmonics of bands 0..2 at unit `d`.
std::array<float, 9> ShBasis(const glm::vec3& d) {
  return {0.282095f,
          0.488603f * d.y,
          0.488603f * d.z,
          0.488603f * d.x,
          1.092548f * d.x * d.y,
          1.092548f * d.y * d.z,
          0.315392f * (3.0f * d.z * d.z - 1.0f),
          1.092548f * d.x * d.z,
          0.546274f * (d.x * d.x - d.y * d.y)};
}

// Van der Corput's radical inverse in base 2: the Hammersley sequence's
// second coordinate.
float RadicalInverse(std::uint32_t bits) {
  bits = (bits << 16u) | (bits >> 16u);
  bits = ((bits & 0x55555555u) << 1u) | ((bits & 0xAAAAAAAAu) >> 1u);
  bits = ((bits & 0x33333333u) << 2u) | ((bits & 0xCCCCCCCCu) >> 2u);
  bits = ((bits & 0x0F0F0F0Fu) << 4u) | ((bits & 0xF0F0F0F0u) >> 4u);
  bits = ((bits & 0x00FF00FFu) << 8u) | ((bits & 0xFF00FF00u) >> 8u);
  return static_cast<float>(bits) * 2.3283064365386963e-10f;
}

}  // namespace

glm::vec3 StudioRadiance(const glm::vec3& direction) {
  const glm::vec3 zenith(0.30f, 0.34f, 0.42f);
  const glm::vec3 horizon(0.50f, 0.50f, 0.52f);
  const glm::vec3 floor(0.10f, 0.095f, 0.09f);
  const float y = direction.y;
  const glm::vec3 sky = glm::mix(horizon, zenith, SmoothStep(0.0f, 1.0f, y));
  glm::vec3 radiance = glm::mix(floor, sky, SmoothStep(-0.06f, 0.06f, y));
  radiance += SoftBox(direction, {-0.35f, 0.8f, 0.6f}, 0.22f, 0.08f, {3.2f, 3.1f, 2.9f});
  radiance += SoftBox(direction, {0.7f, 0.45f, -0.55f}, 0.16f, 0.06f, {2.4f, 2.5f, 2.7f});
  radiance += SoftBox(direction, {0.9f, 0.1f, 0.4f}, 0.12f, 0.05f, {1.2f, 1.2f, 1.2f});
  return radiance;
}

glm::vec3 CubeTexelDirection(int face, int size, int x, int y) {
  // (sc, tc) in [-1, 1] at the texel's centre; table 8.19 inverted.
  const float sc = 2.0f * (static_cast<float>(x) + 0.5f) / static_cast<float>(size) - 1.0f;
  const float tc = 2.0f * (static_cast<float>(y) + 0.5f) / static_cast<float>(size) - 1.0f;
  glm::vec3 d(0.0f);
  switch (face) {
    case 0: d = {1.0f, -tc, -sc}; break;
    case 1: d = {-1.0f, -tc, sc}; break;
    case 2: d = {sc, 1.0f, tc}; break;
    case 3: d = {sc, -1.0f, -tc}; break;
    case 4: d = {sc, -tc, 1.0f}; break;
    default: d = {-sc, -tc, -1.0f}; break;
  }
  return glm::normalize(d);
}

std::array<glm::vec3, 9> IrradianceSh(const RadianceFunction& radiance, int face_size) {
  std::array<glm::vec3, 9> projection{};
  for (int face = 0; face < 6; ++face) {
    for (int y = 0; y < face_size; ++y) {
      for (int x = 0; x < face_size; ++x) {
        const glm::vec3 d = CubeTexelDirection(face, face_size, x, y);
        const glm::vec3 weighted = radiance(d) * TexelSolidAngle(face_size, x, y);
        const std::array<float, 9> basis = ShBasis(d);
        for (int i = 0; i < 9; ++i) projection[i] += weighted * basis[i];
      }
    }
  }
  // Convolution with the clamped cosine, divided by pi (Ramamoorthi and
  // Hanrahan's A_l: pi, 2 pi / 3, pi / 4 for bands 0, 1, 2).
  constexpr float kBandScale[9] = {1.0f,  2.0f / 3.0f, 2.0f / 3.0f, 2.0f / 3.0f, 0.25f,
                                   0.25f, 0.25f,       0.25f,       0.25f};
  for (int i = 0; i < 9; ++i) projection[i] *= kBandScale[i];
  return projection;
}

glm::vec3 EvaluateIrradianceSh(const std::array<glm::vec3, 9>& sh, const glm::vec3& normal) {
  const std::array<float, 9> basis = ShBasis(normal);
  glm::vec3 sum(0.0f);
  for (int i = 0; i < 9; ++i) sum += sh[i] * basis[i];
  return sum;
}

glm::vec3 PrefilteredRadiance(const RadianceFunction& radiance, const glm::vec3& direction,
                              float roughness, int samples) {
  if (roughness <= 0.0f || samples <= 0) return radiance(direction);
  const glm::vec3 n = glm::normalize(direction);
  // A tangent frame around n.
  const glm::vec3 up = std::abs(n.y) < 0.999f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1, 0, 0);
  const glm::vec3 tangent = glm::normalize(glm::cross(up, n));
  const glm::vec3 bitangent = glm::cross(n, tangent);
  const float alpha = roughness * roughness;
  const float a2 = alpha * alpha;
  glm::vec3 sum(0.0f);
  float weight = 0.0f;
  for (int i = 0; i < samples; ++i) {
    const float u1 = static_cast<float>(i) / static_cast<float>(samples);
    const float u2 = RadicalInverse(static_cast<std::uint32_t>(i));
    // GGX: half vectors distributed as D(h) (n.h).
    const float cos_theta = std::sqrt((1.0f - u2) / (1.0f + (a2 - 1.0f) * u2));
    const float sin_theta = std::sqrt(std::max(0.0f, 1.0f - cos_theta * cos_theta));
    const float phi = 2.0f * kPi * u1;
    const glm::vec3 h = tangent * (sin_theta * std::cos(phi)) +
                        bitangent * (sin_theta * std::sin(phi)) + n * cos_theta;
    // The view is the normal: l = reflect(-n, h).
    const glm::vec3 l = 2.0f * glm::dot(n, h) * h - n;
    const float n_l = glm::dot(n, l);
    if (n_l <= 0.0f) continue;
    sum += radiance(glm::normalize(l)) * n_l;
    weight += n_l;
  }
  return weight > 0.0f ? sum / weight : radiance(n);
}

EnvironmentMaps BakeEnvironment(const RadianceFunction& radiance, int size, int levels,
                                int samples) {
  EnvironmentMaps maps;
  maps.size = size;
  for (int m = 0; m < levels && (size >> m) > 0; ++m) {
    const int face_size = size >> m;
    const float roughness = levels > 1 ? static_cast<float>(m) / static_cast<float>(levels - 1) : 0;
    std::vector<glm::vec3>& texels = maps.levels.emplace_back();
    texels.reserve(static_cast<std::size_t>(6 * face_size * face_size));
    for (int face = 0; face < 6; ++face) {
      for (int y = 0; y < face_size; ++y) {
        for (int x = 0; x < face_size; ++x) {
          texels.push_back(PrefilteredRadiance(radiance, CubeTexelDirection(face, face_size, x, y),
                                               roughness, samples));
        }
      }
    }
  }
  // The harmonics need no fine grid: 32 texels a face integrate bands 0..2
  // of the studio's soft shapes to well under a percent.
  maps.irradiance_sh = IrradianceSh(radiance, std::min(size, 32));
  return maps;
}

}  // namespace render
