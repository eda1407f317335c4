// Every crowd instance's skinning palette and world matrix in one texture
// buffer (RGBA32F, four texels per matrix), read by shaders/crowd_skinned.vert:
// first all palettes back to back (instance k's joints at
// [k * joints, (k + 1) * joints)), then one world matrix per instance. One
// buffer, one upload per frame, whatever the crowd size.
#pragma once

#include <span>
#include <string>

#include <glad/gl.h>
#include <glm/glm.hpp>

namespace render {

// How the matrices reach the buffer. Both are timed by the benchmarks
// (bench/render_bench.cpp): drivers differ in which is cheaper.
enum class UploadMethod {
  kSubData,  // glBufferSubData from the caller's memory
  kMapped,   // glMapBufferRange (invalidate, write only) and memcpy
};

class CrowdMatrixBuffer {
 public:
  CrowdMatrixBuffer() = default;
  ~CrowdMatrixBuffer();
  CrowdMatrixBuffer(const CrowdMatrixBuffer&) = delete;
  CrowdMatrixBuffer& operator=(const CrowdMatrixBuffer&) = delete;

  // Most matrices the buffer may hold on this GL (GL_MAX_TEXTURE_BUFFER_SIZE / 4).
  static long MaxMatrices();

  // Replaces the contents: `palettes` (instances x joints matrices) then
  // `worlds` (one per instance). The buffer grows when needed and never
  // shrinks. False (and why) when the GL limit is exceeded or mapping fails.
  bool Upload(std::span<const glm::mat4> palettes, std::span<const glm::mat4> worlds,
              UploadMethod method, std::string* error);

  // Binds the buffer texture to texture unit `unit`.
  void Bind(int unit) const;
  // Index of the first world matrix (what the shader's u_world_offset gets).
  int WorldOffset() const { return world_offset_; }
  long Capacity() const { return capacity_; }  // matrices the buffer holds room for

 private:
  GLuint buffer_ = 0;
  GLuint texture_ = 0;
  long capacity_ = 0;  // matrices
  int world_offset_ = 0;
};

}  // namespace render
