// The shipped animation graphs per character per frame, registered into
// anim_bench beside the crowd cases (anim_bench.cpp lists them all):
//
//   <rig>/graph_locomotion/N  assets/graphs/<rig>_locomotion.json loaded
//                             once; its definition shared by N small
//                             anim::GraphInstance characters, all animated
//                             by anim::CrowdAnimator (one worker, like the
//                             other crowd cases): each frame the instance's
//                             Update (blend space, state machines, layers)
//                             with its scratch poses per worker, then local
//                             to model and the skinning palette, as case
//                             (b). speed is set so the locomotion blend
//                             space weighs walk 0.3 and run 0.7 (case (b)'s
//                             blend); the other parameters keep their
//                             defaults (the punch and lean layers at 0).
//   <rig>_compressed/graph_locomotion/N
//                             the same on compressed clips: the graph
//                             loaded with GraphClipOptions::compressed
//                             from an anim::CompressedClipSet of the
//                             model's clips (default tolerance, 0.1 mm),
//                             so every clip node samples its clip's
//                             compressed form, the decodings shared by
//                             the N characters and each character's
//                             contexts in its instance.
//   <rig>_compressed_sampled/graph_locomotion/N
//                             the same with the set's decodings made with
//                             anim::CompressedKeys::kSampled (every track
//                             at every sample, decoded once per clip): the
//                             clip nodes interpolate two rows instead of
//                             decoding keys.
//   <rig>/graph_alone/N       the same graph as N whole anim::AnimationGraph
//                             objects (each its own definition, instance,
//                             scratch and output: what the one-character
//                             API costs when used for a crowd), updated one
//                             after the other, palette as above.
//
// <rig> is `woman` (../shared/assets/Woman.gltf, skipped with a message when
// absent) or `mannequin`. N characters each start at their own time (a
// random first step from a fixed seed), then 1/60 s steps. The counter
// ns_per_character is the benchmark thread's CPU time per character per
// frame; bytes_per_character is the heap the characters took (malloc's
// count of bytes in use before and after making them, divided by N: the
// instances or graphs, not the shared model, nor the palettes).
#include <benchmark/benchmark.h>

#include <malloc.h>

#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "anim/core/local_to_model_jobs.h"
#include "anim/crowd/crowd_animator.h"
#include "anim/graph/animation_graph.h"
#include "anim/graph/graph_instance.h"
#include "anim/offline/compressed_clip_set.h"
#include "import/gltf_importer.h"
#include "import/graph_description.h"
#include "per_character_timing.h"

namespace {

struct GraphRig {
  const char* name;
  std::string model_path;
  std::string graph_path;
  // The speed (m/s) at which the graph's blend space weighs walk 0.3 and run
  // 0.7: 0.7 of the way from the walk's position to the run's (the woman
  // graph's positions; the mannequin's clips' extras.speed).
  float speed;
};

const GraphRig kGraphRigs[] = {
    {"woman", ANIM_SHARED_ASSETS_DIR "/Woman.gltf",
     ANIM_SOURCE_DIR "/assets/graphs/woman_locomotion.json", 1.2f + 0.7f * (3.2f - 1.2f)},
    {"mannequin", ANIM_SOURCE_DIR "/assets/mannequin.gltf",
     ANIM_SOURCE_DIR "/assets/graphs/mannequin_locomotion.json", 1.4f + 0.7f * (3.5f - 1.4f)},
};

// Models are loaded once and kept: loading is not what the case measures.
const anim::Model* LoadModelOnce(const GraphRig& rig, std::string* error) {
  struct Loaded {
    std::unique_ptr<anim::Model> model;
    std::string error;
  };
  static std::vector<std::pair<const GraphRig*, Loaded>> loaded;
  for (auto& [r, l] : loaded) {
    if (r == &rig) {
      *error = l.error;
      return l.model.get();
    }
  }
  Loaded l;
  if (!std::filesystem::exists(rig.model_path)) {
    l.error = rig.model_path + " not found; the " + rig.name + " graph cases are skipped";
  } else {
    auto model = std::make_unique<anim::Model>();
    if (anim::LoadGltfModel(rig.model_path, model.get(), &l.error)) l.model = std::move(model);
  }
  loaded.emplace_back(&rig, std::move(l));
  *error = loaded.back().second.error;
  return loaded.back().second.model.get();
}

// The rig's model, or null with the case skipped and the reason given.
const anim::Model* ModelOrSkip(benchmark::State& state, const GraphRig& rig) {
  std::string error;
  const anim::Model* model = LoadModelOnce(rig, &error);
  if (model == nullptr) state.SkipWithError(error.c_str());
  return model;
}

std::size_t HeapBytesInUse() { return mallinfo2().uordblks; }

// The rig's clips compressed (built when a graph's node first asks) and
// kept, as the models are: building them is not what the case measures.
anim::CompressedClipSet& CompressedClipsOf(const GraphRig& rig, const anim::Model& model) {
  static std::vector<std::pair<const GraphRig*, std::unique_ptr<anim::CompressedClipSet>>> sets;
  for (auto& [r, set] : sets) {
    if (r == &rig) return *set;
  }
  sets.emplace_back(&rig, std::make_unique<anim::CompressedClipSet>(model.clips, model.skeleton));
  return *sets.back().second;
}

// Each character's first step: its own random time into the clips.
std::vector<float> StartTimes(int count) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> start(0.0f, 2.0f);
  std::vector<float> times(count);
  for (float& t : times) t = start(random);
  return times;
}

