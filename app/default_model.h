// The model the viewer opens when no file is given. One place, so the
// project's own character can replace the shared one by changing one line.
#pragma once

#include <filesystem>
#include <string>

namespace animviewer {

// Relative to the source tree (ANIMVIEWER_SOURCE_DIR, set by CMake).
inline constexpr const char* kDefaultModelRelativePath = "assets/mannequin.gltf";

inline std::string DefaultModelPath() {
  return (std::filesystem::path(ANIMVIEWER_SOURCE_DIR) / kDefaultModelRelativePath)
      .lexically_normal()
      .string();
}

}  // namespace animviewer
