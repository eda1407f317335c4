#include "render/crowd_renderer.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "render/buffer_offset.h"

namespace render {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// Matches shaders/skinned.vert and crowd_skinned.vert.
enum Attribute : GLuint { kPosition = 0, kNormal = 1, kTexcoord = 2, kColor = 3 };
constexpr int kMatrixUnit = 1;  // texture unit of the crowd's matrices (0: base colour)

template <typename T>
GLuint StaticBuffer(GLenum target, const std::vector<T>& data) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(target, buffer);
  glBufferData(target, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(),
               GL_STATIC_DRAW);
  return buffer;
}

bool SameLayout(const GridLayout& a, const GridLayout& b) {
  return a.cell == b.cell && a.half_cells == b.half_cells && a.center == b.center;
}

}  // namespace

CrowdRenderer::CpuMesh::~CpuMesh() {
  if (vao != 0) glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(4, buffers);
}

CrowdRenderer::CpuMesh::CpuMesh(CpuMesh&& other) noexcept
    : vao(std::exchange(other.vao, 0)), index_count(other.index_count) {
  std::copy(std::begin(other.buffers), std::end(other.buffers), buffers);
  std::fill(std::begin(other.buffers), std::end(other.buffers), 0u);
}

CrowdRenderer::CpuMesh& CrowdRenderer::CpuMesh::operator=(CpuMesh&& other) noexcept {
  std::swap(vao, other.vao);
  std::swap(buffers, other.buffers);
  std::swap(index_count, other.index_count);
  return *this;
}

bool CrowdRenderer::Init(std::string* error) {
  return crowd_program_.Build("crowd_skinned.vert", "skinned.frag", error, kSkinningLibraryShader,
                              kColorOutputShader) &&
         single_program_.Build("skinned.vert", "skinned.frag", error, kSkinningLibraryShader,
                               kColorOutputShader) &&
         grid_program_.Build("grid.vert", "grid.frag", error);
}

// Called after GpuModel::Upload validated `p` (lengths agree, indices in range).
CrowdRenderer::CpuMesh CrowdRenderer::MakeCpuMesh(const anim::MeshPrimitive& p) {
  const std::size_t n = p.positions.size();
  CpuMesh mesh;
  glGenVertexArrays(1, &mesh.vao);
  glBindVertexArray(mesh.vao);
  glGenBuffers(1, &mesh.buffers[0]);
  glBindBuffer(GL_ARRAY_BUFFER, mesh.buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(n * sizeof(SkinnedVertex)), nullptr,
               GL_STREAM_DRAW);
  glEnableVertexAttribArray(kPosition);
  glVertexAttribPointer(kPosition, 3, GL_FLOAT, GL_FALSE, sizeof(SkinnedVertex),
                        BufferOffset(offsetof(SkinnedVertex, position)));
  glEnableVertexAttribArray(kNormal);
  glVertexAttribPointer(kNormal, 3, GL_FLOAT, GL_FALSE, sizeof(SkinnedVertex),
                        BufferOffset(offsetof(SkinnedVertex, normal)));
  // Neutral values for absent attributes, as GpuMesh does.
  mesh.buffers[1] =
      StaticBuffer(GL_ARRAY_BUFFER,
                   p.texcoords.empty() ? std::vector<glm::vec2>(n, glm::vec2(0.0f)) : p.texcoords);
  glEnableVertexAttribArray(kTexcoord);
  glVertexAttribPointer(kTexcoord, 2, GL_FLOAT, GL_FALSE, sizeof(glm::vec2), nullptr);
  mesh.buffers[2] = StaticBuffer(
      GL_ARRAY_BUFFER, p.colors.empty() ? std::vector<glm::vec4>(n, glm::vec4(1.0f)) : p.colors);
  glEnableVertexAttribArray(kColor);
  glVertexAttribPointer(kColor, 4, GL_FLOAT, GL_FALSE, sizeof(glm::vec4), nullptr);
  std::vector<std::uint32_t> indices = p.indices;
  if (indices.empty()) {
    indices.resize(n);
    for (std::size_t i = 0; i < n; ++i) indices[i] = static_cast<std::uint32_t>(i);
  }
  mesh.buffers[3] = StaticBuffer(GL_ELEMENT_ARRAY_BUFFER, indices);
  mesh.index_count = static_cast<GLsizei>(indices.size());
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  return mesh;
}

