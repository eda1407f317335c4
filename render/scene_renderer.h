// Draws one frame of a character: the skinned mesh (lit, optionally as
// wireframe), the ground grid and the skeleton overlay, into whatever
// framebuffer is bound (a window's or an OffscreenTarget). It draws the pose
// it is given: choosing and sampling clips is the caller's business.
#pragma once

#include <span>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "anim/core/dual_quaternion.h"
#include "model/model.h"
#include "render/gpu_environment.h"
#include "render/gpu_model.h"
#include "render/ground_grid.h"
#include "render/line_mesh.h"
#include "render/palette_buffer.h"
#include "render/shader_program.h"
#include "render/shading.h"
#include "render/skinned_bounds.h"

namespace render {

struct ViewOptions {
  bool show_mesh = true;
  bool show_skeleton = false;  // joints and bones drawn on top of everything
  bool wireframe = false;      // mesh triangles as lines
  bool show_grid = true;
  // Linear blend or dual quaternion skinning, for the character and a crowd.
  anim::SkinningMethod skinning = anim::SkinningMethod::kLinearBlend;
  Shading shading = Shading::kMaterial;
  ToneMap tone_map;  // the material look's exposure and tone map
  Environment environment = Environment::kHemisphere;
  Background background = Background::kColor;
  // The model's camera the picture is seen through (Model::cameras, with
  // the matrices of render/file_camera.h), -1: the viewer's orbit camera.
  // The scene renderer itself draws with whatever matrices it is given.
  int file_camera = -1;
};

// One key light and a hemisphere ambient, linear RGB; the defaults light a
// character from its front-left and above, as seen from OrbitCamera's
// default angle.
struct Lighting {
  glm::vec3 direction_to_light = glm::normalize(glm::vec3(-0.35f, 0.8f, 0.6f));
  // Key + ambient stay near 1 where the light hits straight on, so a white
  // material keeps its shading instead of clipping to flat white.
  glm::vec3 light_color{0.72f, 0.70f, 0.66f};
  // The material look's key irradiance is light_color x this: with pi, a
  // white Lambertian surface facing the light shows light_color, as in the
  // flat look (Lambert's BRDF is colour / pi).
  float material_light_intensity = 3.14159265f;
  glm::vec3 sky_color{0.34f, 0.37f, 0.44f};
  glm::vec3 ground_color{0.13f, 0.12f, 0.11f};
  glm::vec3 clear_color_srgb{0.17f, 0.18f, 0.21f};
  // The material look's exposure and tone map: SceneRenderer::Draw sets it
  // from the frame's view options, so what draws after the scene with this
  // lighting (a crowd, a sample's own mesh) maps its colours alike.
  ToneMap tone_map;
  // The image-based light (SceneRenderer::Draw sets it from the view
  // options): a GpuEnvironment's cube map and harmonics; null: the
  // hemisphere lights the material look.
  const GpuEnvironment* environment = nullptr;
};

// The texture unit of the environment's cube map in shaders/skinned.frag:
// after GpuModel's units (0..7), so no unit holds two sampler types.
inline constexpr int kEnvironmentUnit = 8;

// Sets the light, shading and eye uniforms of shaders/skinned.frag on
// `program` (in use); the eye comes from `view_projection` (EyeOf).
void ApplyLighting(const ShaderProgram& program, const Lighting& lighting, Shading shading,
                   const glm::mat4& view_projection);

// A flat disc on the ground (a footprint), drawn over the grid.
struct GroundDisc {
  glm::vec3 center;  // world; drawn just above its y
  glm::vec4 color;   // sRGB, alpha blends
  float radius;
};

struct FrameInputs {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::mat4 world{1.0f};               // model space -> world space (the character's placement)
  int viewport_height = 720;           // pixels, for the skeleton's point size
  std::span<const glm::mat4> palette;  // one per joint, for skinning
  // The character's morph-target weights (Model::morph_channels); empty: the
  // model's defaults.
  std::span<const float> morph_weights;
  std::span<const glm::mat4> joint_model_matrices;  // for the skeleton overlay
  std::span<const int> parents;
  std::span<const glm::vec4> joint_colors;   // optional, one per joint (see skeleton_overlay.h)
  std::span<const GroundDisc> ground_discs;  // optional marks on the ground
  // Optional world-space line segments (vertex pairs) drawn over everything,
  // like the skeleton: IK targets, joint limits, aim lines.
  std::span<const ColoredVertex> overlay_lines;
  // When set, the grid re-centres (in whole major cells, so its lines stay
  // put in the world) on this point: a character walking off keeps a grid.
  // When not, it is back where SetModel laid it out.
  bool grid_follows = false;
  glm::vec3 grid_focus{0.0f};
  // Optional static ground (world space, lit, not skinned). The flat grid
  // is not drawn over it: it would cut through the terrain.
  const GpuModel* ground = nullptr;
  ViewOptions options;
};

class SceneRenderer {
 public:
  // Compiles the embedded shaders; needs a current GL context.
  bool Init(std::string* error);

