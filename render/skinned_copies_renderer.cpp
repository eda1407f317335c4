#include "render/skinned_copies_renderer.h"

#include "render/dual_quaternion_skinning.h"

namespace render {

bool SkinnedCopiesRenderer::Init(std::string* error) {
  return program_.Build("skinned.vert", "skinned.frag", error, kSkinningLibraryShader,
                        kColorOutputShader);
}

bool SkinnedCopiesRenderer::SetModel(const anim::Model& model, std::string* error) {
  GpuModel uploaded;
  if (!uploaded.Upload(model, error)) return false;
  model_ = std::move(uploaded);
  return true;
}

bool SkinnedCopiesRenderer::Draw(std::span<const SkinnedCopy> copies,
                                 const glm::mat4& view_projection, const Lighting& lighting,
                                 Shading shading, bool wireframe, std::string* error) {
  glEnable(GL_DEPTH_TEST);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  program_.Use();
  program_.Set("u_view_projection", view_projection);
  program_.Set("u_palette", 1);
  program_.Set("u_base_color_texture", 0);
  ApplyLighting(program_, lighting, shading, view_projection);
  if (wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  bool ok = true;
  for (const SkinnedCopy& copy : copies) {
    ok = palette_.Upload(copy.palette, copy.skinning, error);
    if (!ok) break;
    palette_.Bind(1);
    program_.Set("u_world", copy.world);
    program_.Set("u_dual_quaternion", copy.skinning == anim::SkinningMethod::kDualQuaternion);
    model_.Draw(program_);
  }
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glBindVertexArray(0);
  glUseProgram(0);
  return ok;
}

}  // namespace render
