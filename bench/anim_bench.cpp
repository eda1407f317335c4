// anim_bench: the runtime's per-frame costs for crowds of characters (run
// them with scripts/bench.sh; bench/README.md keeps the measured figures).
//
//   <rig>/sample_ltm/N        (a) sample Walking, local to model
//   <rig>/blend2_palette/N    (b) sample Walking and Running, blend 0.3/0.7,
//                                 local to model, skinning palette
//   <rig>/blend2_additive/N   (c) (b) plus an additive Lean_Left layer
//   <rig>/crossfade2/N        (d) CrossFadeController with two fading
//                                 targets, local to model, palette
//   <rig>/crossfade1/N        (e) as (d) with one fading target: a two-clip
//                                 cross-fade
//   <rig>/inertial/N          (f) as (d) with an inertialized transition
//                                 always running instead (one clip sampled;
//                                 a new one starts each 1.5 s, so the
//                                 offsets' recording is in the average)
//   <rig>/blend2_palette_parallel/N/T
//                             (b) with the characters split over T threads
//                                 (anim::ParallelFor through the
//                                 ParallelForJobs adapter); ns_per_character
//                                 is wall time here, to show the scaling
//   <rig>/crowd_animator/N/T  the same with the adapter's default rule that
//                                 crowds under 64 characters per thread run
//                                 inline (wall time); T = 1, 2, and 4, 8, 16
//                                 where the machine has that many cores
//   woman/import              LoadGltfModel of Woman.gltf
//   <rig>/graph_locomotion/N  the shipped locomotion graph, one shared
//                             definition and a GraphInstance per character
//                             through CrowdAnimator; <rig>/graph_alone/N a
//                             whole AnimationGraph per character
//                             (graph_bench.cpp)
//
// Every crowd case runs anim::CrowdAnimator, the runtime's crowd driver.
// <rig> is `woman` (../shared/assets/Woman.gltf beside the source tree,
// Woman.gltf from the Hands-On C++ Game Animation Programming samples (MIT),
// Walking/Running; skipped with a message when absent), `mannequin`
// (assets/mannequin.gltf, Walk/Run) or `user`, the rig named by
// ANIM_BENCH_RIG and ANIM_BENCH_CLIPS (user_rig.h). N characters each play
// at their own time (random offsets, fixed seed), 1/60 s steps, looping. The counter
// ns_per_character is the benchmark thread's CPU time per character per
// frame, single-threaded: CPU time rather than wall time because the shared
// machines we measure on are loaded, and on an idle machine the two agree.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "anim/core/parallel_jobs.h"
#include "anim/core/soa_dispatch.h"
#include "bench_crowd.h"
#include "import/gltf_importer.h"
#include "per_character_timing.h"
#include "user_rig.h"

