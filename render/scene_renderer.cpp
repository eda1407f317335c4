#include "render/scene_renderer.h"

#include <algorithm>
#include <cmath>

#include "render/blend_order.h"
#include "render/dual_quaternion_skinning.h"  // kSkinningLibraryShader
#include "render/skeleton_overlay.h"

namespace render {

void ApplyLighting(const ShaderProgram& program, const Lighting& lighting, Shading shading,
                   const glm::mat4& view_projection) {
  program.Set("u_shading", shading == Shading::kMaterial ? 0 : 1);
  program.Set("u_tone_mapping", static_cast<int>(lighting.tone_map.curve));
  program.Set("u_exposure", lighting.tone_map.exposure);
  program.Set("u_eye", EyeOf(view_projection));
  program.Set("u_light_direction", lighting.direction_to_light);
  program.Set("u_light_color", lighting.light_color);
  program.Set("u_light_intensity", lighting.material_light_intensity);
  program.Set("u_sky_color", lighting.sky_color);
  program.Set("u_ground_color", lighting.ground_color);
  program.Set("u_environment_cube", kEnvironmentUnit);
  const GpuEnvironment* environment = lighting.environment;
  program.Set("u_environment", environment != nullptr && environment->Valid());
  if (environment == nullptr || !environment->Valid()) return;
  glActiveTexture(GL_TEXTURE0 + kEnvironmentUnit);
  glBindTexture(GL_TEXTURE_CUBE_MAP, environment->cube());
  glActiveTexture(GL_TEXTURE0);
  program.Set("u_environment_max_level", environment->max_level());
  glUniform3fv(glGetUniformLocation(program.id(), "u_irradiance_sh"), 9,
               &environment->irradiance_sh()[0].x);
}

bool SceneRenderer::Init(std::string* error) {
  // One triangle past the viewport's corners covers it whole.
  const ColoredVertex corners[] = {{{-1.0f, -1.0f, 0.0f}, glm::vec4(0.0f)},
                                   {{3.0f, -1.0f, 0.0f}, glm::vec4(0.0f)},
                                   {{-1.0f, 3.0f, 0.0f}, glm::vec4(0.0f)}};
  background_triangle_.Upload(corners);
  return skinned_program_.Build("skinned.vert", "skinned.frag", error, kSkinningLibraryShader,
                                kColorOutputShader) &&
         lines_program_.Build("lines.vert", "lines.frag", error) &&
         grid_program_.Build("grid.vert", "grid.frag", error) &&
         background_program_.Build("background.vert", "background.frag", error, {},
                                   kColorOutputShader);
}

void SceneRenderer::SetEnvironment(const EnvironmentMaps& maps) { environment_.Upload(maps); }

const GpuEnvironment& SceneRenderer::StudioEnvironment() {
  // 128 texels a face keep the sharp background and mirror reflections
  // crisp; six levels step roughness by 0.2; 128 samples a texel keep the
  // soft boxes' prefiltered highlights smooth.
  if (!environment_.Valid()) environment_.Upload(BakeEnvironment(StudioRadiance, 128, 6, 128));
  return environment_;
}

bool SceneRenderer::SetModel(const anim::Model& model, std::string* error) {
  GpuModel uploaded;
  if (!uploaded.Upload(model, error)) return false;
  model_ = std::move(uploaded);
  bounds_ = RestPoseBounds(model);
  grid_layout_ = LayoutGridFor(bounds_);
  grid_home_ = grid_layout_.center;
  const std::vector<ColoredVertex> lines = GridLines(grid_layout_);
  grid_.Upload(lines);
  return true;
}

void SceneRenderer::PlaceGrid(const FrameInputs& frame) {
  const float major = 5.0f * grid_layout_.cell;
  const glm::vec3& focus = frame.grid_focus;
  // Not following: back under the model, where SetModel laid it out (a
  // character that walked off in one sample must not take it along to the next).
  const glm::vec3 center = frame.grid_follows ? glm::vec3(std::round(focus.x / major) * major, 0.0f,
                                                          std::round(focus.z / major) * major)
                                              : grid_home_;
  if (center == grid_layout_.center) return;
  grid_layout_.center = center;
  grid_.Upload(GridLines(grid_layout_));
}

void BuildGroundDiscs(std::span<const GroundDisc> discs, std::vector<ColoredVertex>* triangles) {
  constexpr int kSides = 20;
  constexpr float kLift = 0.002f;  // above the grid lines, against z-fighting
  triangles->clear();
  for (const GroundDisc& disc : discs) {
    const glm::vec3 c =
        disc.center + glm::vec3(0.0f, kLift * std::max(1.0f, disc.radius / 0.07f), 0.0f);
    for (int i = 0; i < kSides; ++i) {
      const float a0 = 6.2831853f * i / kSides, a1 = 6.2831853f * (i + 1) / kSides;
      triangles->push_back({c, disc.color});
      triangles->push_back(
          {c + disc.radius * glm::vec3(std::cos(a0), 0.0f, std::sin(a0)), disc.color});
      triangles->push_back(
          {c + disc.radius * glm::vec3(std::cos(a1), 0.0f, std::sin(a1)), disc.color});
    }
  }
}

bool SceneRenderer::Draw(const FrameInputs& frame, std::string* error) {
  lighting_.tone_map = frame.options.tone_map;
  const bool studio = frame.options.environment == Environment::kStudio;
  const bool pictured = frame.options.background != Background::kColor;
  const GpuEnvironment* environment = studio || pictured ? &StudioEnvironment() : nullptr;
  lighting_.environment = studio ? environment : nullptr;
  const glm::vec3 clear = lighting_.clear_color_srgb;
  glClearColor(clear.r, clear.g, clear.b, 1.0f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  const glm::mat4 view_projection = frame.projection * frame.view;
  if (pictured) DrawBackground(frame, view_projection);
  if (!DrawCharacter(frame, view_projection, error)) return false;
  DrawGround(frame, view_projection);
  // The rest is blended over the opaque character and ground.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  DrawGridAndDiscs(frame, view_projection);
  DrawSkeleton(frame, view_projection);
  DrawOverlayLines(frame, view_projection);
  glDisable(GL_BLEND);
  glBindVertexArray(0);
  glUseProgram(0);
  return true;
}

bool SceneRenderer::DrawCharacter(const FrameInputs& frame, const glm::mat4& view_projection,
                                  std::string* error) {
  if (!frame.options.show_mesh || model_.Empty()) return true;
  if (!palette_.Upload(frame.palette, frame.options.skinning, error)) return false;
  skinned_program_.Use();
  skinned_program_.Set("u_dual_quaternion",
                       frame.options.skinning == anim::SkinningMethod::kDualQuaternion);
  skinned_program_.Set("u_view_projection", view_projection);
  skinned_program_.Set("u_world", frame.world);
  skinned_program_.Set("u_palette", 1);
  skinned_program_.Set("u_base_color_texture", 0);
  ApplyLighting(skinned_program_, lighting_, frame.options.shading, view_projection);
  palette_.Bind(1);
  if (frame.options.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  // Blended primitives farthest first, from where they are in this pose.
  blend_order_ = model_.BlendedMeshes();
  SortBackToFront(model_.Anchors(), frame.palette, frame.world, EyeOf(view_projection),
                  &blend_order_);
  model_.Draw(skinned_program_, 1, frame.morph_weights, blend_order_);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  return true;
}

void SceneRenderer::DrawBackground(const FrameInputs& frame, const glm::mat4& view_projection) {
  // Behind everything, whatever depth the scene writes after it.
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  background_program_.Use();
  background_program_.Set("u_inverse_view_projection", glm::inverse(view_projection));
  background_program_.Set("u_tone_mapping", static_cast<int>(frame.options.tone_map.curve));
  background_program_.Set("u_exposure", frame.options.tone_map.exposure);
  background_program_.Set("u_environment_cube", kEnvironmentUnit);
  // The blurred picture is the level prefiltered for roughness 0.6.
  const float level =
      frame.options.background == Background::kBlurred ? 0.6f * environment_.max_level() : 0.0f;
  background_program_.Set("u_level", level);
  glActiveTexture(GL_TEXTURE0 + kEnvironmentUnit);
  glBindTexture(GL_TEXTURE_CUBE_MAP, environment_.cube());
  glActiveTexture(GL_TEXTURE0);
  background_triangle_.Draw(GL_TRIANGLES);
  glDepthMask(GL_TRUE);
  glEnable(GL_DEPTH_TEST);
}

void SceneRenderer::DrawGround(const FrameInputs& frame, const glm::mat4& view_projection) {
  if (frame.ground == nullptr || frame.ground->Empty()) return;
  skinned_program_.Use();
  skinned_program_.Set("u_view_projection", view_projection);
  skinned_program_.Set("u_world", glm::mat4(1.0f));
  skinned_program_.Set("u_base_color_texture", 0);
  ApplyLighting(skinned_program_, lighting_, frame.options.shading, view_projection);
  frame.ground->Draw(skinned_program_);
}

void SceneRenderer::DrawGridAndDiscs(const FrameInputs& frame, const glm::mat4& view_projection) {
  // The grid is transparent lines: tested against the character's depth so
  // the feet hide it, but not written, so it never hides anything itself.
  PlaceGrid(frame);
  if (frame.options.show_grid && frame.ground == nullptr) {
    glDepthMask(GL_FALSE);
    grid_program_.Use();
    grid_program_.Set("u_view_projection", view_projection);
    grid_program_.Set("u_grid_center", grid_layout_.center);
    grid_program_.Set("u_fade_radius", grid_layout_.HalfExtent());
    grid_.Draw(GL_LINES);
    glDepthMask(GL_TRUE);
  }
  if (!frame.ground_discs.empty()) {
    // Over the grid, under the character's feet: depth-tested, not written.
    BuildGroundDiscs(frame.ground_discs, &disc_vertices_);
    discs_.Upload(disc_vertices_);
    glDepthMask(GL_FALSE);
    lines_program_.Use();
    lines_program_.Set("u_view_projection", view_projection);
    lines_program_.Set("u_point_size", 1.0f);
    discs_.Draw(GL_TRIANGLES);
    glDepthMask(GL_TRUE);
  }
}

void SceneRenderer::DrawSkeleton(const FrameInputs& frame, const glm::mat4& view_projection) {
  if (!frame.options.show_skeleton) return;
  BuildSkeletonOverlay(frame.joint_model_matrices, frame.parents, frame.world, frame.joint_colors,
                       &bone_vertices_, &joint_vertices_);
  bones_.Upload(bone_vertices_);
  joints_.Upload(joint_vertices_);
  glDisable(GL_DEPTH_TEST);  // the skeleton sits inside the mesh: draw it on top
  glEnable(GL_PROGRAM_POINT_SIZE);
  lines_program_.Use();
  lines_program_.Set("u_view_projection", view_projection);
  lines_program_.Set("u_point_size", std::max(3.0f, frame.viewport_height / 120.0f));
  bones_.Draw(GL_LINES);
  joints_.Draw(GL_POINTS);
  glDisable(GL_PROGRAM_POINT_SIZE);
  glEnable(GL_DEPTH_TEST);
}

void SceneRenderer::DrawOverlayLines(const FrameInputs& frame, const glm::mat4& view_projection) {
  if (frame.overlay_lines.empty()) return;
  overlay_.Upload(frame.overlay_lines);
  glDisable(GL_DEPTH_TEST);  // targets and limits inside the mesh stay visible
  lines_program_.Use();
  lines_program_.Set("u_view_projection", view_projection);
  lines_program_.Set("u_point_size", 1.0f);
  overlay_.Draw(GL_LINES);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace render
