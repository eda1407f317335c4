// A material texture on the GPU: 8-bit RGBA, sRGB-encoded for colours (glTF
// base colour and emissive images, so sampling returns linear values) or
// linear for data (metallic-roughness, normal, occlusion), with the
// material's sampler filters and wraps and a full mip chain when the min
// filter uses mipmaps.
#pragma once

#include <string>

#include <glad/gl.h>

#include "model/model.h"

namespace render {

enum class ColorEncoding { kSrgb, kLinear };

class GpuTexture {
 public:
  GpuTexture() = default;
  ~GpuTexture();
  GpuTexture(GpuTexture&& other) noexcept;
  GpuTexture& operator=(GpuTexture&& other) noexcept;

  // Uploads `image` (rows top to bottom: glTF's texture coordinate (0, 0)
  // is the first row, which is also where GL puts t = 0, so no flip).
  // False with `error` set when the image is inconsistent, the GPU runs out
  // of memory (GL_OUT_OF_MEMORY) or GL refuses it otherwise (too large).
  bool Upload(const anim::Image& image, const anim::SamplerSettings& sampler,
              ColorEncoding encoding, std::string* error);
  void Bind(int unit) const;
  bool Valid() const { return texture_ != 0; }

 private:
  GLuint texture_ = 0;
};

}  // namespace render
