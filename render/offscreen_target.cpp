#include "render/offscreen_target.h"

#include <algorithm>

namespace render {

OffscreenTarget::~OffscreenTarget() { Release(); }

void OffscreenTarget::Release() {
  if (draw_framebuffer_ != 0) glDeleteFramebuffers(1, &draw_framebuffer_);
  if (resolve_framebuffer_ != 0 && resolve_framebuffer_ != draw_framebuffer_) {
    glDeleteFramebuffers(1, &resolve_framebuffer_);
  }
  glDeleteRenderbuffers(3, renderbuffers_);
  draw_framebuffer_ = resolve_framebuffer_ = 0;
  std::fill(std::begin(renderbuffers_), std::end(renderbuffers_), 0u);
}

bool OffscreenTarget::Create(int width, int height, int samples, std::string* error) {
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  if (width < 1 || height < 1 || width > max_size || height > max_size) {
    *error = "image size " + std::to_string(width) + "x" + std::to_string(height) +
             " is outside 1.." + std::to_string(max_size) + " pixels per side";
    return false;
  }
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  samples = std::min(samples, static_cast<int>(max_samples));
  if (samples < 2) samples = 0;

  Release();
  width_ = width;
  height_ = height;
  samples_ = samples;
  glGenRenderbuffers(3, renderbuffers_);
  glGenFramebuffers(1, &resolve_framebuffer_);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers_[2]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                            renderbuffers_[2]);
  if (samples_ > 0) {
    glGenFramebuffers(1, &draw_framebuffer_);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers_[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers_[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_, GL_DEPTH_COMPONENT24, width,
                                     height);
    glBindFramebuffer(GL_FRAMEBUFFER, draw_framebuffer_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                              renderbuffers_[0]);
  } else {
    draw_framebuffer_ = resolve_framebuffer_;
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers_[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
  }
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
                            renderbuffers_[1]);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  if (glGetError() == GL_OUT_OF_MEMORY) {
    *error = "not enough memory for a " + std::to_string(width) + "x" + std::to_string(height) +
             " off-screen image";
    Release();
    return false;
  }
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    *error = "off-screen framebuffer incomplete (status 0x" + std::to_string(status) + ")";
    Release();
    return false;
  }
  return true;
}

void OffscreenTarget::Bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, draw_framebuffer_);
  glViewport(0, 0, width_, height_);
}

std::vector<std::uint8_t> OffscreenTarget::ReadPixels() const {
  if (draw_framebuffer_ != resolve_framebuffer_) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_framebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_framebuffer_);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
  }
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width_) * height_ * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolve_framebuffer_);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
  return pixels;
}

}  // namespace render
