// Retargeting per character per frame and per clip, between the two
// characters the project has (LoadOnce: Woman.gltf and the mannequin):
//
//   retarget/<source>_on_<target>/job          one RetargetJob::Run (the
//        source's model space, the transfer, the roots), feet not pinned
//   retarget/<source>_on_<target>/job_pinned   the same with the IK pass on
//        both feet (two two-bone solves)
//   retarget/<source>_on_<target>/bake         BakeRetargetedClip of the
//        source's walk (feet pinned), as --animations does per clip
//
// The source pose is the walk sampled at 0.4 s once; the job is what a
// frame costs after sampling. Times are the benchmark thread's CPU time;
// map_bytes and scratch_bytes are the memory a retargeted character holds.
#include <benchmark/benchmark.h>

#include <string>

#include "anim/offline/retarget_bake.h"
#include "anim/retarget/joint_mapping.h"
#include "anim/retarget/retarget_job.h"
#include "anim/retarget/retarget_map.h"
#include "model_once.h"

namespace {

using anim_bench::kBenchModels;

struct Pair {
  const anim_bench::BenchModel* source;
  const anim_bench::BenchModel* target;
  const char* walk;  // the source's walk
};

const Pair kPairs[] = {{&kBenchModels[0], &kBenchModels[1], "Walking"},
                       {&kBenchModels[1], &kBenchModels[0], "Walk"}};

// The pair's models and map, or false with the case skipped.
bool Prepare(benchmark::State& state, const Pair& pair, const anim::Model** source,
             const anim::Model** target, anim::RetargetMap* map) {
  std::string error;
  *source = anim_bench::LoadOnce(*pair.source, &error);
  if (*source != nullptr) *target = anim_bench::LoadOnce(*pair.target, &error);
  if (*source == nullptr || *target == nullptr ||
      !map->Build((*source)->skeleton, (*target)->skeleton,
                  anim::AutoMapJoints((*source)->skeleton, (*target)->skeleton),
                  anim::ReferenceMatch::kMatchSource, &error)) {
    state.SkipWithError(error.c_str());
    return false;
  }
  return true;
}

void Job(benchmark::State& state, const Pair* pair, bool pinned) {
  const anim::Model* source = nullptr;
  const anim::Model* target = nullptr;
  anim::RetargetMap map;
  if (!Prepare(state, *pair, &source, &target, &map)) return;
  anim::SoaPose source_pose, target_pose;
  source_pose.CopyFrom(source->skeleton.RestPose());
  target_pose.CopyFrom(target->skeleton.RestPose());
  source->clips[source->FindClip(pair->walk)].Sample(source_pose, 0.4f);
  anim::RetargetScratch scratch;
  scratch.Prepare(map);
  anim::RetargetJob job{&map, &source_pose, &target_pose, &scratch};
  job.pin_feet = pinned;
  for (auto _ : state) {
    job.Run();
    benchmark::DoNotOptimize(target_pose.Channel(0));
  }
  state.counters["joints"] = target->skeleton.JointCount();
  state.counters["map_bytes"] = static_cast<double>(map.ByteSize());
  state.counters["scratch_bytes"] = static_cast<double>(scratch.ByteSize());
}

void Bake(benchmark::State& state, const Pair* pair) {
  const anim::Model* source = nullptr;
  const anim::Model* target = nullptr;
  anim::RetargetMap map;
  if (!Prepare(state, *pair, &source, &target, &map)) return;
  anim::RetargetBakeOptions options;
  options.pin_feet = true;
  const anim::Clip& walk = source->clips[source->FindClip(pair->walk)];
  for (auto _ : state) {
    anim::Clip baked = anim::BakeRetargetedClip(walk, map, options);
    benchmark::DoNotOptimize(baked.Tracks().data());
  }
  state.counters["source_keys"] = static_cast<double>(walk.Tracks().front().rotation.KeyCount());
}

const bool kRetargetBenchRegistered = [] {
  for (const Pair& pair : kPairs) {
    const std::string name =
        std::string("retarget/") + pair.source->name + "_on_" + pair.target->name;
    benchmark::RegisterBenchmark((name + "/job").c_str(), Job, &pair, false);
    benchmark::RegisterBenchmark((name + "/job_pinned").c_str(), Job, &pair, true);
    benchmark::RegisterBenchmark((name + "/bake").c_str(), Bake, &pair)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