namespace {

using anim_bench::Case;

using anim_bench::RigSource;

// The built-in rigs, then the user's (ANIM_BENCH_RIG, bench/user_rig.h).
const std::vector<RigSource>& Rigs() {
  static const std::vector<RigSource> rigs = [] {
    std::vector<RigSource> r = {
        {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf", "Walking", "Running", "Lean_Left", "Idle",
         ""},
        {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf", "Walk", "Run", "Lean_Left", "Idle",
         ""},
    };
    if (std::optional<RigSource> user = anim_bench::UserRigFromEnvironment()) r.push_back(*user);
    return r;
  }();
  return rigs;
}

// Loaded on first use and kept: loading is not what the crowd cases measure.
const anim_bench::Rig* GetRig(const RigSource& source, std::string* error) {
  static std::map<std::string, std::unique_ptr<anim_bench::Rig>> rigs;
  static std::map<std::string, std::string> errors;
  auto it = rigs.find(source.name);
  if (it == rigs.end()) {
    std::string e = source.error;
    if (e.empty() && !std::filesystem::exists(source.path)) {
      e = source.path + " not found; the " + source.name + " cases are skipped";
    }
    std::unique_ptr<anim_bench::Rig> rig;
    if (e.empty()) {
      rig = anim_bench::LoadRig(source, &e);
      if (rig == nullptr) e += "; the " + source.name + " cases are skipped";
    }
    errors[source.name] = e;
    it = rigs.emplace(source.name, std::move(rig)).first;
  }
  *error = errors[source.name];
  return it->second.get();
}

// The rig, or nullptr after marking the benchmark skipped with the reason.
const anim_bench::Rig* RigOrSkip(benchmark::State& state, const RigSource& source) {
  std::string error;
  const anim_bench::Rig* rig = GetRig(source, &error);
  if (rig == nullptr) state.SkipWithError(error.c_str());
  return rig;
}

void CrowdBenchmark(benchmark::State& state, const RigSource* source, Case c) {
  const anim_bench::Rig* rig = RigOrSkip(state, *source);
  if (rig == nullptr) return;
  const int count = static_cast<int>(state.range(0));
  anim_bench::Crowd crowd(*rig, c, count);
  anim_bench::TimePerCharacter(
      state, count, [&] { crowd.Frame(1.0f / 60.0f); }, [&] { return crowd.Checksum(); });
}

// The benchmark loop of the multi-threaded cases: `frame` once per
// iteration, ns_per_character from wall time (CPU time would add the
// threads up instead of showing the speed-up).
template <typename Frame>
void RunWallTimed(benchmark::State& state, int count, Frame&& frame) {
  const auto begin = std::chrono::steady_clock::now();
  for (auto _ : state) {
    frame();
    benchmark::ClobberMemory();
  }
  const std::chrono::duration<double, std::nano> elapsed = std::chrono::steady_clock::now() - begin;
  state.counters["ns_per_character"] =
      elapsed.count() / (static_cast<double>(state.iterations()) * count);
  state.SetItemsProcessed(state.iterations() * count);
}

// Case (b) on T threads through anim::ParallelFor's adapter: every
// character count split over the threads (blend2_palette_parallel), or with
// the adapter's default rule that a small crowd runs inline (crowd_animator).
void ParallelCrowdBenchmark(benchmark::State& state, const RigSource* source, int min_per_worker) {
  const anim_bench::Rig* rig = RigOrSkip(state, *source);
  if (rig == nullptr) return;
  const int count = static_cast<int>(state.range(0));
  anim::ParallelFor pool(static_cast<int>(state.range(1)));
  anim::ParallelForJobs jobs(pool, min_per_worker);
  anim_bench::Crowd crowd(*rig, Case::kBlend2Palette, count, jobs.WorkerCount());
  const float dt = 1.0f / 60.0f;
  crowd.Frame(dt, jobs);

  RunWallTimed(state, count, [&] { crowd.Frame(dt, jobs); });
  float checksum = crowd.Checksum();
  benchmark::DoNotOptimize(checksum);
}

void ImportBenchmark(benchmark::State& state, const RigSource* source) {
  if (!std::filesystem::exists(source->path)) {
    state.SkipWithError((source->path + " not found; import benchmark skipped").c_str());
    return;
  }
  for (auto _ : state) {
    anim::Model model;
    std::string error;
    if (!anim::LoadGltfModel(source->path, &model, &error)) {
      state.SkipWithError(error.c_str());
      return;
    }
    benchmark::DoNotOptimize(model.clips.data());
  }
}

void RegisterAll() {
  const std::pair<const char*, Case> cases[] = {
      {"sample_ltm", Case::kSampleLtm},           {"blend2_palette", Case::kBlend2Palette},
      {"blend2_additive", Case::kBlend2Additive}, {"crossfade2", Case::kCrossFade2},
      {"crossfade1", Case::kCrossFade1},          {"inertial", Case::kInertial},
  };
  for (const RigSource& rig : Rigs()) {
    for (const auto& [name, c] : cases) {
      benchmark::RegisterBenchmark((rig.name + "/" + name).c_str(), CrowdBenchmark, &rig, c)
          ->Arg(1)
          ->Arg(100)
          ->Arg(1000)
          ->Arg(10000)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  for (const RigSource& rig : Rigs()) {
    benchmark::RegisterBenchmark((rig.name + "/blend2_palette_parallel").c_str(),
                                 ParallelCrowdBenchmark, &rig, 1)
        ->ArgsProduct({{1000, 10000}, {1, 2}})
        ->UseRealTime()
        ->Unit(benchmark::kMicrosecond);
  }
  // 1 and 2 threads everywhere; 4, 8 and 16 where the machine has the cores.
  std::vector<std::int64_t> threads{1, 2};
  for (int t = 4; t <= 16 && t <= static_cast<int>(std::thread::hardware_concurrency()); t *= 2) {
    threads.push_back(t);
  }
  for (const RigSource& rig : Rigs()) {
    benchmark::RegisterBenchmark((rig.name + "/crowd_animator").c_str(), ParallelCrowdBenchmark,
                                 &rig, 64)
        ->ArgsProduct({{1, 1000, 10000}, threads})
        ->UseRealTime()
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("woman/import", ImportBenchmark, &Rigs()[0])
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
  // ANIM_BENCH_NARROW=1: the per-frame loops four lanes at a time even where
  // the processor has AVX (anim/core/soa_dispatch.h), to compare the widths.
  if (const char* narrow = std::getenv("ANIM_BENCH_NARROW"); narrow && std::string(narrow) == "1") {
    anim::soa::SetWideKernels(false);
  }
  benchmark::AddCustomContext("wide_kernels", anim::soa::WideKernels() ? "on (AVX)" : "off");
  RegisterAll();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
