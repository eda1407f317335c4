// Loads the OpenGL function pointers (glad) for the current context and
// checks that it is at least OpenGL 3.3 core, which the shaders need.
#pragma once

#include <string>

#include <glad/gl.h>

namespace render {

// `loader` is eglGetProcAddress, glfwGetProcAddress, ... On failure returns
// false and says why in `error`.
bool LoadGl(GLADloadfunc loader, std::string* error);

// "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL 4.5 (Core Profile) Mesa 22.3.6"
std::string DescribeGl();

}  // namespace render
