// How the character's surfaces are lit (shaders/skinned.frag): by their
// glTF material, or flat (base colour only, half-Lambert), which shows the
// skinning itself without the material's effects. No GL here, so the
// command line can name it.
#pragma once

namespace render {

enum class Shading { kMaterial, kFlat };

}  // namespace render
