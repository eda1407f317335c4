#include "render/renderer_info.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "render/gl_loader.h"

namespace render {

std::string CurrentRendererName() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name != nullptr ? std::string(name) : std::string();
}

bool IsSoftwareRenderer(std::string_view renderer) {
  std::string lower(renderer);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // Mesa: "llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software
  // Rasterizer" (swrast); Google's SwiftShader: "SwiftShader Device ...".
  constexpr std::array<std::string_view, 5> kSoftware = {"llvmpipe", "softpipe", "swrast",
                                                         "software rasterizer", "swiftshader"};
  return std::any_of(kSoftware.begin(), kSoftware.end(),
                     [&](std::string_view s) { return lower.find(s) != std::string::npos; });
}

}  // namespace render
