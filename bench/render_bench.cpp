// The GPU crowd benchmarks, in anim_bench beside the CPU ones (they
// register themselves; run them with scripts/bench.sh --benchmark_filter=...):
//
//   <rig>/palette_upload_subdata/N   every palette of N characters (and their
//   <rig>/palette_upload_mapped/N    world matrices) into the crowd's one
//                                    texture buffer, by glBufferSubData or by
//                                    glMapBufferRange + memcpy, then glFinish
//   <rig>/crowd_frame_gpu/N          render::CrowdRenderer drawing N characters
//   <rig>/crowd_frame_cpu/N          at 640x360, instanced GPU skinning or CPU
//                                    skinning + vertex upload, finished
//   <rig>/crowd_frame_ratio/N        both in turn; counter gpu_over_cpu is the
//                                    GPU-skinned / CPU-skinned frame time
//   <rig>/crowd_vertex_ratio/N       the same with GL_RASTERIZER_DISCARD: only
//                                    skinning, upload and vertex work, the part
//                                    where the two paths differ (llvmpipe spends
//                                    most of a full frame setting up triangles)
//   <rig>/dq_palette                 CPU only, no GL: one character's palette
//   <rig>/dq_palette_packed          split into dual quaternions and stretches
//                                    (the CPU reference's input), or also packed
//                                    for the shaders (what a DQS frame uploads)
//   <rig>/cpu_skin_lbs               CPU only: every vertex of one character
//   <rig>/cpu_skin_dqs               skinned by linear blend, or by dual
//                                    quaternions (palette split included)
//
// All on the EGL headless context (Mesa llvmpipe on the build machines: the
// "GPU" is the CPU too, so read the figures as this machine's, not a real
// GPU's). Times are wall clock with glFinish, since the GL's work is what is
// measured; the palettes are fixed (animation is timed by the other cases).
// Every case is skipped with a message when no EGL context can be made.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "anim/core/local_to_model_jobs.h"
#include "anim/core/skeleton.h"
#include "import/gltf_importer.h"
#include "render/crowd_matrix_buffer.h"
#include "render/crowd_renderer.h"
#include "render/dual_quaternion_skinning.h"
#include "render/headless_context.h"
#include "render/offscreen_target.h"
#include "render/orbit_camera.h"

