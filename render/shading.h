// How the character's surfaces are lit (shaders/skinned.frag): by their
// glTF material, or flat (base colour only, half-Lambert), which shows the
// skinning itself without the material's effects. No GL here, so the
// command line can name it.
#pragma once

#include <string_view>

namespace render {

enum class Shading { kMaterial, kFlat };

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
  for (ToneMapping c : {ToneMapping::kNone, ToneMapping::kPbrNeutral, ToneMapping::kAces}) {
    if (word == ToneMappingName(c)) {
      *curve = c;
      return true;
    }
  }
  return false;
}

}  // namespace render
