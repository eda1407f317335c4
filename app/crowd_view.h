// The viewer's side of a crowd sample (samples::CrowdFrame): draws it with
// render::CrowdRenderer after the scene renderer has cleared the frame, and
// gives the camera the crowd's box to frame. Shared by the window and the
// headless renderer. The renderer is set up on first use, so viewers that
// never show a crowd never compile its shaders.
#pragma once

#include <string>

#include <glm/glm.hpp>

#include "model/model.h"
#include "render/crowd_renderer.h"
#include "render/orbit_camera.h"
#include "render/scene_renderer.h"
#include "samples/crowd_frame.h"

namespace animviewer {

render::Bounds CrowdBounds(const samples::CrowdFrame& crowd);

// Frames the crowd's box, looking down more steeply than at one character
// (30 degrees instead of 12) so the rows behind stay visible between the front ones.
void FrameCrowd(const samples::CrowdFrame& crowd, float aspect, render::OrbitCamera* camera);

// What the scene renderer should still draw under a crowd: only the clear
// (the crowd brings its own, larger grid; the single character and its
// skeleton are not shown).
render::ViewOptions SceneOptionsUnderCrowd(render::ViewOptions view);

class CrowdView {
 public:
  // Draws `crowd` of `model` into the bound framebuffer. With `measure` the
  // stages are timed (glFinish between them) and written to
  // crowd.draw_times; without, nothing waits.
  bool Draw(const anim::Model& model, const samples::CrowdFrame& crowd, const glm::mat4& view,
            const glm::mat4& projection, const render::ViewOptions& options,
            const render::Lighting& lighting, bool measure, std::string* error);

 private:
  render::CrowdRenderer renderer_;
  bool initialized_ = false;
  // Which model the renderer holds. A model replaced in place (the viewer
  // reuses its AnimatedCharacter) has new primitive storage, so the pair
  // tells a new model from the same one.
  const anim::Model* model_ = nullptr;
  const void* primitives_ = nullptr;
};

}  // namespace animviewer
