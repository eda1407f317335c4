// Renders a character's current pose to a PNG without any window: EGL
// context, scene renderer and off-screen target in one object. The camera
// is framed on FramingBounds (rest pose + the clip's whole motion), so the
// picture depends only on the model, the clip, the pose, the size and the
// view options.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "app/animated_character.h"
#include "app/crowd_view.h"
#include "app/own_mesh_view.h"
#include "app/sample_drawing.h"
#include "render/headless_context.h"
#include "render/scene_renderer.h"

namespace animviewer {

class HeadlessRenderer {
 public:
  // msaa_samples: per pixel of every picture (below 2: no multisampling).
  bool Init(int msaa_samples, std::string* error);
  bool SetModel(const anim::Model& model, std::string* error);
  bool RenderPng(const AnimatedCharacter& character, const render::ViewOptions& view, int width,
                 int height, const std::string& path, std::string* error,
                 const SampleDrawing& sample = {});
  // The same picture as RGBA pixels, rows bottom to top (as OpenGL reads them).
  bool RenderPixels(const AnimatedCharacter& character, const render::ViewOptions& view, int width,
                    int height, std::vector<std::uint8_t>* pixels, std::string* error,
                    const SampleDrawing& sample = {});

 private:
  std::unique_ptr<render::HeadlessContext> context_;
  render::SceneRenderer scene_;
  CrowdView crowd_;
  OwnMeshView own_mesh_;
  int msaa_samples_ = 4;
  int framed_clip_ = -2;  // clip the cached framing bounds belong to (-3: all clips)
  render::Bounds framing_;
};

}  // namespace animviewer
