#include "app/crowd_view.h"

#include <glm/gtc/constants.hpp>

namespace animviewer {

render::Bounds CrowdBounds(const samples::CrowdFrame& crowd) {
  return {crowd.bounds_min, crowd.bounds_max};
}

void FrameCrowd(const samples::CrowdFrame& crowd, float aspect, render::OrbitCamera* camera) {
  camera->Frame(CrowdBounds(crowd), aspect);
  camera->Orbit(0.0f, glm::radians(30.0f - render::OrbitCamera::kDefaultPitchDegrees));
}

render::ViewOptions SceneOptionsUnderCrowd(render::ViewOptions view) {
  view.show_mesh = false;
  view.show_grid = false;
  view.show_skeleton = false;
  return view;
}

bool CrowdView::Draw(const anim::Model& model, const samples::CrowdFrame& crowd,
                     const glm::mat4& view, const glm::mat4& projection,
                     const render::ViewOptions& options, const render::Lighting& lighting,
                     bool measure, std::string* error) {
  if (!initialized_) {
    if (!renderer_.Init(error)) return false;
    initialized_ = true;
  }
  if (model_ != &model || primitives_ != model.primitives.data()) {
    if (!renderer_.SetModel(model, error)) return false;
    model_ = &model;
    primitives_ = model.primitives.data();
  }
  render::CrowdInputs inputs;
  inputs.view = view;
  inputs.projection = projection;
  inputs.joint_count = crowd.joint_count;
  inputs.palettes = crowd.palettes;
  inputs.worlds = crowd.worlds;
  inputs.morph_weights = crowd.morph_weights;
  inputs.path = crowd.cpu_skinning ? render::SkinningPath::kCpu : render::SkinningPath::kGpu;
  inputs.wireframe = options.wireframe;
  inputs.skinning = options.skinning;
  inputs.shading = options.shading;
  inputs.show_grid = options.show_grid;
  inputs.grid_bounds = CrowdBounds(crowd);
  if (!options.show_mesh) {  // the Mesh toggle hides the crowd, keeping the grid
    inputs.worlds = {};
    inputs.palettes = {};
  }
  render::CrowdTimings timings;
  if (!renderer_.Draw(inputs, lighting, measure ? &timings : nullptr, error)) return false;
  if (measure && crowd.draw_times != nullptr) {
    *crowd.draw_times = {true, timings.skinning, timings.upload, timings.frame};
  }
  return true;
}

}  // namespace animviewer
