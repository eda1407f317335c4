#include "test_scene.h"
#include "anim/offline/pose.h"

#include <string>

#include "render/offscreen_target.h"

namespace render_test {

anim::Skeleton FlatSkeleton(int joints) {
  std::vector<std::string> names;
  std::vector<anim::Transform> locals(static_cast<std::size_t>(joints));
  std::vector<int> parents(static_cast<std::size_t>(joints), -1);
  names.reserve(joints);
  for (int i = 0; i < joints; ++i) names.push_back("joint" + std::to_string(i));
  anim::Pose rest(locals, parents);
  return anim::SkeletonOf(
      names, rest, rest, std::vector<glm::mat4>(static_cast<std::size_t>(joints), glm::mat4(1.0f)));
}

anim::MeshPrimitive Quad(float x0, float y0, float x1, float y1, glm::u16vec4 joints,
                         glm::vec4 weights) {
  anim::MeshPrimitive p;
  p.positions = {{x0, y0, 0.0f}, {x1, y0, 0.0f}, {x1, y1, 0.0f}, {x0, y1, 0.0f}};
  p.normals.assign(4, glm::vec3(0.0f, 0.0f, 1.0f));
  p.texcoords = {{0.0f, 1.0f}, {1.0f, 1.0f}, {1.0f, 0.0f}, {0.0f, 0.0f}};
  p.joints.assign(4, joints);
  p.weights.assign(4, weights);
  p.indices = {0, 1, 2, 0, 2, 3};
  p.material = 0;
  return p;
}

anim::Model ModelWith(int joints, anim::MeshPrimitive primitive, glm::vec4 base_color) {
  anim::Model model;
  model.source_path = "test-model";
  model.skeleton = FlatSkeleton(joints);
  model.primitives.push_back(std::move(primitive));
  // Not glTF's default material (a rough metal): these tests are about
  // where pixels land, and flat shading (RenderPalette) ignores the rest.
  anim::Material material = anim::Material::Dielectric("test", 0.5f);
  material.base_color_factor = base_color;
  material.double_sided = true;
  model.materials.push_back(material);
  return model;
}

std::vector<std::uint8_t> RenderPalette(render::SceneRenderer& renderer,
                                        const std::vector<glm::mat4>& palette, int size,
                                        render::Shading shading, const glm::mat4& projection,
                                        std::span<const float> morph_weights,
                                        const render::ToneMap& tone_map) {
  render::OffscreenTarget target;
  std::string error;
  if (!target.Create(size, size, 4, &error)) return {};
  target.Bind();
  render::FrameInputs frame;
  frame.palette = palette;
  frame.viewport_height = size;
  frame.options.show_grid = false;
  frame.options.shading = shading;
  frame.options.tone_map = tone_map;
  frame.projection = projection;
  frame.morph_weights = morph_weights;
  if (!renderer.Draw(frame, &error)) return {};
  return target.ReadPixels();
}

Rgb PixelAt(const std::vector<std::uint8_t>& pixels, int size, float x, float y) {
  const int px = static_cast<int>((x * 0.5f + 0.5f) * static_cast<float>(size));
  const int py = static_cast<int>((y * 0.5f + 0.5f) * static_cast<float>(size));
  const std::size_t i = (static_cast<std::size_t>(py) * size + px) * 4;
  return {pixels[i], pixels[i + 1], pixels[i + 2]};
}

}  // namespace render_test
