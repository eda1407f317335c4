#version 330 core
// How a linear colour becomes screen colour, shared by the shaders that
// draw lit surfaces (skinned.frag) and the environment (background.frag),
// linked beside them: the exposure, the tone map, and the sRGB encoding.

uniform int u_tone_mapping;  // 0 none, 1 PBR Neutral, 2 ACES (render/shading.h)
uniform float u_exposure;

vec3 LinearToSrgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  vec3 low = c * 12.92;
  vec3 high = 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055;
  return mix(low, high, step(vec3(0.0031308), c));
}

// Khronos PBR Neutral (KhronosGroup/ToneMapping, PBR_Neutral/README.md):
// F90 = 0.04, Ks = 0.8 - F90, Kd = 0.15. Below Ks the colour only loses a
// small offset; above it the peak is compressed towards 1 and the colour
// desaturated towards the new peak.
vec3 PbrNeutral(vec3 c) {
  const float f90 = 0.04, ks = 0.8 - f90, kd = 0.15;
  float x = min(c.r, min(c.g, c.b));
  float f = x <= 2.0 * f90 ? x - x * x / (4.0 * f90) : f90;
  c -= f;
  float p = max(c.r, max(c.g, c.b));
  if (p <= ks) return c;
  float p_n = 1.0 - (1.0 - ks) * (1.0 - ks) / (p + 1.0 - 2.0 * ks);
  float g = 1.0 / (kd * (p - p_n) + 1.0);
  return c * (p_n / p) * g + vec3(p_n) * (1.0 - g);
}

// Stephen Hill's fit of the ACES RRT and sRGB ODT (BakingLab's
// ACES.hlsl), with three.js's 1 / 0.6 so that exposure 1 matches its
// ACESFilmicToneMapping. The matrices are written by columns.
vec3 AcesHill(vec3 c) {
  const mat3 to_rrt = mat3(0.59719, 0.07600, 0.02840, 0.35458, 0.90834, 0.13383, 0.04823,
                           0.01566, 0.83777);
  const mat3 from_odt = mat3(1.60475, -0.10208, -0.00327, -0.53108, 1.10813, -0.07276, -0.07367,
                             -0.00605, 1.07602);
  c = to_rrt * (c / 0.6);
  vec3 a = c * (c + 0.0245786) - 0.000090537;
  vec3 b = c * (0.983729 * c + 0.4329510) + 0.238081;
  return from_odt * (a / b);
}

vec3 ToneMapped(vec3 c) {
  c = max(c * u_exposure, vec3(0.0));
  if (u_tone_mapping == 1) return PbrNeutral(c);
  if (u_tone_mapping == 2) return AcesHill(c);
  return c;
}