namespace {

using Clock = std::chrono::steady_clock;

struct RenderRig {
  const char* name;
  std::string path;
  const char* walk;
};

const RenderRig kRenderRigs[] = {
    {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf", "Walking"},
    {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf", "Walk"},
};

// One EGL context for the whole run, made on first use.
render::HeadlessContext* Context(std::string* error) {
  static std::string context_error;
  static std::unique_ptr<render::HeadlessContext> context =
      render::HeadlessContext::Create(&context_error);
  if (context == nullptr) *error = "no EGL context (" + context_error + "); GPU cases skipped";
  return context.get();
}

// A model and a crowd's worth of palettes (Walk at spread-out times) and
// world matrices on a grid, loaded once per rig.
struct CrowdData {
  anim::Model model;
  int joints = 0;
  std::vector<glm::mat4> palettes;  // kMaxCount x joints
  std::vector<glm::mat4> worlds;    // kMaxCount
  static constexpr int kMaxCount = 1000;
};

const CrowdData* Data(const RenderRig& rig, std::string* error) {
  static std::map<std::string, std::unique_ptr<CrowdData>> loaded;
  static std::map<std::string, std::string> errors;
  if (!loaded.count(rig.name)) {
    auto data = std::make_unique<CrowdData>();
    std::string e;
    if (!std::filesystem::exists(rig.path)) {
      e = rig.path + " not found; the " + rig.name + " cases are skipped";
    } else if (anim::LoadGltfModel(rig.path, &data->model, &e)) {
      const anim::Skeleton& skeleton = data->model.skeleton;
      const int clip = data->model.FindClip(rig.walk);
      data->joints = skeleton.JointCount();
      const auto joints = static_cast<std::size_t>(data->joints);
      data->palettes.resize(CrowdData::kMaxCount * joints);
      std::vector<glm::mat4> scratch(joints);
      anim::SoaPose pose = skeleton.RestPose();
      for (int k = 0; k < CrowdData::kMaxCount; ++k) {
        pose.CopyFrom(skeleton.RestPose());
        if (clip >= 0) {
          const anim::Clip& walk = data->model.clips[clip];
          walk.Sample(pose, walk.TimeAtPhase(static_cast<float>(k % 97) / 97.0f));
        }
        anim::ComputePalette(skeleton, pose, scratch,
                             std::span(data->palettes).subspan(k * joints, joints));
        const int row = k / 32;  // 32 characters a row
        const int column = k % 32;
        data->worlds.push_back(glm::translate(
            glm::mat4(1.0f), glm::vec3(static_cast<float>(column), 0.0f, static_cast<float>(row))));
      }
    }
    errors[rig.name] = e;
    loaded[rig.name] = e.empty() ? std::move(data) : nullptr;
  }
  *error = errors[rig.name];
  return loaded[rig.name].get();
}

// The rig's data, or null with the case skipped for the reason (CPU-only
// cases: no EGL context needed).
const CrowdData* DataOrSkip(benchmark::State& state, const RenderRig& rig) {
  std::string error;
  const CrowdData* data = Data(rig, &error);
  if (data == nullptr) state.SkipWithError(error.c_str());
  return data;
}

void PaletteUpload(benchmark::State& state, const RenderRig* rig, render::UploadMethod method) {
  std::string error;
  const CrowdData* data = Data(*rig, &error);
  if (data == nullptr || Context(&error) == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  const auto palettes =
      std::span(data->palettes).first(count * static_cast<std::size_t>(data->joints));
  const auto worlds = std::span(data->worlds).first(count);
  render::CrowdMatrixBuffer buffer;
  if (!buffer.Upload(palettes, worlds, method, &error)) {  // sizes the buffer
    state.SkipWithError(error.c_str());
    return;
  }
  glFinish();
  double total = 0.0;
  for (auto _ : state) {
    const Clock::time_point start = Clock::now();
    buffer.Upload(palettes, worlds, method, &error);
    glFinish();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    total += seconds;
    state.SetIterationTime(seconds);
  }
  state.counters["ns_per_character"] =
      total * 1e9 / (static_cast<double>(state.iterations()) * count);
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(palettes.size_bytes() + worlds.size_bytes()));
}

// A renderer and target set up for `rig`'s crowd of `count` characters.
struct CrowdScene {
  render::CrowdRenderer renderer;
  render::OffscreenTarget target;
  render::CrowdInputs inputs;

  bool Make(const CrowdData& data, int count, std::string* error) {
    if (!renderer.Init(error) || !renderer.SetModel(data.model, error) ||
        !target.Create(640, 360, 4, error)) {
      return false;
    }
    render::Bounds box;
    box.Extend(glm::vec3(-1.0f, 0.0f, -1.0f));
    box.Extend(glm::vec3(std::min(count, 32), 2.0f, (count + 31) / 32));
    render::OrbitCamera camera;
    camera.Frame(box, 640.0f / 360.0f);
    inputs.view = camera.View();
    inputs.projection = camera.Projection(640.0f / 360.0f);
    inputs.joint_count = data.joints;
    inputs.palettes = std::span(data.palettes).first(count * static_cast<std::size_t>(data.joints));
    inputs.worlds = std::span(data.worlds).first(count);
    inputs.grid_bounds = box;
    return true;
  }
  // One finished frame; seconds. `rasterize` false discards every
  // primitive after the vertex stage (GL_RASTERIZER_DISCARD), which leaves
  // skinning, upload and vertex work: what differs between the paths.
  double Frame(render::SkinningPath path, bool rasterize = true) {
    target.Bind();
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    inputs.path = path;
    render::CrowdTimings timings;
    std::string error;
    if (!rasterize) glEnable(GL_RASTERIZER_DISCARD);
    renderer.Draw(inputs, render::Lighting{}, &timings, &error);
    glDisable(GL_RASTERIZER_DISCARD);
    return timings.frame;
  }
};

// Sets `scene` up for the benchmark's crowd size; false (case skipped with
// the reason) without the rig or an EGL context.
bool MakeScene(benchmark::State& state, const RenderRig& rig, CrowdScene* scene) {
  std::string error;
  const CrowdData* data = Data(rig, &error);
  if (data == nullptr || Context(&error) == nullptr ||
      !scene->Make(*data, static_cast<int>(state.range(0)), &error)) {
    state.SkipWithError(error.c_str());
    return false;
  }
  return true;
}

void CrowdFrame(benchmark::State& state, const RenderRig* rig, render::SkinningPath path) {
  CrowdScene scene;
  if (!MakeScene(state, *rig, &scene)) return;
  const int count = static_cast<int>(state.range(0));
  scene.Frame(path);  // first use: buffers sized, shaders warmed
  double total = 0.0;
  for (auto _ : state) {
    const double seconds = scene.Frame(path);
    total += seconds;
    state.SetIterationTime(seconds);
  }
  state.counters["ms_per_frame"] = total * 1e3 / static_cast<double>(state.iterations());
  state.counters["ns_per_character"] =
      total * 1e9 / (static_cast<double>(state.iterations()) * count);
}

// GPU and CPU skinning alternate in one renderer, so both see the same load
// on a shared machine; the ratio is of their mean frame times.
void CrowdFrameRatio(benchmark::State& state, const RenderRig* rig, bool rasterize) {
  CrowdScene scene;
  if (!MakeScene(state, *rig, &scene)) return;
  scene.Frame(render::SkinningPath::kGpu, rasterize);
  scene.Frame(render::SkinningPath::kCpu, rasterize);
  double gpu = 0.0, cpu = 0.0;
  for (auto _ : state) {
    const double g = scene.Frame(render::SkinningPath::kGpu, rasterize);
    const double c = scene.Frame(render::SkinningPath::kCpu, rasterize);
    gpu += g;
    cpu += c;
    state.SetIterationTime(g + c);
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["gpu_ms"] = gpu * 1e3 / n;
  state.counters["cpu_ms"] = cpu * 1e3 / n;
  state.counters["gpu_over_cpu"] = cpu > 0.0 ? gpu / cpu : 0.0;
}

// One character's palette (the first of the crowd's) split for dual-quaternion
// skinning, and optionally packed for the GPU. CPU time, ns per character.
void DualQuaternionPalette(benchmark::State& state, const RenderRig* rig, bool packed) {
  const CrowdData* data = DataOrSkip(state, *rig);
  if (data == nullptr) return;
  const std::span<const glm::mat4> palette(data->palettes.data(), data->joints);
  std::vector<anim::DualQuaternionJoint> split(palette.size());
  std::vector<glm::mat4> gpu;
  for (auto _ : state) {
    if (packed) {
      render::PackDualQuaternionPalette(palette, &gpu);
      benchmark::DoNotOptimize(gpu.data());
    } else {
      anim::BuildDualQuaternionPalette(palette, split);
      benchmark::DoNotOptimize(split.data());
    }
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_character"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["joints"] = data->joints;
}

// Every primitive of one character skinned on the CPU from the crowd's
// first palette by `method` (dual quaternions: the palette split included,
// as the crowd's CPU path does per character). CPU time.
void CpuSkinCharacter(benchmark::State& state, const RenderRig* rig, anim::SkinningMethod method) {
  const CrowdData* data = DataOrSkip(state, *rig);
  if (data == nullptr) return;
  const std::span<const glm::mat4> palette(data->palettes.data(), data->joints);
  std::size_t vertices = 0, most = 0;
  for (const anim::MeshPrimitive& p : data->model.primitives) {
    vertices += p.positions.size();
    most = std::max(most, p.positions.size());
  }
  std::vector<render::SkinnedVertex> out(most);
  std::vector<anim::DualQuaternionJoint> scratch;
  for (auto _ : state) {
    for (const anim::MeshPrimitive& p : data->model.primitives) {
      render::SkinPrimitiveWith(method, p, palette, &scratch,
                                std::span(out).first(p.positions.size()));
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["us_per_character"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * 1e-6,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["ns_per_vertex"] =
      benchmark::Counter(static_cast<double>(state.iterations() * vertices) * 1e-9,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["vertices"] = static_cast<double>(vertices);
}

bool RegisterRenderBenchmarks() {
  for (const RenderRig& rig : kRenderRigs) {
    const std::string prefix = std::string(rig.name) + "/";
    benchmark::RegisterBenchmark((prefix + "palette_upload_subdata").c_str(), PaletteUpload, &rig,
                                 render::UploadMethod::kSubData)
        ->Arg(1)
        ->Arg(100)
        ->Arg(1000)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "palette_upload_mapped").c_str(), PaletteUpload, &rig,
                                 render::UploadMethod::kMapped)
        ->Arg(1)
        ->Arg(100)
        ->Arg(1000)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "crowd_frame_gpu").c_str(), CrowdFrame, &rig,
                                 render::SkinningPath::kGpu)
        ->Arg(100)
        ->Arg(1000)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "crowd_frame_cpu").c_str(), CrowdFrame, &rig,
                                 render::SkinningPath::kCpu)
        ->Arg(100)
        ->Arg(1000)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "crowd_frame_ratio").c_str(), CrowdFrameRatio, &rig,
                                 true)
        ->Arg(100)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "crowd_vertex_ratio").c_str(), CrowdFrameRatio, &rig,
                                 false)
        ->Arg(100)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((prefix + "dq_palette").c_str(), DualQuaternionPalette, &rig,
                                 false);
    benchmark::RegisterBenchmark((prefix + "dq_palette_packed").c_str(), DualQuaternionPalette,
                                 &rig, true);
    benchmark::RegisterBenchmark((prefix + "cpu_skin_lbs").c_str(), CpuSkinCharacter, &rig,
                                 anim::SkinningMethod::kLinearBlend)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "cpu_skin_dqs").c_str(), CpuSkinCharacter, &rig,
                                 anim::SkinningMethod::kDualQuaternion)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}

// Registered before main() runs, next to anim_bench.cpp's own cases.
const bool kRenderBenchRegistered = RegisterRenderBenchmarks();

}  // namespace