// Raw clips, or compressed ones with their decodings of one kind.
enum class GraphClips { kRaw, kCompressed };

void GraphCrowd(benchmark::State& state, const GraphRig* rig, GraphClips kind,
                anim::CompressedKeys keys = anim::CompressedKeys::kCoded) {
  std::string error;
  const anim::Model* model = ModelOrSkip(state, *rig);
  if (model == nullptr) return;
  const int count = static_cast<int>(state.range(0));
  const anim::Skeleton& skeleton = model->skeleton;
  // The definition, loaded once and shared (the loader's one-character
  // graph owns it and is otherwise unused here).
  anim::GraphClipOptions clips;
  if (kind != GraphClips::kRaw) {
    anim::CompressedClipSet& set = CompressedClipsOf(*rig, *model);
    clips.compressed = [&set, keys](const anim::Clip& clip) { return set.For(clip, keys); };
  }
  const auto loaded = anim::LoadAnimationGraph(rig->graph_path, *model, &error, clips);
  if (loaded == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const anim::GraphDefinition& definition = loaded->Definition();
  const int speed = definition.Params().Find("speed");
  const std::size_t heap_before = HeapBytesInUse();
  std::vector<anim::GraphInstance> instances;
  instances.reserve(count);
  for (int i = 0; i < count; ++i) {
    std::optional<anim::GraphInstance> instance = anim::GraphInstance::Create(definition, &error);
    if (!instance) {
      state.SkipWithError(error.c_str());
      return;
    }
    instance->Params().Set(speed, rig->speed);
    instances.push_back(std::move(*instance));
  }
  const double bytes = static_cast<double>(HeapBytesInUse() - heap_before);
  anim::CrowdAnimator animator(skeleton, 1);
  if (!animator.PrepareGraphs(definition, &error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  const std::size_t joints = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> palettes(joints * count);
  std::vector<anim::CrowdCharacter> characters(count);
  const std::vector<float> starts = StartTimes(count);
  for (int i = 0; i < count; ++i) {
    characters[i].graph = &instances[i];
    characters[i].palette = std::span(palettes).subspan(i * joints, joints);
    animator.Update(std::span(characters).subspan(i, 1), starts[i]);
  }
  const float dt = 1.0f / 60.0f;
  auto frame = [&] { animator.Update(characters, dt); };
  anim_bench::TimePerCharacter(state, count, frame, [&] { return palettes.back()[3][0]; });
  state.counters["bytes_per_character"] = bytes / count;
}

void GraphCrowdBenchmark(benchmark::State& state, const GraphRig* rig) {
  GraphCrowd(state, rig, GraphClips::kRaw);
}
void CompressedGraphCrowdBenchmark(benchmark::State& state, const GraphRig* rig) {
  GraphCrowd(state, rig, GraphClips::kCompressed, anim::CompressedKeys::kCoded);
}
void SampledGraphCrowdBenchmark(benchmark::State& state, const GraphRig* rig) {
  GraphCrowd(state, rig, GraphClips::kCompressed, anim::CompressedKeys::kSampled);
}

void GraphAloneBenchmark(benchmark::State& state, const GraphRig* rig) {
  std::string error;
  const anim::Model* model = ModelOrSkip(state, *rig);
  if (model == nullptr) return;
  const int count = static_cast<int>(state.range(0));
  const anim::Skeleton& skeleton = model->skeleton;
  const std::size_t heap_before = HeapBytesInUse();
  std::vector<std::unique_ptr<anim::AnimationGraph>> graphs;
  graphs.reserve(count);
  const std::vector<float> starts = StartTimes(count);
  for (int i = 0; i < count; ++i) {
    auto graph = anim::LoadAnimationGraph(rig->graph_path, *model, &error);
    if (graph == nullptr) {
      state.SkipWithError(error.c_str());
      return;
    }
    graph->Params().Set("speed", rig->speed);
    graph->Update(starts[i]);  // each character at its own time
    graphs.push_back(std::move(graph));
  }
  const double bytes = static_cast<double>(HeapBytesInUse() - heap_before);
  const std::size_t joints = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> model_scratch(joints);
  std::vector<glm::mat4> palettes(joints * count);
  const float dt = 1.0f / 60.0f;
  auto frame = [&] {
    for (int i = 0; i < count; ++i) {
      anim::AnimationGraph& graph = *graphs[i];
      graph.Update(dt);
      anim::ComputePalette(skeleton, graph.SoaOutput(), model_scratch,
                           std::span(palettes).subspan(i * joints, joints));
    }
  };
  anim_bench::TimePerCharacter(state, count, frame, [&] { return palettes.back()[3][0]; });
  state.counters["bytes_per_character"] = bytes / count;
}

bool RegisterGraphBenchmarks() {
  for (const GraphRig& rig : kGraphRigs) {
    using Case = void (*)(benchmark::State&, const GraphRig*);
    const std::pair<const char*, Case> cases[] = {
        {"/graph_locomotion", GraphCrowdBenchmark},
        {"_compressed/graph_locomotion", CompressedGraphCrowdBenchmark},
        {"_compressed_sampled/graph_locomotion", SampledGraphCrowdBenchmark},
        {"/graph_alone", GraphAloneBenchmark}};
    for (const auto& [name, run] : cases) {
      benchmark::RegisterBenchmark((std::string(rig.name) + name).c_str(), run, &rig)
          ->Arg(1)
          ->Arg(100)
          ->Arg(1000)
          ->Arg(10000)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  return true;
}

const bool kGraphBenchRegistered = RegisterGraphBenchmarks();

}  // namespace
