// The GLSL sources of shaders/, compiled into the binary at build time
// (render/embed_shaders.cmake) so the viewer needs no files beside it.
#pragma once

#include <string_view>

namespace render {

// Source of the shader file `name` ("skinned.vert", ...), empty if unknown.
std::string_view EmbeddedShader(std::string_view name);

}  // namespace render
