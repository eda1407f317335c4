// The viewer's side of a sample that brings its own mesh
// (samples::OwnMeshes): draws its copies with render::SkinnedCopiesRenderer
// after the scene renderer has cleared the frame and drawn the grid, and
// gives the camera their box to frame. Shared by the window and the
// headless renderer; set up on first use.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "render/scene_renderer.h"
#include "render/skinned_bounds.h"
#include "render/skinned_copies_renderer.h"
#include "samples/own_meshes.h"

namespace animviewer {

render::Bounds OwnMeshBounds(const samples::OwnMeshes& own);

// What the scene renderer should still draw under a sample's own mesh: the
// clear and the grid, not the character or its skeleton.
render::ViewOptions SceneOptionsUnderOwnMesh(render::ViewOptions view);

class OwnMeshView {
 public:
  // Draws every copy into the bound framebuffer (nothing when the view's
  // Mesh toggle is off).
  bool Draw(const samples::OwnMeshes& own, const glm::mat4& view_projection,
            const render::ViewOptions& options, const render::Lighting& lighting,
            std::string* error);

 private:
  render::SkinnedCopiesRenderer renderer_;
  bool initialized_ = false;
  const anim::Model* model_ = nullptr;  // which model the renderer holds (see CrowdView)
  const void* primitives_ = nullptr;
  std::vector<render::SkinnedCopy> copies_;
};

}  // namespace animviewer
