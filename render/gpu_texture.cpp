#include "render/gpu_texture.h"

#include <cstdio>
#include <string>
#include <utility>

namespace render {
namespace {

bool UsesMipmaps(int min_filter) {
  return min_filter == GL_NEAREST_MIPMAP_NEAREST || min_filter == GL_LINEAR_MIPMAP_NEAREST ||
         min_filter == GL_NEAREST_MIPMAP_LINEAR || min_filter == GL_LINEAR_MIPMAP_LINEAR;
}

// Values outside the enums glTF allows fall back to its usual defaults
// instead of raising GL errors.
GLint CheckedFilter(int filter, bool is_min) {
  switch (filter) {
    case GL_NEAREST:
    case GL_LINEAR: return filter;
    case GL_NEAREST_MIPMAP_NEAREST:
    case GL_LINEAR_MIPMAP_NEAREST:
    case GL_NEAREST_MIPMAP_LINEAR:
    case GL_LINEAR_MIPMAP_LINEAR: return is_min ? filter : GL_LINEAR;
    default: return is_min ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR;
  }
}

GLint CheckedWrap(int wrap) {
  return (wrap == GL_REPEAT || wrap == GL_CLAMP_TO_EDGE || wrap == GL_MIRRORED_REPEAT) ? wrap
                                                                                       : GL_REPEAT;
}

}  // namespace

GpuTexture::~GpuTexture() {
  if (texture_ != 0) glDeleteTextures(1, &texture_);
}

GpuTexture::GpuTexture(GpuTexture&& other) noexcept : texture_(std::exchange(other.texture_, 0)) {}

GpuTexture& GpuTexture::operator=(GpuTexture&& other) noexcept {
  std::swap(texture_, other.texture_);
  return *this;
}

bool GpuTexture::Upload(const anim::Image& image, const anim::SamplerSettings& sampler,
                        ColorEncoding encoding, std::string* error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    *error = "the image's pixel data does not match its size";
    return false;
  }
  // Errors left by earlier calls must not be mistaken for this upload's.
  while (glGetError() != GL_NO_ERROR) {
  }
  if (texture_ == 0) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const GLint format = encoding == ColorEncoding::kSrgb ? GL_SRGB8_ALPHA8 : GL_RGBA8;
  glTexImage2D(GL_TEXTURE_2D, 0, format, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               image.rgba.data());
  const GLint min_filter = CheckedFilter(sampler.min_filter, true);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, CheckedFilter(sampler.mag_filter, false));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, CheckedWrap(sampler.wrap_s));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, CheckedWrap(sampler.wrap_t));
  if (UsesMipmaps(min_filter)) glGenerateMipmap(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, 0);
  // A texture the GPU has no room for leaves GL_OUT_OF_MEMORY, one larger
  // than GL_MAX_TEXTURE_SIZE GL_INVALID_VALUE, and either an undefined
  // texture: the model is refused rather than drawn with it.
  GLenum first_error = GL_NO_ERROR;
  bool out_of_memory = false;
  for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError()) {
    if (first_error == GL_NO_ERROR) first_error = e;
    out_of_memory = out_of_memory || e == GL_OUT_OF_MEMORY;
  }
  const std::string size = std::to_string(image.width) + "x" + std::to_string(image.height);
  if (out_of_memory) {
    *error = "the GPU is out of memory for a " + size + " texture";
    return false;
  }
  if (first_error != GL_NO_ERROR) {
    char code[16];
    std::snprintf(code, sizeof code, "0x%04x", first_error);
    *error = "OpenGL refused the " + size + " texture (error " + code + ")";
    return false;
  }
  return true;
}

void GpuTexture::Bind(int unit) const {
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
  glBindTexture(GL_TEXTURE_2D, texture_);
}

}  // namespace render
