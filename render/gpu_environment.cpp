#include "render/gpu_environment.h"

#include <utility>

namespace render {

GpuEnvironment::~GpuEnvironment() {
  if (cube_ != 0) glDeleteTextures(1, &cube_);
}

GpuEnvironment::GpuEnvironment(GpuEnvironment&& other) noexcept
    : cube_(std::exchange(other.cube_, 0)),
      irradiance_sh_(other.irradiance_sh_),
      max_level_(other.max_level_) {}

GpuEnvironment& GpuEnvironment::operator=(GpuEnvironment&& other) noexcept {
  std::swap(cube_, other.cube_);
  irradiance_sh_ = other.irradiance_sh_;
  max_level_ = other.max_level_;
  return *this;
}

void GpuEnvironment::Upload(const EnvironmentMaps& maps) {
  if (cube_ == 0) glGenTextures(1, &cube_);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  for (int m = 0; m < maps.LevelCount(); ++m) {
    const int face_size = maps.size >> m;
    const std::size_t face_texels = static_cast<std::size_t>(face_size) * face_size;
    for (int face = 0; face < 6; ++face) {
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + static_cast<GLenum>(face), m, GL_RGB16F,
                   face_size, face_size, 0, GL_RGB, GL_FLOAT,
                   maps.levels[m].data() + face * face_texels);
    }
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAX_LEVEL, maps.LevelCount() - 1);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
    glTexParameteri(GL_TEXTURE_CUBE_MAP, wrap, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
  // Filtering across face edges (core since OpenGL 3.2).
  glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  irradiance_sh_ = maps.irradiance_sh;
  max_level_ = maps.MaxRoughnessLevel();
}

}  // namespace render
