// The crowd renderer: the instanced GPU-skinning path and the CPU-skinning
// path draw the same picture, each instance reads its own palette and
// world matrix, and bad inputs are refused with a message.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/skeleton.h"
#include "anim/offline/pose.h"
#include "import/gltf_importer.h"
#include "regress/image_compare.h"
#include "render/crowd_renderer.h"
#include "render/headless_context.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"
#include "test_scene.h"
#include "tests/support/pose_sampling.h"

namespace {

using render::SkinningPath;
using render_test::PixelAt;
using render_test::Rgb;

constexpr int kSize = 96;
const glm::vec4 kRed(1.0f, 0.0f, 0.0f, 1.0f);

bool Red(Rgb c) { return c.r > 60 && c.g < 8 && c.b < 8; }
bool Background(Rgb c) { return c.g > 30 && c.b > 30; }

glm::mat4 Translate(float x, float y) {
  return glm::translate(glm::mat4(1.0f), glm::vec3(x, y, 0.0f));
}

class CrowdRendererTest : public render_test::RendererTest<render::CrowdRenderer> {
 protected:
  // Clears to the scene's background and draws the crowd; RGBA rows bottom-up.
  std::vector<std::uint8_t> Render(render::CrowdInputs crowd, SkinningPath path, int width = kSize,
                                   int height = kSize) {
    render::OffscreenTarget target;
    std::string error;
    EXPECT_TRUE(target.Create(width, height, 4, &error)) << error;
    target.Bind();
    glClearColor(0.17f, 0.18f, 0.21f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    crowd.path = path;
    crowd.show_grid = false;
    crowd.shading = render::Shading::kFlat;  // these tests are about where the bars land
    render::CrowdTimings timings;
    EXPECT_TRUE(renderer_.Draw(crowd, render::Lighting{}, &timings, &error)) << error;
    EXPECT_GE(timings.frame, timings.upload);
    EXPECT_GE(timings.frame, timings.skinning);
    return target.ReadPixels();
  }
};

regress::Rgba8Image AsImage(const std::vector<std::uint8_t>& pixels, int width, int height) {
  return {width, height, pixels};
}

// Three bars side by side, one per instance (world matrices at x = -0.6, 0,
// 0.6); each bar is weighted 0.7 / 0.3 on joints 0 and 1.
struct ThreeBars {
  anim::Model model = render_test::ModelWith(
      2, render_test::Quad(-0.1f, -0.3f, 0.1f, 0.3f, {0, 1, 0, 0}, {0.7f, 0.3f, 0, 0}), kRed);
  std::vector<glm::mat4> palettes = std::vector<glm::mat4>(6, glm::mat4(1.0f));
  std::vector<glm::mat4> worlds = {Translate(-0.6f, 0.0f), Translate(0.0f, 0.0f),
                                   Translate(0.6f, 0.0f)};
  render::CrowdInputs Inputs() const {
    render::CrowdInputs in;
    in.joint_count = 2;
    in.palettes = palettes;
    in.worlds = worlds;
    return in;
  }
};

TEST_F(CrowdRendererTest, EachInstanceIsPlacedByItsWorldMatrix) {
  ThreeBars bars;
  Load(bars.model);
  for (SkinningPath path : {SkinningPath::kGpu, SkinningPath::kCpu}) {
    const auto pixels = Render(bars.Inputs(), path);
    for (float x : {-0.6f, 0.0f, 0.6f}) EXPECT_TRUE(Red(PixelAt(pixels, kSize, x, 0.0f))) << x;
    for (float x : {-0.3f, 0.3f}) EXPECT_TRUE(Background(PixelAt(pixels, kSize, x, 0.0f))) << x;
    EXPECT_TRUE(Background(PixelAt(pixels, kSize, 0.0f, 0.6f)));
  }
}

TEST_F(CrowdRendererTest, OnlyInstanceKMovesWhenOnlyItsPaletteChanges) {
  ThreeBars bars;
  Load(bars.model);
  for (SkinningPath path : {SkinningPath::kGpu, SkinningPath::kCpu}) {
    const auto before = Render(bars.Inputs(), path);
    // Instance 1's joint 1 moves up by 1: its vertices (weight 0.3) move up
    // by 0.3, so the bar spans y in [0, 0.6] instead of [-0.3, 0.3].
    bars.palettes[3] = Translate(0.0f, 1.0f);
    const auto after = Render(bars.Inputs(), path);
    bars.palettes[3] = glm::mat4(1.0f);
    EXPECT_TRUE(Red(PixelAt(after, kSize, 0.0f, 0.5f)));
    EXPECT_TRUE(Background(PixelAt(after, kSize, 0.0f, -0.2f)));
    EXPECT_TRUE(Background(PixelAt(before, kSize, 0.0f, 0.5f)));
    // Every changed pixel lies in instance 1's column (|x| < 0.3 in NDC).
    int changed = 0;
    for (int y = 0; y < kSize; ++y) {
      for (int x = 0; x < kSize; ++x) {
        const std::size_t i = (static_cast<std::size_t>(y) * kSize + x) * 4;
        if (std::equal(&before[i], &before[i] + 4, &after[i])) continue;
        ++changed;
        const float ndc_x = (x + 0.5f) / kSize * 2.0f - 1.0f;
        EXPECT_LT(std::abs(ndc_x), 0.3f) << "pixel " << x << "," << y << " changed";
      }
    }
    EXPECT_GT(changed, 50);
  }
}

TEST_F(CrowdRendererTest, InstancedAndCpuSkinningDrawTheSameBars) {
  ThreeBars bars;
  Load(bars.model);
  // A different bend per instance, including rotations, so the per-vertex
  // blend of two matrices matters.
  bars.palettes = {glm::rotate(glm::mat4(1.0f), 0.4f, glm::vec3(0, 0, 1)),
                   Translate(0.1f, 0.2f),
                   Translate(0.0f, -0.1f),
                   glm::rotate(glm::mat4(1.0f), -0.8f, glm::vec3(0, 0, 1)),
                   glm::rotate(glm::mat4(1.0f), 0.7f, glm::vec3(1, 1, 0)),
                   Translate(-0.2f, 0.0f)};
  const auto gpu = Render(bars.Inputs(), SkinningPath::kGpu);
  const auto cpu = Render(bars.Inputs(), SkinningPath::kCpu);
  const auto result = regress::Compare(AsImage(gpu, kSize, kSize), AsImage(cpu, kSize, kSize),
                                       regress::Tolerance{});
  EXPECT_TRUE(result.passed) << result.differing_pixels << " pixels differ, worst "
                             << result.max_channel_difference;
}

// A morph target lifting the bar by 0.3, drawn with a weight per instance
// (0, 1, 0.5): instance 1's bar spans y in [0, 0.6], instance 2's
// [-0.15, 0.45], instance 0's stays; both paths draw the same picture.
TEST_F(CrowdRendererTest, EachInstanceShowsItsOwnMorphWeights) {
  ThreeBars bars;
  anim::MeshPrimitive& bar = bars.model.primitives[0];
  bar.morph_targets.push_back(
      {std::vector<glm::vec3>(bar.positions.size(), glm::vec3(0.0f, 0.3f, 0.0f)), {}});
  bar.morph_channel = 0;
  anim::MorphChannel channel;
  channel.target_names = {"lift"};
  channel.default_weights = {0.0f};
  bars.model.morph_channels.push_back(channel);
  Load(bars.model);
  const std::vector<float> weights = {0.0f, 1.0f, 0.5f};
  render::CrowdInputs in = bars.Inputs();
  in.morph_weights = weights;
  const auto gpu = Render(in, SkinningPath::kGpu);
  const auto cpu = Render(in, SkinningPath::kCpu);
  for (const auto* pixels : {&gpu, &cpu}) {
    EXPECT_TRUE(Red(PixelAt(*pixels, kSize, 0.0f, 0.5f)));
    EXPECT_TRUE(Background(PixelAt(*pixels, kSize, 0.0f, -0.2f)));
    EXPECT_TRUE(Red(PixelAt(*pixels, kSize, 0.6f, 0.4f)));
    EXPECT_TRUE(Background(PixelAt(*pixels, kSize, 0.6f, -0.25f)));
    EXPECT_TRUE(Red(PixelAt(*pixels, kSize, -0.6f, -0.25f)));
    EXPECT_TRUE(Background(PixelAt(*pixels, kSize, -0.6f, 0.4f)));
  }
  const auto result = regress::Compare(AsImage(gpu, kSize, kSize), AsImage(cpu, kSize, kSize),
                                       regress::Tolerance{});
  EXPECT_TRUE(result.passed) << result.differing_pixels << " pixels differ";
  // A weight array of the wrong length is refused, not read past.
  const std::vector<float> short_weights = {1.0f};
  in.morph_weights = short_weights;
  std::string error;
  EXPECT_FALSE(renderer_.Draw(in, render::Lighting{}, nullptr, &error));
  EXPECT_NE(error.find("morph weights"), std::string::npos) << error;
}

TEST_F(CrowdRendererTest, InstancedAndCpuSkinningDrawTheSameMannequins) {
  anim::Model model;
  std::string error;
  ASSERT_TRUE(
      anim::LoadGltfModel(std::string(ANIM_SOURCE_DIR) + "/assets/mannequin.gltf", &model, &error))
      << error;
  Load(model);
  // Four mannequins in a row, each in Walk at its own time.
  const anim::Skeleton& skeleton = model.skeleton;
  const auto joints = static_cast<std::size_t>(skeleton.JointCount());
  const anim::Clip& walk = model.clips[model.FindClip("Walk")];
  std::vector<glm::mat4> palettes(4 * joints), scratch(joints), worlds;
  for (int k = 0; k < 4; ++k) {
    anim::Pose pose = anim::RestPoseOf(skeleton);
    test_support::SampleInto(walk, pose,
                             walk.StartTime() + 0.23f * static_cast<float>(k) * walk.Duration());
    anim::ComputePalette(skeleton, anim::SoaPose(pose), scratch,
                         std::span(palettes).subspan(k * joints, joints));
    worlds.push_back(glm::rotate(Translate(1.2f * static_cast<float>(k) - 1.8f, 0.0f),
                                 0.5f * static_cast<float>(k), glm::vec3(0, 1, 0)));
  }
  render::Bounds box;
  box.Extend(glm::vec3(-2.5f, 0.0f, -0.5f));
  box.Extend(glm::vec3(2.5f, 1.9f, 0.5f));
  render::OrbitCamera camera;
  camera.Frame(box, 2.0f);
  render::CrowdInputs in;
  in.view = camera.View();
  in.projection = camera.Projection(2.0f);
  in.joint_count = static_cast<int>(joints);
  in.palettes = palettes;
  in.worlds = worlds;
  // Both skinning methods: the instanced shader against the CPU reference.
  for (const anim::SkinningMethod method :
       {anim::SkinningMethod::kLinearBlend, anim::SkinningMethod::kDualQuaternion}) {
    in.skinning = method;
    const auto gpu = Render(in, SkinningPath::kGpu, 256, 128);
    const auto cpu = Render(in, SkinningPath::kCpu, 256, 128);
    // Not an empty picture: the mannequins cover a good part of it.
    long covered = 0;
    for (std::size_t i = 0; i < gpu.size(); i += 4)
      covered += gpu[i] > gpu[i + 2] + 40;  // orange wood
    EXPECT_GT(covered, 256 * 128 / 50);
    const auto result =
        regress::Compare(AsImage(gpu, 256, 128), AsImage(cpu, 256, 128), regress::Tolerance{});
    EXPECT_TRUE(result.passed) << anim::SkinningMethodName(method) << ": "
                               << result.differing_pixels << " pixels differ, worst "
                               << result.max_channel_difference;
  }
}

TEST_F(CrowdRendererTest, RefusesPalettesThatDoNotMatchTheInstances) {
  ThreeBars bars;
  Load(bars.model);
  render::CrowdInputs in = bars.Inputs();
  in.palettes = std::span(bars.palettes).first(5);  // 3 instances x 2 joints needs 6
  std::string error;
  EXPECT_FALSE(renderer_.Draw(in, render::Lighting{}, nullptr, &error));
  EXPECT_NE(error.find("5 palette matrices for 3 instances of 2 joints"), std::string::npos)
      << error;
}

}  // namespace
