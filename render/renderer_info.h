// Which OpenGL implementation draws: a software rasteriser (Mesa's llvmpipe
// or softpipe, SwiftShader) shades every pixel on the CPU, so a frame that a
// GPU draws in a millisecond can take seconds there. The viewer starts
// heavy samples lighter on one (a crowd of a few characters, not 100).
#pragma once

#include <string>
#include <string_view>

namespace render {

// GL_RENDERER of the current context ("" without one).
std::string CurrentRendererName();

// Whether a GL_RENDERER string names a software rasteriser.
bool IsSoftwareRenderer(std::string_view renderer);

}  // namespace render
