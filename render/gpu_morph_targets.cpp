#include "render/gpu_morph_targets.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace render {

GpuMorphTargets::~GpuMorphTargets() { Release(); }

GpuMorphTargets::GpuMorphTargets(GpuMorphTargets&& other) noexcept
    : targets_(std::exchange(other.targets_, 0)),
      vertices_(std::exchange(other.vertices_, 0)),
      weight_capacity_(std::exchange(other.weight_capacity_, 0)) {
  for (int i = 0; i < 2; ++i) {
    buffers_[i] = std::exchange(other.buffers_[i], 0u);
    textures_[i] = std::exchange(other.textures_[i], 0u);
  }
}

GpuMorphTargets& GpuMorphTargets::operator=(GpuMorphTargets&& other) noexcept {
  std::swap(buffers_, other.buffers_);
  std::swap(textures_, other.textures_);
  std::swap(targets_, other.targets_);
  std::swap(vertices_, other.vertices_);
  std::swap(weight_capacity_, other.weight_capacity_);
  return *this;
}

void GpuMorphTargets::Release() {
  if (textures_[0] != 0) glDeleteTextures(2, textures_);
  if (buffers_[0] != 0) glDeleteBuffers(2, buffers_);
  std::fill(std::begin(buffers_), std::end(buffers_), 0u);
  std::fill(std::begin(textures_), std::end(textures_), 0u);
  targets_ = vertices_ = 0;
  weight_capacity_ = 0;
}

bool GpuMorphTargets::Upload(const anim::MeshPrimitive& p, std::string* error) {
  Release();
  if (p.morph_targets.empty()) return true;
  const std::size_t n = p.positions.size();
  const std::size_t texels = 2 * n * p.morph_targets.size();
  GLint max_texels = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &max_texels);
  if (texels > static_cast<std::size_t>(max_texels)) {
    *error = "mesh primitive of node \"" + p.node_name + "\" has " +
             std::to_string(p.morph_targets.size()) + " morph targets of " + std::to_string(n) +
             " vertices, " + std::to_string(texels) + " texels; this OpenGL allows at most " +
             std::to_string(max_texels) + " in a texture buffer";
    return false;
  }
  std::vector<glm::vec4> offsets(texels, glm::vec4(0.0f));
  for (std::size_t t = 0; t < p.morph_targets.size(); ++t) {
    const anim::MorphTarget& target = p.morph_targets[t];
    for (std::size_t v = 0; v < n; ++v) {
      if (v < target.positions.size()) offsets[2 * (t * n + v)] = glm::vec4(target.positions[v], 0);
      if (v < target.normals.size()) offsets[2 * (t * n + v) + 1] = glm::vec4(target.normals[v], 0);
    }
  }
  targets_ = static_cast<int>(p.morph_targets.size());
  vertices_ = static_cast<int>(n);
  weight_capacity_ = p.morph_targets.size();
  glGenBuffers(2, buffers_);
  glGenTextures(2, textures_);
  const std::vector<float> zeros(static_cast<std::size_t>(targets_), 0.0f);
  const struct {
    const void* data;
    std::size_t bytes;
    GLenum format;
  } parts[2] = {{offsets.data(), offsets.size() * sizeof(glm::vec4), GL_RGBA32F},
                {zeros.data(), zeros.size() * sizeof(float), GL_R32F}};
  // glTexBuffer works on the texture bound to the active unit: whatever
  // buffer texture that unit held (a palette) is bound again afterwards.
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &previous);
  for (int i = 0; i < 2; ++i) {
    glBindBuffer(GL_TEXTURE_BUFFER, buffers_[i]);
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(parts[i].bytes), parts[i].data,
                 i == 0 ? GL_STATIC_DRAW : GL_STREAM_DRAW);
    glBindTexture(GL_TEXTURE_BUFFER, textures_[i]);
    glTexBuffer(GL_TEXTURE_BUFFER, parts[i].format, buffers_[i]);
  }
  glBindTexture(GL_TEXTURE_BUFFER, static_cast<GLuint>(previous));
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  return true;
}

void GpuMorphTargets::Bind(std::span<const float> weights, int offsets_unit,
                           int weights_unit) const {
  if (targets_ == 0) return;
  // One weight per target (those the caller lacks are 0), or whole runs of
  // them, one per instance: the buffer grows to hold them.
  const auto targets = static_cast<std::size_t>(targets_);
  const std::size_t runs = std::max<std::size_t>(1, weights.size() / targets);
  const std::size_t count = runs == 1 ? std::min(weights.size(), targets) : runs * targets;
  glBindBuffer(GL_TEXTURE_BUFFER, buffers_[1]);
  if (runs * targets > weight_capacity_) {
    weight_capacity_ = runs * targets;
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(weight_capacity_ * sizeof(float)),
                 nullptr, GL_STREAM_DRAW);
  }
  if (count < targets) {
    const std::vector<float> zeros(targets, 0.0f);
    glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(targets * sizeof(float)),
                    zeros.data());
  }
  if (count > 0) {
    glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(count * sizeof(float)),
                    weights.data());
  }
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(offsets_unit));
  glBindTexture(GL_TEXTURE_BUFFER, textures_[0]);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(weights_unit));
  glBindTexture(GL_TEXTURE_BUFFER, textures_[1]);
  glActiveTexture(GL_TEXTURE0);
}

}  // namespace render