  // Uploads the model and lays out the grid around its rest pose bounds.
  // On failure the previous model stays.
  bool SetModel(const anim::Model& model, std::string* error);
  const Bounds& ModelBounds() const { return bounds_; }
  const GridLayout& Grid() const { return grid_layout_; }

  Lighting& lighting() { return lighting_; }

  // The image-based environment that Environment::kStudio lights with: by
  // default baked from StudioRadiance on first use (about a quarter of a
  // second), or `maps`, given here (tests give known environments).
  void SetEnvironment(const EnvironmentMaps& maps);

  // Clears and draws. Fails only if the palette exceeds the GL limit.
  bool Draw(const FrameInputs& frame, std::string* error);

 private:
  // Centres the grid on the frame's focus when it follows, else at home.
  void PlaceGrid(const FrameInputs& frame);
  // The parts of Draw, in drawing order (view_projection = projection x view).
  bool DrawCharacter(const FrameInputs& frame, const glm::mat4& view_projection,
                     std::string* error);
  void DrawGround(const FrameInputs& frame, const glm::mat4& view_projection);
  // The environment behind everything (Background), or nothing.
  void DrawBackground(const FrameInputs& frame, const glm::mat4& view_projection);
  // The studio environment, baked and uploaded the first time it is needed.
  const GpuEnvironment& StudioEnvironment();
  void DrawGridAndDiscs(const FrameInputs& frame, const glm::mat4& view_projection);
  void DrawSkeleton(const FrameInputs& frame, const glm::mat4& view_projection);
  void DrawOverlayLines(const FrameInputs& frame, const glm::mat4& view_projection);

  ShaderProgram skinned_program_;
  std::vector<int> blend_order_;  // reused each frame
  ShaderProgram lines_program_;
  ShaderProgram grid_program_;
  ShaderProgram background_program_;
  GpuEnvironment environment_;
  LineMesh background_triangle_;  // DrawBackground's viewport-covering triangle
  GpuModel model_;
  PaletteBuffer palette_;
  LineMesh grid_;
  LineMesh bones_;
  LineMesh joints_;
  std::vector<ColoredVertex> bone_vertices_;  // reused every frame
  std::vector<ColoredVertex> joint_vertices_;
  LineMesh discs_;                            // GroundDisc triangles
  LineMesh overlay_;                          // FrameInputs::overlay_lines
  std::vector<ColoredVertex> disc_vertices_;  // reused every frame
  Bounds bounds_;
  GridLayout grid_layout_;
  glm::vec3 grid_home_{0.0f};  // the centre SetModel chose
  Lighting lighting_;
};

// Triangles (three vertices each) of flat discs facing up.
void BuildGroundDiscs(std::span<const GroundDisc> discs, std::vector<ColoredVertex>* triangles);

}  // namespace render
