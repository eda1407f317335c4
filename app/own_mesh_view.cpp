#include "app/own_mesh_view.h"

namespace animviewer {

render::Bounds OwnMeshBounds(const samples::OwnMeshes& own) {
  return {own.bounds_min, own.bounds_max};
}

render::ViewOptions SceneOptionsUnderOwnMesh(render::ViewOptions view) {
  view.show_mesh = false;
  view.show_skeleton = false;
  return view;
}

bool OwnMeshView::Draw(const samples::OwnMeshes& own, const glm::mat4& view_projection,
                       const render::ViewOptions& options, const render::Lighting& lighting,
                       std::string* error) {
  if (own.model == nullptr || !options.show_mesh) return true;
  if (!initialized_) {
    if (!renderer_.Init(error)) return false;
    initialized_ = true;
  }
  if (model_ != own.model || primitives_ != own.model->primitives.data()) {
    if (!renderer_.SetModel(*own.model, error)) return false;
    model_ = own.model;
    primitives_ = own.model->primitives.data();
  }
  copies_.clear();
  for (const samples::OwnMeshCopy& copy : own.copies) {
    copies_.push_back({copy.world, copy.palette, copy.skinning});
  }
  return renderer_.Draw(copies_, view_projection, lighting, options.shading, options.wireframe,
                        error);
}

}  // namespace animviewer
