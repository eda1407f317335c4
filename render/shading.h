// How the character's surfaces are lit (shaders/skinned.frag): by their
// glTF material, or flat (base colour only, half-Lambert), which shows the
// skinning itself without the material's effects. No GL here, so the
// command line can name it.
#pragma once

#include <cstddef>
#include <string_view>

namespace render {

// The value of `values` whose `name` is `word`, into *value; false if none.
template <typename Enum, std::size_t N>
bool ParseNamed(std::string_view word, const Enum (&values)[N], const char* (*name)(Enum),
                Enum* value) {
  for (Enum v : values) {
    if (word == name(v)) {
      *value = v;
      return true;
    }
  }
  return false;
}

enum class Shading { kMaterial, kFlat };

// The fragment shader object that shaders drawing lit colour link beside
// their own (exposure, tone map, sRGB: shaders/color_output.frag).
inline constexpr std::string_view kColorOutputShader = "color_output.frag";

// What the material look's linear colour becomes on screen: times the
// exposure, then a tone map, then sRGB. kNone clamps (the look before tone
// mapping, the default); kPbrNeutral is the Khronos PBR Neutral tone
// mapper (as its specification in KhronosGroup/ToneMapping writes it);
// kAces is Stephen Hill's fit of the ACES reference transform, as three.js's
// ACESFilmicToneMapping applies it (exposure divided by 0.6). The flat look
// is not tone mapped.
enum class ToneMapping { kNone, kPbrNeutral, kAces };

struct ToneMap {
  ToneMapping curve = ToneMapping::kNone;
  float exposure = 1.0f;  // a linear factor on the colour before the curve
};

// "none", "neutral", "aces": the command line's words.
inline const char* ToneMappingName(ToneMapping curve) {
  switch (curve) {
    case ToneMapping::kNone: return "none";
    case ToneMapping::kPbrNeutral: return "neutral";
    case ToneMapping::kAces: return "aces";
  }
  return "none";
}

inline bool ParseToneMapping(std::string_view word, ToneMapping* curve) {
  const ToneMapping values[] = {ToneMapping::kNone, ToneMapping::kPbrNeutral, ToneMapping::kAces};
  return ParseNamed(word, values, ToneMappingName, curve);
}

// What lights the material look besides the key light: the hemisphere (a
// sky colour above, a ground colour below: the look of the goldens and of
// the flat look) or the studio, image-based lighting baked from
// StudioRadiance (render/environment_map.h).
enum class Environment { kHemisphere, kStudio };

// Behind the character: the plain clear colour, the environment itself, or
// the environment blurred (its roughness 0.6 level), as the Khronos Sample
// Viewer offers. The hemisphere has no picture: with it, both environment
// backgrounds draw the studio.
enum class Background { kColor, kEnvironment, kBlurred };

// "hemisphere", "studio"; "color", "environment", "blurred": the command line's words.
inline const char* EnvironmentName(Environment environment) {
  return environment == Environment::kStudio ? "studio" : "hemisphere";
}

inline bool ParseEnvironment(std::string_view word, Environment* environment) {
  const Environment values[] = {Environment::kHemisphere, Environment::kStudio};
  return ParseNamed(word, values, EnvironmentName, environment);
}

inline const char* BackgroundName(Background background) {
  switch (background) {
    case Background::kColor: return "color";
    case Background::kEnvironment: return "environment";
    case Background::kBlurred: return "blurred";
  }
  return "color";
}

inline bool ParseBackground(std::string_view word, Background* background) {
  const Background values[] = {Background::kColor, Background::kEnvironment, Background::kBlurred};
  return ParseNamed(word, values, BackgroundName, background);
}

}  // namespace render
