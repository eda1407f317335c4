#include "app/headless_renderer.h"

#include "app/camera_choice.h"
#include "app/framing_bounds.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"
#include "render/png_writer.h"

namespace animviewer {

bool HeadlessRenderer::Init(int msaa_samples, std::string* error) {
  msaa_samples_ = msaa_samples;
  context_ = render::HeadlessContext::Create(error);
  return context_ != nullptr && scene_.Init(error);
}

bool HeadlessRenderer::SetModel(const anim::Model& model, std::string* error) {
  framed_clip_ = -2;
  return scene_.SetModel(model, error);
}

bool HeadlessRenderer::RenderPng(const AnimatedCharacter& character,
                                 const render::ViewOptions& view, int width, int height,
                                 const std::string& path, std::string* error,
                                 const SampleDrawing& sample) {
  std::vector<std::uint8_t> pixels;
  return RenderPixels(character, view, width, height, &pixels, error, sample) &&
         render::WritePngBottomUp(path, width, height, pixels, error);
}

bool HeadlessRenderer::RenderPixels(const AnimatedCharacter& character,
                                    const render::ViewOptions& view, int width, int height,
                                    std::vector<std::uint8_t>* pixels, std::string* error,
                                    const SampleDrawing& sample) {
  render::OffscreenTarget target;
  if (!target.Create(width, height, msaa_samples_, error)) return false;
  const float aspect = static_cast<float>(width) / static_cast<float>(height);
  const int framing_key = sample.active ? -3 : character.clip_index();
  if (framed_clip_ != framing_key) {
    framed_clip_ = framing_key;
    framing_ = sample.active ? FramingBoundsAllClips(character.model())
                             : FramingBounds(character.model(), framed_clip_);
  }
  render::OrbitCamera camera;
  if (sample.crowd != nullptr) {
    FrameCrowd(*sample.crowd, aspect, &camera);
  } else if (sample.own_mesh != nullptr) {
    camera.Frame(OwnMeshBounds(*sample.own_mesh), aspect);
  } else {
    camera.Frame(framing_, aspect);
  }
  // Framed on the character at the origin; a moving one takes the camera along.
  if (sample.follow) camera.MoveTarget(sample.Position());

  render::FrameInputs frame;
  frame.view = camera.View();
  frame.projection = camera.Projection(aspect);
  LookThroughFileCamera(character.model(), view.file_camera, character.model_matrices(),
                        character.morph_weights(), aspect, &frame.view, &frame.projection);
  frame.viewport_height = height;
  frame.palette = character.palette();
  frame.morph_weights = character.morph_weights();
  frame.joint_model_matrices = character.model_matrices();
  frame.parents = character.model().skeleton.Parents();
  sample.Apply(view, &frame);
  target.Bind();
  if (!scene_.Draw(frame, error)) return false;
  if (sample.crowd != nullptr &&
      !crowd_.Draw(character.model(), *sample.crowd, frame.view, frame.projection, view,
                   scene_.lighting(), /*measure=*/false, error)) {
    return false;
  }
  if (sample.own_mesh != nullptr && !own_mesh_.Draw(*sample.own_mesh, frame.projection * frame.view,
                                                    view, scene_.lighting(), error)) {
    return false;
  }
  *pixels = target.ReadPixels();
  return true;
}

}  // namespace animviewer
