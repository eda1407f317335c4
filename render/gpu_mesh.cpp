#include "render/gpu_mesh.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace render {
namespace {

enum Attribute : GLuint {
  kPosition = 0,
  kNormal = 1,
  kTexcoord = 2,
  kColor = 3,
  kJoints = 4,
  kWeights = 5,
  kJoints1 = 6,  // influences five to eight
  kWeights1 = 7,
  kTangent = 8,  // w 0 where the primitive has none
  kAttributeCount = 9
};
constexpr int kIndexBuffer = kAttributeCount;

template <typename T>
void UploadFloatAttribute(GLuint buffer, GLuint location, int components,
                          const std::vector<T>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(location);
  glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, sizeof(T), nullptr);
}

void UploadJointAttribute(GLuint buffer, GLuint location, const std::vector<glm::u16vec4>& data) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(glm::u16vec4)),
               data.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(location);
  glVertexAttribIPointer(location, 4, GL_UNSIGNED_SHORT, sizeof(glm::u16vec4), nullptr);
}

// Why `p` cannot be drawn with a skeleton of `joint_count` joints, or "".
std::string PrimitiveProblem(const anim::MeshPrimitive& p, int joint_count) {
  const std::size_t n = p.positions.size();
  auto length_ok = [n](std::size_t size, bool optional) {
    return size == n || (optional && size == 0);
  };
  if (!length_ok(p.normals.size(), false) || !length_ok(p.texcoords.size(), true) ||
      !length_ok(p.tangents.size(), true) || !length_ok(p.colors.size(), true) ||
      !length_ok(p.joints.size(), true) || p.weights.size() != p.joints.size() ||
      !(p.joints1.empty() || p.joints1.size() == p.joints.size()) ||
      p.weights1.size() != p.joints1.size()) {
    return "mesh primitive attribute arrays differ in length";
  }
  if (std::any_of(p.indices.begin(), p.indices.end(), [n](std::uint32_t i) { return i >= n; })) {
    return "mesh primitive has an index past its " + std::to_string(n) + " vertices";
  }
  for (const std::vector<glm::u16vec4>* set : {&p.joints, &p.joints1}) {
    for (const glm::u16vec4& j : *set) {
      for (int k = 0; k < 4; ++k) {
        if (j[k] >= joint_count) {
          return "mesh primitive references joint " + std::to_string(j[k]) +
                 " but the skeleton has " + std::to_string(joint_count);
        }
      }
    }
  }
  return "";
}

}  // namespace

GpuMesh::~GpuMesh() { Release(); }

GpuMesh::GpuMesh(GpuMesh&& other) noexcept
    : vao_(std::exchange(other.vao_, 0)),
      index_count_(other.index_count_),
      vertex_count_(other.vertex_count_),
      skinned_(other.skinned_),
      material_(other.material_) {
  std::copy(std::begin(other.buffers_), std::end(other.buffers_), buffers_);
  std::fill(std::begin(other.buffers_), std::end(other.buffers_), 0u);
}

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
  std::swap(vao_, other.vao_);
  std::swap(buffers_, other.buffers_);
  std::swap(index_count_, other.index_count_);
  std::swap(vertex_count_, other.vertex_count_);
  std::swap(skinned_, other.skinned_);
  std::swap(material_, other.material_);
  return *this;
}

void GpuMesh::Release() {
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  glDeleteBuffers(kAttributeCount + 1, buffers_);
  vao_ = 0;
  std::fill(std::begin(buffers_), std::end(buffers_), 0u);
}

bool GpuMesh::Upload(const anim::MeshPrimitive& p, int joint_count, std::string* error) {
  const std::size_t n = p.positions.size();
  if (std::string problem = PrimitiveProblem(p, joint_count); !problem.empty()) {
    *error = std::move(problem);
    return false;
  }

  Release();
  glGenVertexArrays(1, &vao_);
  glGenBuffers(kAttributeCount + 1, buffers_);
  glBindVertexArray(vao_);
  UploadFloatAttribute(buffers_[kPosition], kPosition, 3, p.positions);
  UploadFloatAttribute(buffers_[kNormal], kNormal, 3, p.normals);
  // Missing optional attributes get neutral values (uv 0, white, joint 0
  // with weight 1, no second set of influences) so one shader serves every
  // primitive; the shader skips influences of weight 0.
  UploadFloatAttribute(
      buffers_[kTexcoord], kTexcoord, 2,
      p.texcoords.empty() ? std::vector<glm::vec2>(n, glm::vec2(0.0f)) : p.texcoords);
  UploadFloatAttribute(buffers_[kColor], kColor, 4,
                       p.colors.empty() ? std::vector<glm::vec4>(n, glm::vec4(1.0f)) : p.colors);
  UploadFloatAttribute(
      buffers_[kTangent], kTangent, 4,
      p.tangents.empty() ? std::vector<glm::vec4>(n, glm::vec4(0.0f)) : p.tangents);
  skinned_ = !p.joints.empty();
  UploadJointAttribute(buffers_[kJoints], kJoints,
                       skinned_ ? p.joints : std::vector<glm::u16vec4>(n, glm::u16vec4(0)));
  UploadFloatAttribute(
      buffers_[kWeights], kWeights, 4,
      skinned_ ? p.weights : std::vector<glm::vec4>(n, glm::vec4(1.0f, 0.0f, 0.0f, 0.0f)));
  const bool eight = skinned_ && !p.joints1.empty();
  UploadJointAttribute(buffers_[kJoints1], kJoints1,
                       eight ? p.joints1 : std::vector<glm::u16vec4>(n, glm::u16vec4(0)));
  UploadFloatAttribute(buffers_[kWeights1], kWeights1, 4,
                       eight ? p.weights1 : std::vector<glm::vec4>(n, glm::vec4(0.0f)));

  std::vector<std::uint32_t> generated;
  const std::vector<std::uint32_t>* indices = &p.indices;
  if (p.indices.empty()) {  // the importer normally fills these; be safe
    generated.resize(n);
    for (std::size_t i = 0; i < n; ++i) generated[i] = static_cast<std::uint32_t>(i);
    indices = &generated;
  }
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers_[kIndexBuffer]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER,
               static_cast<GLsizeiptr>(indices->size() * sizeof(std::uint32_t)), indices->data(),
               GL_STATIC_DRAW);
  index_count_ = static_cast<GLsizei>(indices->size());
  vertex_count_ = static_cast<GLsizei>(n);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  material_ = p.material;
  return true;
}

void GpuMesh::Draw(int instances) const {
  if (vao_ == 0 || index_count_ == 0 || instances < 1) return;
  glBindVertexArray(vao_);
  if (instances == 1) {
    glDrawElements(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr);
  } else {
    glDrawElementsInstanced(GL_TRIANGLES, index_count_, GL_UNSIGNED_INT, nullptr, instances);
  }
  glBindVertexArray(0);
}

void GpuMesh::DrawVerticesAsPoints() const {
  if (vao_ == 0 || vertex_count_ == 0) return;
  glBindVertexArray(vao_);
  glDrawArrays(GL_POINTS, 0, vertex_count_);
  glBindVertexArray(0);
}

}  // namespace render
