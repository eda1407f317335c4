// Draws a crowd: N instances of one skinned model, each with its own palette
// and world matrix, on a ground grid that covers them. Two ways, chosen per
// frame, drawn with the same material and lighting (shaders/skinned.frag):
//
//   kGpu  instanced GPU skinning: every palette and world matrix in one
//         texture buffer (CrowdMatrixBuffer), one glDrawElementsInstanced per
//         mesh primitive for all instances (shaders/crowd_skinned.vert).
//   kCpu  the comparison: each instance's vertices skinned on the CPU from the
//         same palette (render/cpu_skinning.h, or dual_quaternion_skinning.h), uploaded to a
//         dynamic vertex buffer and drawn, one draw per instance and primitive, with
//         shaders/skinned.vert's unskinned path.
//
// It draws into whatever framebuffer is bound and does not clear (the scene
// renderer does). Which poses to show is the caller's business.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "model/model.h"
#include "render/cpu_skinning.h"
#include "render/crowd_matrix_buffer.h"
#include "render/dual_quaternion_skinning.h"
#include "render/gpu_model.h"
#include "render/ground_grid.h"
#include "render/line_mesh.h"
#include "render/scene_renderer.h"
#include "render/shader_program.h"

namespace render {

enum class SkinningPath { kGpu, kCpu };

struct CrowdInputs {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  int joint_count = 0;
  std::span<const glm::mat4>
      palettes;  // instance k's joints at [k * joint_count, (k + 1) * joint_count)
  std::span<const glm::mat4> worlds;  // one per instance: model space -> world space
  // Instance k's morph-target weights (the model's whole weight array,
  // Model::morph_channels) at [k * W, (k + 1) * W); empty: every instance
  // shows the model's defaults.
  std::span<const float> morph_weights;
  SkinningPath path = SkinningPath::kGpu;
  anim::SkinningMethod skinning = anim::SkinningMethod::kLinearBlend;
  Shading shading = Shading::kMaterial;
  UploadMethod upload = UploadMethod::kSubData;
  bool wireframe = false;
  bool show_grid = true;
  // Ground grid laid out to cover this box (world space); empty: no grid.
  Bounds grid_bounds;
};

// Wall-clock seconds of one Draw, measured with glFinish at each boundary so
// the GPU's (here llvmpipe's) work is inside the figure it belongs to.
struct CrowdTimings {
  double skinning = 0.0;  // kCpu: skinning the vertices on the CPU (0 for kGpu)
  double upload = 0.0;    // the palettes (kGpu) or skinned vertices (kCpu) to the GPU
  double frame = 0.0;     // the whole Draw: skinning + upload + drawing, finished
};

class CrowdRenderer {
 public:
  // Compiles the shaders; needs a current GL context.
  bool Init(std::string* error);
  // Uploads the model and keeps the CPU copy the kCpu path skins from. On
  // failure the previous model stays.
  bool SetModel(const anim::Model& model, std::string* error);

  // Draws every instance. With `timings` it also waits for the GPU
  // (glFinish) before and after each stage to measure it; without, it never
  // waits. Fails when the crowd exceeds the GL's texture buffer limit or
  // the inputs disagree in size.
  bool Draw(const CrowdInputs& crowd, const Lighting& lighting, CrowdTimings* timings,
            std::string* error);

 private:
  // One primitive's vertex array for the kCpu path: skinned positions and
  // normals in a dynamic buffer rewritten per instance, texcoords and
  // colours static, the primitive's indices.
  struct CpuMesh {
    CpuMesh() = default;
    ~CpuMesh();
    CpuMesh(CpuMesh&& other) noexcept;
    CpuMesh& operator=(CpuMesh&& other) noexcept;
    GLuint vao = 0;
    GLuint buffers[4] = {};  // skinned, texcoord, colour, index
    GLsizei index_count = 0;
  };
  static CpuMesh MakeCpuMesh(const anim::MeshPrimitive& p);

  bool DrawGpu(const CrowdInputs& crowd, CrowdTimings* timings, std::string* error);
  void DrawCpu(const CrowdInputs& crowd, CrowdTimings* timings);
  void DrawGrid(const CrowdInputs& crowd);

  ShaderProgram crowd_program_;   // crowd_skinned.vert + skinned.frag
  ShaderProgram single_program_;  // skinned.vert + skinned.frag (kCpu)
  ShaderProgram grid_program_;
  GpuModel model_;
  std::vector<anim::MeshPrimitive> primitives_;  // the CPU copy kCpu skins
  // The model's morph channels (only), for each primitive's run of an
  // instance's weights (Model::MorphWeightsOf), and that array's length.
  anim::Model morph_runs_;
  std::vector<float> default_morph_weights_;
  std::size_t weights_per_instance_ = 0;
  std::vector<CpuMesh> cpu_meshes_;
  std::vector<SkinnedVertex> skinned_;                   // one instance's vertices, reused
  std::vector<glm::mat4> packed_palettes_;               // kGpu with dual quaternions
  std::vector<anim::DualQuaternionJoint> dual_palette_;  // kCpu with dual quaternions
  CrowdMatrixBuffer matrices_;
  LineMesh grid_;
  GridLayout grid_layout_;
  bool grid_uploaded_ = false;
};

}  // namespace render
