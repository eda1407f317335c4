// The shipped animation graphs per character per frame, registered into
// anim_bench beside the crowd cases (anim_bench.cpp lists them all):
//
//   <rig>/graph_locomotion/N  assets/graphs/<rig>_locomotion.json loaded
//                             once per character; each frame the graph's
//                             Update (blend space, state machines, layers)
//                             then local to model and the skinning palette
//                             from its SoaOutput(), as case (b). speed is
//                             set so the locomotion blend space weighs walk
//                             0.3 and run 0.7 (case (b)'s blend); the other
//                             parameters keep their defaults (the punch and
//                             lean layers at weight 0).
//
// <rig> is `woman` (../shared/assets/Woman.gltf, skipped with a message when
// absent) or `mannequin`. N characters each start at their own time (a
// random first step from a fixed seed), then 1/60 s steps. The counter
// ns_per_character is the benchmark thread's CPU time per character per frame.
#include <benchmark/benchmark.h>

#include <ctime>
#include <filesystem>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "anim/graph/animation_graph.h"
#include "anim/skeleton.h"
#include "anim/soa_skeleton.h"
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

void GraphBenchmark(benchmark::State& state, const GraphRig* rig) {
  std::string error;
  const anim::Model* model = LoadModelOnce(*rig, &error);
  if (model == nullptr) {
    state.SkipWithError(error.c_str());
    return;
  }
  const int count = static_cast<int>(state.range(0));
  const anim::Skeleton& skeleton = model->skeleton;
  const anim::SoaSkeleton soa_skeleton(skeleton);
  std::vector<std::unique_ptr<anim::AnimationGraph>> graphs;
  graphs.reserve(count);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> start(0.0f, 2.0f);
  for (int i = 0; i < count; ++i) {
    auto graph = anim::LoadAnimationGraph(rig->graph_path, *model, &error);
    if (graph == nullptr) {
      state.SkipWithError(error.c_str());
      return;
    }
    graph->Params().Set("speed", rig->speed);
    graph->Update(start(random));  // each character at its own time
    graphs.push_back(std::move(graph));
  }
  const std::size_t joints = static_cast<std::size_t>(skeleton.JointCount());
  std::vector<glm::mat4> model_scratch(joints);
  std::vector<glm::mat4> palettes(joints * count);
  const float dt = 1.0f / 60.0f;
  auto frame = [&] {
    for (int i = 0; i < count; ++i) {
      anim::AnimationGraph& graph = *graphs[i];
      graph.Update(dt);
      anim::ComputePalette(soa_skeleton, graph.SoaOutput(), model_scratch,
                           std::span(palettes).subspan(i * joints, joints));
    }
  };
  anim_bench::TimePerCharacter(state, count, frame, [&] { return palettes.back()[3][0]; });
}

bool RegisterGraphBenchmarks() {
  for (const GraphRig& rig : kGraphRigs) {
    benchmark::RegisterBenchmark((std::string(rig.name) + "/graph_locomotion").c_str(),
                                 GraphBenchmark, &rig)
        ->Arg(1)
        ->Arg(100)
        ->Arg(1000)
        ->Arg(10000)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}

const bool kRegistered = RegisterGraphBenchmarks();

}  // namespace