bool CrowdRenderer::SetModel(const anim::Model& model, std::string* error) {
  GpuModel uploaded;
  if (!uploaded.Upload(model, error)) return false;
  model_ = std::move(uploaded);
  primitives_ = model.primitives;
  morph_runs_ = anim::Model();
  morph_runs_.morph_channels = model.morph_channels;
  default_morph_weights_ = model.DefaultMorphWeights();
  weights_per_instance_ = default_morph_weights_.size();
  cpu_meshes_.clear();
  std::size_t most_vertices = 0;
  for (const anim::MeshPrimitive& p : primitives_) {
    cpu_meshes_.push_back(MakeCpuMesh(p));
    most_vertices = std::max(most_vertices, p.positions.size());
  }
  skinned_.assign(most_vertices, SkinnedVertex{});
  return true;
}

bool CrowdRenderer::Draw(const CrowdInputs& crowd, const Lighting& lighting, CrowdTimings* timings,
                         std::string* error) {
  const std::size_t instances = crowd.worlds.size();
  if (crowd.joint_count < 0 ||
      crowd.palettes.size() != instances * static_cast<std::size_t>(crowd.joint_count)) {
    *error = "crowd inputs disagree: " + std::to_string(crowd.palettes.size()) +
             " palette matrices for " + std::to_string(instances) + " instances of " +
             std::to_string(crowd.joint_count) + " joints";
    return false;
  }
  if (!crowd.morph_weights.empty() &&
      crowd.morph_weights.size() != instances * weights_per_instance_) {
    *error = "crowd inputs disagree: " + std::to_string(crowd.morph_weights.size()) +
             " morph weights for " + std::to_string(instances) + " instances of " +
             std::to_string(weights_per_instance_);
    return false;
  }
  if (timings != nullptr) {
    *timings = CrowdTimings{};
    glFinish();  // earlier work (clear, other passes) is not the crowd's
  }
  const Clock::time_point start = Clock::now();
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  if (instances > 0 && !model_.Empty()) {
    for (ShaderProgram* program : {&crowd_program_, &single_program_}) {
      program->Use();
      program->Set("u_view_projection", crowd.projection * crowd.view);
      program->Set("u_base_color_texture", 0);
      ApplyLighting(*program, lighting, crowd.shading, crowd.projection * crowd.view);
    }
    if (crowd.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    bool ok = true;
    if (crowd.path == SkinningPath::kGpu) {
      ok = DrawGpu(crowd, timings, error);
    } else {
      DrawCpu(crowd, timings);
    }
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    if (!ok) return false;
  }
  DrawGrid(crowd);
  glBindVertexArray(0);
  glUseProgram(0);
  if (timings != nullptr) {
    glFinish();
    timings->frame = Seconds(start);
  }
  return true;
}

bool CrowdRenderer::DrawGpu(const CrowdInputs& crowd, CrowdTimings* timings, std::string* error) {
  const bool dual_quaternion = crowd.skinning == anim::SkinningMethod::kDualQuaternion;
  // Packing the dual quaternions is CPU work of the upload stage.
  const Clock::time_point upload_start = Clock::now();
  if (dual_quaternion) PackDualQuaternionPalette(crowd.palettes, &packed_palettes_);
  if (!matrices_.Upload(
          dual_quaternion ? std::span<const glm::mat4>(packed_palettes_) : crowd.palettes,
          crowd.worlds, crowd.upload, error)) {
    return false;
  }
  if (timings != nullptr) {
    glFinish();
    timings->upload = Seconds(upload_start);
  }
  crowd_program_.Use();
  crowd_program_.Set("u_matrices", kMatrixUnit);
  crowd_program_.Set("u_joint_count", crowd.joint_count);
  crowd_program_.Set("u_dual_quaternion", dual_quaternion);
  crowd_program_.Set("u_world_offset", matrices_.WorldOffset());
  matrices_.Bind(kMatrixUnit);
  model_.Draw(crowd_program_, static_cast<int>(crowd.worlds.size()), crowd.morph_weights);
  return true;
}

void CrowdRenderer::DrawCpu(const CrowdInputs& crowd, CrowdTimings* timings) {
  single_program_.Use();
  single_program_.Set("u_skinned", false);  // the vertices arrive skinned
  single_program_.Set("u_dual_quaternion", false);
  // Unused here, but two sampler types on one texture unit (the palette's
  // default 0 and the base colour's 0) make every draw an invalid operation.
  single_program_.Set("u_palette", kMatrixUnit);
  const auto joints = static_cast<std::size_t>(crowd.joint_count);
  Clock::duration skinning{}, upload{};
  for (int m = 0; m < model_.MeshCount(); ++m) {
    const anim::MeshPrimitive& primitive = primitives_[m];
    const CpuMesh& mesh = cpu_meshes_[m];
    const std::span<SkinnedVertex> vertices(skinned_.data(), primitive.positions.size());
    const auto bytes = static_cast<GLsizeiptr>(vertices.size_bytes());
    model_.ApplyMaterial(single_program_, m);
    glBindVertexArray(mesh.vao);
    glBindBuffer(GL_ARRAY_BUFFER, mesh.buffers[0]);
    for (std::size_t k = 0; k < crowd.worlds.size(); ++k) {
      const Clock::time_point t0 = Clock::now();
      const std::span<const float> weights = morph_runs_.MorphWeightsOf(
          primitive,
          crowd.morph_weights.empty()
              ? std::span<const float>(default_morph_weights_)
              : crowd.morph_weights.subspan(k * weights_per_instance_, weights_per_instance_));
      SkinPrimitiveWith(crowd.skinning, primitive, crowd.palettes.subspan(k * joints, joints),
                        &dual_palette_, vertices, weights);
      const Clock::time_point t1 = Clock::now();
      // Orphan, then fill: the driver gives fresh storage instead of waiting
      // for the previous instance's draw to finish reading.
      glBufferData(GL_ARRAY_BUFFER, bytes, nullptr, GL_STREAM_DRAW);
      glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, vertices.data());
      const Clock::time_point t2 = Clock::now();
      skinning += t1 - t0;
      upload += t2 - t1;
      single_program_.Set("u_world", crowd.worlds[k]);
      glDrawElements(GL_TRIANGLES, mesh.index_count, GL_UNSIGNED_INT, nullptr);
    }
  }
  glDisable(GL_CULL_FACE);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  if (timings != nullptr) {
    timings->skinning = std::chrono::duration<double>(skinning).count();
    timings->upload = std::chrono::duration<double>(upload).count();
  }
}

void CrowdRenderer::DrawGrid(const CrowdInputs& crowd) {
  if (!crowd.show_grid || crowd.grid_bounds.Empty()) return;
  const GridLayout layout = LayoutGridFor(crowd.grid_bounds);
  if (!grid_uploaded_ || !SameLayout(layout, grid_layout_)) {
    grid_layout_ = layout;
    grid_.Upload(GridLines(grid_layout_));
    grid_uploaded_ = true;
  }
  // As in SceneRenderer: transparent lines tested against the characters'
  // depth but not written, so the feet hide the grid and never the reverse.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  grid_program_.Use();
  grid_program_.Set("u_view_projection", crowd.projection * crowd.view);
  grid_program_.Set("u_grid_center", grid_layout_.center);
  grid_program_.Set("u_fade_radius", grid_layout_.HalfExtent());
  grid_.Draw(GL_LINES);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace render
