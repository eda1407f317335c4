// The baked environment (render/environment_map.h) on the GPU: one RGB
// half-float cube map whose mip levels are the prefiltered roughness
// levels, sampled across face edges without seams.
#pragma once

#include <glad/gl.h>

#include "render/environment_map.h"

namespace render {

class GpuEnvironment {
 public:
  GpuEnvironment() = default;
  ~GpuEnvironment();
  GpuEnvironment(GpuEnvironment&& other) noexcept;
  GpuEnvironment& operator=(GpuEnvironment&& other) noexcept;

  // Uploads every level of `maps` and keeps its harmonics; the cube map is
  // complete (GL_TEXTURE_MAX_LEVEL is the last level baked).
  void Upload(const EnvironmentMaps& maps);
  bool Valid() const { return cube_ != 0; }
  GLuint cube() const { return cube_; }
  const std::array<glm::vec3, 9>& irradiance_sh() const { return irradiance_sh_; }
  float max_level() const { return max_level_; }

 private:
  GLuint cube_ = 0;
  std::array<glm::vec3, 9> irradiance_sh_{};
  float max_level_ = 0.0f;
};

}  // namespace render
