// An off-screen framebuffer: RGBA8 colour + 24-bit depth, multisampled (4x
// when the implementation allows it) and resolved into a single-sampled
// framebuffer for read-back. Used for screenshots without a window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <glad/gl.h>

namespace render {

class OffscreenTarget {
 public:
  OffscreenTarget() = default;
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  // `samples` is the wished MSAA count, lowered to what GL offers (0 or 1:
  // no multisampling). Fails for sizes outside [1, GL_MAX_RENDERBUFFER_SIZE].
  bool Create(int width, int height, int samples, std::string* error);

  // Makes this the draw framebuffer and sets the viewport to its size.
  void Bind() const;
  // Resolves the samples and returns the pixels, RGBA8, rows bottom to top
  // as GL stores them, alpha forced to 255 (screenshots are opaque).
  std::vector<std::uint8_t> ReadPixels() const;

  int width() const { return width_; }
  int height() const { return height_; }
  int samples() const { return samples_; }

 private:
  void Release();

  int width_ = 0;
  int height_ = 0;
  int samples_ = 0;
  GLuint draw_framebuffer_ = 0;  // multisampled, or the resolve one when samples_ == 0
  GLuint resolve_framebuffer_ = 0;
  GLuint renderbuffers_[3] = {};  // draw colour, draw depth, resolve colour
};

}  // namespace render
